package dev.cellar.storage.fs;

import dev.cellar.storage.fs.DurableNamespace.Inode;
import java.io.Closeable;
import java.io.EOFException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * An in-memory {@link Vfs} that produces the faults of real machines and disks, to test the
 * engine (and anything built on it) against them.
 *
 * <ul>
 *   <li><b>Power loss.</b> It records what is durable: each file's bytes up to its last
 *       {@code sync}, and each directory entry (a file created, renamed or deleted, a directory
 *       made) once {@link #syncDirectory} of its directory has run. {@link #crash} cuts the
 *       power: every later call fails. {@link #restart(Random)} then boots a new file system from
 *       what a disk may hold afterwards: every durable byte and entry; of the changes not yet
 *       durable, sometimes none, sometimes some of them (a prefix of the directory changes in the
 *       order they were made, as a journaling file system commits them, and a prefix of each
 *       file's unforced bytes), sometimes all (as after a crash of the process alone). A file
 *       whose directory entry, or whose directory's own entry, was not durable is gone.</li>
 *   <li><b>Crash points.</b> {@link #crashAfterMutations} cuts the power at the n-th call that
 *       changes the disk; {@link #crashAt} at the n-th time the engine reaches a
 *       {@link CrashPoint}.</li>
 *   <li><b>I/O errors.</b> {@link #failNth} makes the n-th call of one {@link Op kind} fail
 *       with an {@link IOException}.</li>
 *   <li><b>A full disk.</b> {@link #capacity(long)} limits the bytes all files may hold; a
 *       write past it stores what fits and fails with "No space left on device", and deleting
 *       files frees space.</li>
 * </ul>
 *
 * <p>Thread-safe (every call takes the instance's monitor).
 */
public final class FaultyVfs implements Vfs {
  /** Kinds of calls, for {@link #failNth} and {@link #calls}. */
  public enum Op {
    /** {@link Vfs#create}. */
    CREATE,
    /** {@link Vfs#open}. */
    OPEN,
    /** {@link ReadableFile#readFully}. */
    READ,
    /** {@link WritableFile#write}. */
    WRITE,
    /** {@link WritableFile#sync}. */
    SYNC,
    /** {@link Vfs#rename}. */
    RENAME,
    /** {@link Vfs#delete}. */
    DELETE,
    /** {@link Vfs#list}. */
    LIST,
    /** {@link ReadableFile#size}. */
    SIZE,
    /** {@link Vfs#syncDirectory}. */
    SYNC_DIR;

    /** Whether a call of this kind changes what is on the disk. */
    public boolean mutates() {
      return this == CREATE || this == WRITE || this == SYNC || this == RENAME || this == DELETE
          || this == SYNC_DIR;
    }
  }

  private final String name;
  private final TreeMap<String, Inode> files = new TreeMap<>();
  private final TreeSet<String> dirs = new TreeSet<>();
  private DurableNamespace durable = new DurableNamespace();
  private final Map<String, Boolean> locks = new HashMap<>();
  private final EnumMap<Op, Long> calls = new EnumMap<>(Op.class);
  private final EnumMap<Op, Long> failAt = new EnumMap<>(Op.class);
  private final EnumMap<CrashPoint, Long> reached = new EnumMap<>(CrashPoint.class);
  private long mutations;
  private long crashAtMutation = Long.MAX_VALUE;
  private CrashPoint crashPoint;
  private long crashPointAt;
  private long capacity = Long.MAX_VALUE;
  private long used;
  private String crashSite;

  /** A new, empty file system. */
  public FaultyVfs() {
    this("faulty");
  }

  /** A new, empty file system described as {@code name} in messages. */
  public FaultyVfs(String name) {
    this.name = name;
  }

  // ---- faults ----

  /** Cuts the power now: every later call fails, and {@link #restart} may follow. */
  public synchronized void crash() {
    crash("on request");
  }

  private void crash(String site) {
    if (crashSite == null) {
      crashSite = site + " (thread " + Thread.currentThread().getName() + ")";
    }
  }

  /** Whether the power has been cut. */
  public synchronized boolean crashed() {
    return crashSite != null;
  }

  /** Where the power was cut (the call or crash point, and the thread), or {@code null}. */
  public synchronized String crashSite() {
    return crashSite;
  }

  /** Cuts the power just before the {@code n}-th call (from now) that changes the disk. */
  public synchronized void crashAfterMutations(long n) {
    crashAtMutation = mutations + n;
  }

  /** Cuts the power when the engine reaches {@code point} for the {@code n}-th time (from now). */
  public synchronized void crashAt(CrashPoint point, long n) {
    crashPoint = point;
    crashPointAt = reached.getOrDefault(point, 0L) + n;
  }

  /** Makes the {@code n}-th call (from now, 1 = the next) of kind {@code op} fail with an I/O error. */
  public synchronized void failNth(Op op, long n) {
    failAt.put(op, calls.getOrDefault(op, 0L) + n);
  }

  /** Cancels every pending {@link #failNth} and crash point. */
  public synchronized void clearFaults() {
    failAt.clear();
    crashAtMutation = Long.MAX_VALUE;
    crashPoint = null;
  }

  /** Limits the bytes all files together may hold ({@link Long#MAX_VALUE}: no limit). */
  public synchronized void capacity(long bytes) {
    capacity = bytes;
  }

  /** Bytes all files hold now. */
  public synchronized long used() {
    return used;
  }

  /** Calls of kind {@code op} so far. */
  public synchronized long calls(Op op) {
    return calls.getOrDefault(op, 0L);
  }

  /** Times the engine has reached {@code point} on this file system. */
  public synchronized long timesReached(CrashPoint point) {
    return reached.getOrDefault(point, 0L);
  }

  /**
   * Boots a new file system from what the disk holds after the power cut (cutting it now if
   * that has not happened). {@code random} decides which changes that were not durable
   * survive, as the class comment describes.
   */
  public synchronized FaultyVfs restart(Random random) {
    crash("at restart");
    int mode = random.nextInt(10);
    // 0-3: nothing that was not durable survives; 4-8: some of it; 9: all of it.
    int keepChanges = mode < 4 ? 0 : mode == 9 ? durable.pendingCount() : random.nextInt(durable.pendingCount() + 1);
    return boot(keepChanges, inode -> mode < 4 ? inode.synced : mode == 9 ? inode.size
        : inode.synced + random.nextInt(inode.size - inode.synced + 1));
  }

  /** Boots a new file system holding only what was durable: the harshest outcome of a power loss. */
  public synchronized FaultyVfs restartAfterPowerLoss() {
    crash("at restart");
    return boot(0, inode -> inode.synced);
  }

  /** Boots a new file system holding everything written so far: a crash of the process, not of the machine. */
  public synchronized FaultyVfs restartProcess() {
    crash("at restart");
    return boot(durable.pendingCount(), inode -> inode.size);
  }

  private interface Keep {
    int bytes(Inode inode);
  }

  private FaultyVfs boot(int keepChanges, Keep keep) {
    DurableNamespace.Image image = durable.image(keepChanges);
    FaultyVfs next = new FaultyVfs(name);
    next.capacity = capacity;
    next.dirs.addAll(image.dirs());
    Map<Inode, Inode> copies = new IdentityHashMap<>();
    for (Map.Entry<String, Inode> e : image.files().entrySet()) {
      Inode copy = copies.computeIfAbsent(e.getValue(), i -> {
        Inode c = new Inode(Arrays.copyOf(i.data, keep.bytes(i)));
        next.used += c.size;
        return c;
      });
      copy.links++;
      next.files.put(e.getKey(), copy);
    }
    next.durable = DurableNamespace.of(next.files, next.dirs);
    return next;
  }

  // ---- test access to contents ----

  /** Every file's path, sorted. */
  public synchronized List<String> paths() {
    return new ArrayList<>(files.keySet());
  }

  /** A file's current bytes. */
  public synchronized byte[] contents(String path) throws IOException {
    Inode i = files.get(path);
    if (i == null) {
      throw new FileNotFoundException(name + ":" + path);
    }
    return Arrays.copyOf(i.data, i.size);
  }

  /** Replaces a file's bytes at once and durably (to inject corruption). */
  public synchronized void setContents(String path, byte[] contents) {
    Inode i = files.get(path);
    if (i == null) {
      throw new IllegalArgumentException("no file " + name + ":" + path);
    }
    used += contents.length - i.size;
    i.data = contents.clone();
    i.size = contents.length;
    i.synced = i.size;
  }

  // ---- Vfs ----

  private static String parent(String path) {
    return DurableNamespace.parent(path);
  }

  /** Counts a call and fails it if the power is off or a fault is due. Caller holds the monitor. */
  private void enter(Op op, String path) throws IOException {
    if (crashSite != null) {
      throw new IOException("power lost: " + name + " is down (" + op + " " + path + ")");
    }
    long n = calls.merge(op, 1L, Long::sum);
    Long due = failAt.get(op);
    if (due != null && due == n) {
      failAt.remove(op);
      throw new IOException("Input/output error (injected): " + op + " " + name + ":" + path);
    }
    if (op.mutates() && ++mutations >= crashAtMutation) {
      crashAtMutation = Long.MAX_VALUE;
      crash(op + " " + path);
      throw new IOException("power lost: " + name + " is down (" + op + " " + path + ")");
    }
  }

  private void mkdirs(String dir) {
    if (dir.isEmpty() || dirs.contains(dir)) {
      return;
    }
    mkdirs(parent(dir));
    dirs.add(dir);
    durable.mkdir(dir);
  }

  private void unlink(Inode i) {
    if (i != null && --i.links == 0) {
      used -= i.size;
    }
  }

  @Override
  public synchronized WritableFile create(String path) throws IOException {
    enter(Op.CREATE, path);
    mkdirs(parent(path));
    Inode inode = new Inode(new byte[0]);
    inode.links = 1;
    unlink(files.put(path, inode));
    durable.created(path, inode);
    return new Writer(path, inode);
  }

  private final class Writer implements WritableFile {
    private final String path;
    private final Inode inode;

    Writer(String path, Inode inode) {
      this.path = path;
      this.inode = inode;
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      synchronized (FaultyVfs.this) {
        enter(Op.WRITE, path);
        int room = (int) Math.min(len, Math.max(0, capacity - used));
        append(b, off, room);
        if (room < len) {
          throw new IOException("No space left on device: " + name + ":" + path + " (" + room + " of " + len
              + " bytes written)");
        }
      }
    }

    private void append(byte[] b, int off, int len) {
      if (inode.size + len > inode.data.length) {
        inode.data = Arrays.copyOf(inode.data, Math.max(inode.data.length * 2, Math.max(64, inode.size + len)));
      }
      System.arraycopy(b, off, inode.data, inode.size, len);
      inode.size += len;
      if (inode.links > 0) {
        used += len;
      }
    }

    @Override
    public void flush() throws IOException {
      synchronized (FaultyVfs.this) {
        if (crashSite != null) {
          throw new IOException("power lost: " + name + " is down (flush " + path + ")");
        }
      }
    }

    @Override
    public void sync() throws IOException {
      synchronized (FaultyVfs.this) {
        enter(Op.SYNC, path);
        inode.synced = inode.size;
      }
    }

    @Override
    public long size() {
      synchronized (FaultyVfs.this) {
        return inode.size;
      }
    }

    @Override
    public void close() {}
  }

  @Override
  public synchronized ReadableFile open(String path) throws IOException {
    enter(Op.OPEN, path);
    Inode inode = files.get(path);
    if (inode == null) {
      throw new FileNotFoundException(name + ":" + path);
    }
    return new ReadableFile() {
      @Override
      public void readFully(long pos, byte[] b, int off, int len) throws IOException {
        synchronized (FaultyVfs.this) {
          enter(Op.READ, path);
          if (pos < 0 || pos + len > inode.size) {
            throw new EOFException(path + ": wanted " + len + " bytes at offset " + pos + ", file has " + inode.size);
          }
          System.arraycopy(inode.data, (int) pos, b, off, len);
        }
      }

      @Override
      public long size() throws IOException {
        synchronized (FaultyVfs.this) {
          enter(Op.SIZE, path);
          return inode.size;
        }
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
  public synchronized boolean exists(String path) {
    return files.containsKey(path) || dirs.contains(path);
  }

  @Override
  public synchronized List<String> list(String dir) throws IOException {
    enter(Op.LIST, dir);
    String prefix = dir.isEmpty() ? "" : dir + "/";
    TreeSet<String> out = new TreeSet<>();
    for (String p : files.tailMap(prefix, true).keySet()) {
      if (!p.startsWith(prefix)) {
        break;
      }
      String rest = p.substring(prefix.length());
      int slash = rest.indexOf('/');
      out.add(slash < 0 ? rest : rest.substring(0, slash));
    }
    for (String d : dirs) {
      if (!d.equals(dir) && parent(d).equals(dir)) {
        out.add(d.substring(prefix.length()));
      }
    }
    return new ArrayList<>(out);
  }

  @Override
  public synchronized void delete(String path) throws IOException {
    enter(Op.DELETE, path);
    Inode inode = files.remove(path);
    if (inode != null) {
      unlink(inode);
      durable.deleted(path);
    }
  }

  @Override
  public synchronized void rename(String from, String to) throws IOException {
    enter(Op.RENAME, from);
    Inode inode = files.get(from);
    if (inode == null) {
      throw new FileNotFoundException(name + ":" + from);
    }
    mkdirs(parent(to));
    files.remove(from);
    Inode replaced = files.put(to, inode);
    if (replaced != inode) {
      unlink(replaced);
    }
    durable.renamed(from, to, inode);
  }

  @Override
  public synchronized void syncDirectory(String dir) throws IOException {
    enter(Op.SYNC_DIR, dir);
    if (!dir.isEmpty() && !dirs.contains(dir)) {
      throw new FileNotFoundException(name + ":" + dir + " (no such directory)");
    }
    durable.sync(dir);
  }

  @Override
  public synchronized Closeable lock(String path) throws IOException {
    if (crashSite != null) {
      throw new IOException("power lost: " + name + " is down (lock " + path + ")");
    }
    if (locks.putIfAbsent(path, Boolean.TRUE) != null) {
      throw new IOException("store " + name + " is already open (lock " + path + " is held)");
    }
    return () -> {
      synchronized (FaultyVfs.this) {
        locks.remove(path);
      }
    };
  }

  @Override
  public String describe() {
    return name;
  }

  @Override
  public synchronized void reached(CrashPoint point) {
    long n = reached.merge(point, 1L, Long::sum);
    if (point == crashPoint && n == crashPointAt && crashSite == null) {
      crashPoint = null;
      crash(point.name());
    }
  }
}
