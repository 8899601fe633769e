package dev.cellar.storage.embedded;

import dev.cellar.storage.Cell;
import dev.cellar.storage.ColumnFamilyDescriptor;
import dev.cellar.storage.StorageException;
import dev.cellar.storage.fs.CrashPoint;
import dev.cellar.storage.fs.Vfs;
import dev.cellar.storage.memstore.MemStore;
import dev.cellar.storage.region.StoreFileHandle;
import dev.cellar.storage.sst.BlockCache;
import dev.cellar.storage.sst.StoreFileReader;
import dev.cellar.storage.sst.StoreFileWriter;
import java.io.IOException;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Names, writes, opens and deletes the store's files under {@code data/}. */
final class StoreFiles {
  private static final Logger LOG = LoggerFactory.getLogger(StoreFiles.class);
  static final String DIR = "data";
  static final String SUFFIX = ".sst";

  private final Vfs fs;
  private final BlockCache cache;
  private long nextFileNumber;
  /**
   * The files the last saved manifest lists ({@code null} until one is known): a file dropped
   * from the catalog in memory (by a compaction, a table drop) is still what a reopen would read
   * until a manifest without it is saved, so its deletion waits for that ({@link #deferred}).
   */
  private Set<Long> durablyListed;
  /** Obsolete files no reader holds, waiting for a saved manifest that does not list them. */
  private final Set<StoreFileHandle> deferred = new HashSet<>();
  /** Set when the store failed: what the manifest on disk lists is kept for the reopen. */
  private volatile boolean frozen;

  /** @param cache the store's block cache, or {@code null} for none */
  StoreFiles(Vfs fs, long nextFileNumber, BlockCache cache) {
    this.fs = fs;
    this.nextFileNumber = nextFileNumber;
    this.cache = cache;
  }

  BlockCache cache() {
    return cache;
  }

  private StoreFileReader openReader(String path, ColumnFamilyDescriptor family) throws IOException {
    BlockCache c = !family.blockCache() || cache == null ? null : family.inMemory() ? cache.forInMemoryFamilies() : cache;
    return StoreFileReader.open(fs.open(path), c);
  }

  static String path(long number) {
    return DIR + "/" + String.format("%016d", number) + SUFFIX;
  }

  synchronized long nextFileNumber() {
    return nextFileNumber;
  }

  private synchronized long allocate() {
    return nextFileNumber++;
  }

  /** Opens a file the manifest lists. */
  StoreFileHandle openExisting(long number, ColumnFamilyDescriptor family) throws IOException {
    StoreFileReader reader = openReader(path(number), family);
    return handle(number, reader);
  }

  private StoreFileHandle handle(long number, StoreFileReader reader) {
    return new StoreFileHandle(number, reader, this::released);
  }

  /** A file dropped from the catalog that no reader holds any more: deleted once no saved manifest lists it. */
  private void released(StoreFileHandle h) {
    h.closeReader();
    synchronized (this) {
      if (frozen || durablyListed == null || durablyListed.contains(h.fileNumber())) {
        deferred.add(h);
        return;
      }
    }
    delete(h);
  }

  private void delete(StoreFileHandle h) {
    try {
      fs.delete(path(h.fileNumber()));
      fs.reached(CrashPoint.FILE_DELETED);
    } catch (IOException e) {
      LOG.warn("cannot delete obsolete store file {}: {}", path(h.fileNumber()), e.getMessage());
    }
  }

  /**
   * After a manifest listing {@code listed} was saved: deletes the obsolete files it no longer
   * lists; later ones are deleted as soon as they are released.
   */
  void manifestSaved(Set<Long> listed) {
    List<StoreFileHandle> gone = new java.util.ArrayList<>();
    synchronized (this) {
      if (frozen) {
        return;
      }
      durablyListed = listed;
      for (Iterator<StoreFileHandle> it = deferred.iterator(); it.hasNext();) {
        StoreFileHandle h = it.next();
        if (!listed.contains(h.fileNumber())) {
          gone.add(h);
          it.remove();
        }
      }
    }
    for (StoreFileHandle h : gone) {
      delete(h);
    }
  }

  /**
   * The store failed: its catalog in memory may be ahead of the manifest on disk, so no file is
   * deleted any more; the reopen deletes those the manifest does not list.
   */
  void freeze() {
    frozen = true;
  }

  /** Writes a frozen memstore to a new store file with the family's current settings, durably. */
  StoreFileHandle write(ColumnFamilyDescriptor family, MemStore memstore) {
    Iterator<Cell> cells = memstore.cellsInOrder();
    if (!cells.hasNext()) {
      return null;
    }
    // a loop of its own, apart from a compaction's (below): each is compiled for the one kind
    // of iterator it meets, rather than one loop compiled again as flushes and compactions take turns
    return write(family, w -> {
      while (cells.hasNext()) {
        w.append(cells.next());
      }
    });
  }

