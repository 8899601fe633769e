package dev.cellar.storage.fs;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The directory entries of a {@link FaultyVfs} disk that survive a power loss: those made
 * durable by a directory sync, and the changes (files created, renamed, deleted, directories
 * made) still pending, in the order they were made. Not thread-safe; {@link FaultyVfs} calls it
 * under its monitor.
 */
final class DurableNamespace {
  /** The contents of a file, shared by every directory entry and open handle naming it. */
  static final class Inode {
    byte[] data;
    int size;
    int synced;
    int links;

    Inode(byte[] contents) {
      data = contents;
      size = contents.length;
      synced = size;
    }
  }

  private enum Change { MKDIR, CREATE, DELETE, RENAME }

  /** A directory change not yet durable. */
  private record Pending(Change change, String path, String to, Inode inode) {
    boolean touches(String dir) {
      return parent(path).equals(dir) || (to != null && parent(to).equals(dir));
    }
  }

  /** What a disk holds after a power loss: files (path to inode) and directories. */
  record Image(TreeMap<String, Inode> files, TreeSet<String> dirs) {}

  private final Map<String, Inode> files = new HashMap<>();
  private final Set<String> dirs = new HashSet<>();
  private final List<Pending> pending = new ArrayList<>();

  static String parent(String path) {
    int slash = path.lastIndexOf('/');
    return slash < 0 ? "" : path.substring(0, slash);
  }

  /** A namespace whose every entry is durable. */
  static DurableNamespace of(Map<String, Inode> files, Set<String> dirs) {
    DurableNamespace n = new DurableNamespace();
    n.files.putAll(files);
    n.dirs.addAll(dirs);
    return n;
  }

  void mkdir(String dir) {
    pending.add(new Pending(Change.MKDIR, dir, null, null));
  }

  void created(String path, Inode inode) {
    pending.add(new Pending(Change.CREATE, path, null, inode));
  }

  void deleted(String path) {
    pending.add(new Pending(Change.DELETE, path, null, null));
  }

  void renamed(String from, String to, Inode inode) {
    pending.add(new Pending(Change.RENAME, from, to, inode));
  }

  /** Makes every pending change of entries in {@code dir} durable. */
  void sync(String dir) {
    for (Iterator<Pending> it = pending.iterator(); it.hasNext(); ) {
      Pending p = it.next();
      if (p.touches(dir)) {
        apply(p, files, dirs);
        it.remove();
      }
    }
  }

  /** Changes not yet durable. */
  int pendingCount() {
    return pending.size();
  }

  /**
   * The disk after a power loss that kept the first {@code keepChanges} pending changes: every
   * durable entry and those, less the files and directories in a directory that is itself gone.
   */
  Image image(int keepChanges) {
    Map<String, Inode> ns = new HashMap<>(files);
    Set<String> ds = new HashSet<>(dirs);
    for (int i = 0; i < keepChanges; i++) {
      apply(pending.get(i), ns, ds);
    }
    TreeSet<String> outDirs = new TreeSet<>();
    for (String d : ds) {
      if (reachable(d, ds)) {
        outDirs.add(d);
      }
    }
    TreeMap<String, Inode> outFiles = new TreeMap<>();
    for (Map.Entry<String, Inode> e : ns.entrySet()) {
      if (reachable(parent(e.getKey()), ds)) {
        outFiles.put(e.getKey(), e.getValue());
      }
    }
    return new Image(outFiles, outDirs);
  }

  private static boolean reachable(String dir, Set<String> ds) {
    for (String d = dir; !d.isEmpty(); d = parent(d)) {
      if (!ds.contains(d)) {
        return false;
      }
    }
    return true;
  }

  private static void apply(Pending p, Map<String, Inode> ns, Set<String> ds) {
    switch (p.change()) {
      case MKDIR -> ds.add(p.path());
      case CREATE -> ns.put(p.path(), p.inode());
      case DELETE -> ns.remove(p.path());
      case RENAME -> {
        ns.remove(p.path());
        ns.put(p.to(), p.inode());
      }
      default -> throw new AssertionError(p.change());
    }
  }
}
