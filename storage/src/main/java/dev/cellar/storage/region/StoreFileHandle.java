package dev.cellar.storage.region;

import dev.cellar.storage.StorageException;
import dev.cellar.storage.iter.CellIterator;
import dev.cellar.storage.sst.StoreFileReader;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * An open store file shared by the family store and the scanners reading it. Reference
 * counted: a file dropped from its family (table drop, compaction) is closed and deleted only
 * when the last scanner holding it closes.
 */
public final class StoreFileHandle {
  private final long fileNumber;
  private final StoreFileReader reader;
  private final Consumer<StoreFileHandle> onRelease;
  /** One reference held by the family store while the file is live, one per open scanner. */
  private final AtomicInteger refs = new AtomicInteger(1);

  /**
   * @param onRelease called once the file is obsolete and no longer read (closes and deletes it)
   */
  public StoreFileHandle(long fileNumber, StoreFileReader reader, Consumer<StoreFileHandle> onRelease) {
    this.fileNumber = fileNumber;
    this.reader = reader;
    this.onRelease = onRelease;
  }

  public long fileNumber() {
    return fileNumber;
  }

  public StoreFileReader reader() {
    return reader;
  }

  /** Takes a reference (a scanner, or a second region sharing the file after a split); false if already released. */
  public boolean tryAcquire() {
    while (true) {
      int n = refs.get();
      if (n <= 0) {
        return false;
      }
      if (refs.compareAndSet(n, n + 1)) {
        return true;
      }
    }
  }

  /** Drops a reference; the last one releases the file. */
  public void release() {
    if (refs.decrementAndGet() == 0) {
      onRelease.accept(this);
    }
  }

  /** A new cursor over the file. */
  CellIterator iterator() {
    return reader.iterator();
  }

  /** A new cursor over the file that does not add the blocks it reads to the block cache (a compaction's). */
  CellIterator iteratorWithoutCaching() {
    return reader.iteratorWithoutCaching();
  }

  /** Closes the reader (called from the release callback). */
  public void closeReader() {
    try {
      reader.close();
    } catch (IOException e) {
      throw new StorageException("cannot close store file " + fileNumber + ": " + e.getMessage(), e);
    }
  }
}