  /**
   * Writes cells (in order) to a new store file with the family's current settings, durably;
   * returns {@code null} and writes nothing when there are no cells.
   */
  StoreFileHandle write(ColumnFamilyDescriptor family, Iterator<Cell> cells) {
    if (!cells.hasNext()) {
      return null;
    }
    return write(family, w -> {
      while (cells.hasNext()) {
        w.append(cells.next());
      }
    });
  }

  /** What writes a file's cells. */
  private interface CellsWriter {
    void writeTo(StoreFileWriter w) throws IOException;
  }

  private StoreFileHandle write(ColumnFamilyDescriptor family, CellsWriter cells) {
    long number = allocate();
    String path = path(number);
    try {
      try (Vfs.WritableFile out = fs.create(path);
          StoreFileWriter w = new StoreFileWriter(out, path, StoreFileWriter.Options.of(family))) {
        cells.writeTo(w);
        w.finish();
      }
      install(path);
      return handle(number, openReader(path, family));
    } catch (IOException e) {
      deleteQuietly(path);
      throw new StorageException("cannot write store file " + path + " of " + fs.describe() + ": " + e.getMessage(), e);
    } catch (RuntimeException e) {
      deleteQuietly(path);
      throw e;
    }
  }

  /**
   * Makes a complete, forced store file's directory entry durable, so that a manifest listing it
   * cannot outlive it in a power loss.
   */
  private void install(String path) throws IOException {
    fs.reached(CrashPoint.FILE_SYNCED);
    fs.syncDirectory(DIR);
    fs.reached(CrashPoint.FILE_DURABLE);
  }

  /** Removes a store file that could not be completed, so that it holds no space until the next open. */
  private void deleteQuietly(String path) {
    try {
      fs.delete(path);
    } catch (IOException e) {
      LOG.warn("cannot delete unfinished store file {}: {}", path, e.getMessage());
    }
  }

  /**
   * Starts a new store file of {@code family} with the family's current settings, written cell
   * by cell (a bulk load's): {@link PendingFile#finish()} makes it durable and opens it,
   * {@link PendingFile#abort()} deletes it.
   */
  PendingFile create(ColumnFamilyDescriptor family) {
    long number = allocate();
    String path = path(number);
    try {
      Vfs.WritableFile out = fs.create(path);
      try {
        return new PendingFile(number, path, family, new StoreFileWriter(out, path, StoreFileWriter.Options.of(family)));
      } catch (RuntimeException e) {
        out.close();
        throw e;
      }
    } catch (IOException e) {
      throw new StorageException("cannot create store file " + path + " of " + fs.describe() + ": " + e.getMessage(), e);
    }
  }

  /** A store file being written by {@link #create}. */
  final class PendingFile {
    private final long number;
    private final String path;
    private final ColumnFamilyDescriptor family;
    private final StoreFileWriter writer;

    private PendingFile(long number, String path, ColumnFamilyDescriptor family, StoreFileWriter writer) {
      this.number = number;
      this.path = path;
      this.family = family;
      this.writer = writer;
    }

    ColumnFamilyDescriptor family() {
      return family;
    }

    /** Appends a cell; cells come in {@code CellComparator.WITH_SEQUENCE} order. */
    void append(Cell c) {
      append(c, c.sequenceId());
    }

    /** Appends a cell with the sequence number {@code seq} (a bulk load's, shared by its run). */
    void append(Cell c, long seq) {
      try {
        writer.append(c, seq);
      } catch (IOException e) {
        throw new StorageException("cannot write store file " + path + " of " + fs.describe() + ": " + e.getMessage(), e);
      }
    }

    /** Completes the file, forces it to the device and opens it. */
    StoreFileHandle finish() {
      try {
        try (StoreFileWriter w = writer) { // closes the file too
          w.finish();
        }
        install(path);
        return handle(number, openReader(path, family));
      } catch (IOException e) {
        throw new StorageException("cannot write store file " + path + " of " + fs.describe() + ": " + e.getMessage(), e);
      }
    }

    /** Closes and deletes the unfinished file. */
    void abort() {
      try {
        writer.close(); // closes the file too
      } catch (IOException e) {
        LOG.debug("closing abandoned store file {}: {}", path, e.getMessage());
      }
      try {
        fs.delete(path);
      } catch (IOException e) {
        LOG.warn("cannot delete abandoned store file {}: {}", path, e.getMessage());
      }
    }
  }

  /** Deletes files under {@code data/} that the manifest does not list (left by a crash mid-flush). */
  void deleteOrphans(List<Long> live) throws IOException {
    Set<String> keep = new HashSet<>();
    for (long n : live) {
      keep.add(path(n));
    }
    for (String name : fs.list(DIR)) {
      String p = DIR + "/" + name;
      if (!keep.contains(p)) {
        LOG.info("deleting store file {} that no table lists", p);
        fs.delete(p);
        fs.reached(CrashPoint.FILE_DELETED);
      }
    }
  }
}
