package dev.cellar.storage.fs;

import java.io.Closeable;
import java.io.EOFException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * An in-memory {@link Vfs}: the store's "no files" mode, and the base of fault-injecting tests.
 * A file's contents are the bytes written so far; {@link #unsyncedTail} lets a wrapper model
 * what a crash would lose.
 */
public final class MemVfs implements Vfs {
  private final ConcurrentSkipListMap<String, MemFile> files = new ConcurrentSkipListMap<>();
  private final Map<String, AtomicBoolean> locks = new ConcurrentHashMap<>();
  private final String name;

  public MemVfs() {
    this("memory");
  }

  public MemVfs(String name) {
    this.name = name;
  }

  /** The mutable contents of a file, shared by its writer and readers. */
  static final class MemFile {
    private byte[] data = new byte[256];
    private int size;
    private int synced;

    synchronized void append(byte[] b, int off, int len) {
      if (size + len > data.length) {
        data = Arrays.copyOf(data, Math.max(data.length * 2, size + len));
      }
      System.arraycopy(b, off, data, size, len);
      size += len;
    }

    synchronized void read(long pos, byte[] b, int off, int len, String path) throws EOFException {
      if (pos < 0 || pos + len > size) {
        throw new EOFException(path + ": wanted " + len + " bytes at offset " + pos + ", file has " + size);
      }
      System.arraycopy(data, (int) pos, b, off, len);
    }

    synchronized int size() {
      return size;
    }

    synchronized void markSynced() {
      synced = size;
    }

    synchronized byte[] snapshot() {
      return Arrays.copyOf(data, size);
    }

    synchronized void truncate(int n) {
      size = Math.min(size, n);
      synced = Math.min(synced, size);
    }

    synchronized void overwrite(byte[] contents) {
      data = Arrays.copyOf(contents, Math.max(16, contents.length));
      size = contents.length;
      synced = size;
    }
  }

  @Override
  public WritableFile create(String path) {
    MemFile f = new MemFile();
    files.put(path, f);
    return new WritableFile() {
      @Override
      public void write(byte[] b, int off, int len) {
        f.append(b, off, len);
      }

      @Override
      public void flush() {}

      @Override
      public void sync() {
        f.markSynced();
      }

      @Override
      public long size() {
        return f.size();
      }

      @Override
      public void close() {}
    };
  }

  @Override
  public ReadableFile open(String path) throws IOException {
    MemFile f = files.get(path);
    if (f == null) {
      throw new FileNotFoundException(name + ":" + path);
    }
    return new ReadableFile() {
      @Override
      public void readFully(long pos, byte[] b, int off, int len) throws IOException {
        f.read(pos, b, off, len, path);
      }

      @Override
      public long size() {
        return f.size();
      }

      @Override
      public String path() {
        return path;
      }

      @Override
      public void close() {}
    };
  }

  @Override
  public boolean exists(String path) {
    return files.containsKey(path);
  }

  @Override
  public List<String> list(String dir) {
    String prefix = dir.isEmpty() || dir.endsWith("/") ? dir : dir + "/";
    List<String> out = new ArrayList<>();
    for (String p : files.tailMap(prefix, true).keySet()) {
      if (!p.startsWith(prefix)) {
        break;
      }
      String rest = p.substring(prefix.length());
      int slash = rest.indexOf('/');
      String child = slash < 0 ? rest : rest.substring(0, slash);
      if (out.isEmpty() || !out.get(out.size() - 1).equals(child)) {
        out.add(child);
      }
    }
    return out;
  }

  @Override
  public void delete(String path) {
    files.remove(path);
  }

  @Override
  public void rename(String from, String to) throws IOException {
    MemFile f = files.remove(from);
    if (f == null) {
      throw new FileNotFoundException(name + ":" + from);
    }
    files.put(to, f);
  }

  @Override
  public void syncDirectory(String dir) {}

  @Override
  public Closeable lock(String path) throws IOException {
    AtomicBoolean held = locks.computeIfAbsent(path, k -> new AtomicBoolean());
    if (!held.compareAndSet(false, true)) {
      throw new IOException("store " + name + " is already open (lock " + path + " is held)");
    }
    return () -> held.set(false);
  }

  @Override
  public String describe() {
    return name;
  }

  /** Test hook: the current bytes of a file. */
  public byte[] contents(String path) throws IOException {
    MemFile f = files.get(path);
    if (f == null) {
      throw new FileNotFoundException(name + ":" + path);
    }
    return f.snapshot();
  }

  /** Test hook: replaces a file's bytes (to inject corruption). */
  public void setContents(String path, byte[] contents) {
    files.computeIfAbsent(path, k -> new MemFile()).overwrite(contents);
  }

  /** Test hook: drops, from every file, the bytes written since its last sync (a simulated power loss). */
  public void dropUnsynced() {
    for (MemFile f : files.values()) {
      synchronized (f) {
        f.truncate(f.synced);
      }
    }
  }
}
