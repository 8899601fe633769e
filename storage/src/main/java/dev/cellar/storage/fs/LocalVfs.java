package dev.cellar.storage.fs;

import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;

/** {@link Vfs} over one local directory, through {@link FileChannel}s. */
public final class LocalVfs implements Vfs {
  private final Path root;

  public LocalVfs(Path root) throws IOException {
    this.root = root.toAbsolutePath();
    Files.createDirectories(this.root);
  }

  public Path root() {
    return root;
  }

  private Path resolve(String path) {
    return root.resolve(path);
  }

  @Override
  public WritableFile create(String path) throws IOException {
    Path p = resolve(path);
    Files.createDirectories(p.getParent());
    FileChannel ch = FileChannel.open(p, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
        StandardOpenOption.TRUNCATE_EXISTING);
    return new LocalWritable(ch);
  }

  @Override
  public ReadableFile open(String path) throws IOException {
    Path p = resolve(path);
    return new LocalReadable(FileChannel.open(p, StandardOpenOption.READ), p.toString());
  }

  @Override
  public boolean exists(String path) {
    return Files.exists(resolve(path));
  }

  @Override
  public List<String> list(String dir) throws IOException {
    Path d = resolve(dir);
    if (!Files.isDirectory(d)) {
      return Collections.emptyList();
    }
    List<String> out = new ArrayList<>();
    try (Stream<Path> s = Files.list(d)) {
      s.forEach(p -> out.add(p.getFileName().toString()));
    }
    Collections.sort(out);
    return out;
  }

  @Override
  public void delete(String path) throws IOException {
    Files.deleteIfExists(resolve(path));
  }

  @Override
  public void rename(String from, String to) throws IOException {
    Path t = resolve(to);
    Files.createDirectories(t.getParent());
    try {
      Files.move(resolve(from), t, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(resolve(from), t, StandardCopyOption.REPLACE_EXISTING);
    }
  }

  @Override
  public void syncDirectory(String dir) throws IOException {
    Path d = resolve(dir);
    try (FileChannel ch = FileChannel.open(d, StandardOpenOption.READ)) {
      ch.force(true);
    } catch (IOException e) {
      // Some platforms cannot open directories; their renames are durable by other means.
      if (!Files.isDirectory(d)) {
        throw e;
      }
    }
  }

  @Override
  public Closeable lock(String path) throws IOException {
    Path p = resolve(path);
    FileChannel ch = FileChannel.open(p, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
    FileLock lock;
    try {
      lock = ch.tryLock();
    } catch (OverlappingFileLockException e) {
      lock = null;
    }
    if (lock == null) {
      ch.close();
      throw new IOException("store directory " + root + " is locked by another process or open store (" + p + ")");
    }
    FileLock held = lock;
    return () -> {
      try {
        held.release();
      } finally {
        ch.close();
      }
    };
  }

  @Override
  public String describe() {
    return root.toString();
  }

  private static final class LocalWritable implements WritableFile {
    private final FileChannel ch;
    private long size;

    LocalWritable(FileChannel ch) {
      this.ch = ch;
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      ByteBuffer buf = ByteBuffer.wrap(b, off, len);
      while (buf.hasRemaining()) {
        ch.write(buf);
      }
      size += len;
    }

    @Override
    public void flush() {
      // Writes go straight to the channel, so they are with the OS already.
    }

    @Override
    public void sync() throws IOException {
      ch.force(false);
    }

    @Override
    public long size() {
      return size;
    }

    @Override
    public void close() throws IOException {
      ch.close();
    }
  }

  private static final class LocalReadable implements ReadableFile {
    private final FileChannel ch;
    private final String path;

    LocalReadable(FileChannel ch, String path) {
      this.ch = ch;
      this.path = path;
    }

    @Override
    public void readFully(long pos, byte[] b, int off, int len) throws IOException {
      ByteBuffer buf = ByteBuffer.wrap(b, off, len);
      long p = pos;
      while (buf.hasRemaining()) {
        int n = ch.read(buf, p);
        if (n < 0) {
          throw new EOFException(path + ": wanted " + len + " bytes at offset " + pos + ", file has " + ch.size());
        }
        p += n;
      }
    }

    @Override
    public long size() throws IOException {
      return ch.size();
    }

    @Override
    public String path() {
      return path;
    }

    @Override
    public void close() throws IOException {
      ch.close();
    }
  }
}
