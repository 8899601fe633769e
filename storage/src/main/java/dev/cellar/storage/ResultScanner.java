package dev.cellar.storage;

import java.io.Closeable;
import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * Streams the results of a {@link Scan}, one row (or batch of a row) at a time, without
 * loading the scan into memory. Sees one consistent snapshot of the table: writes and flushes
 * that happen after it was opened are invisible to it. Not thread-safe; close it when done.
 */
public interface ResultScanner extends Closeable, Iterable<Result> {
  /** The next result, or {@code null} when the scan is exhausted. */
  Result next();

  /** Releases the snapshot and files the scan holds. Idempotent. */
  @Override
  void close();

  @Override
  default Iterator<Result> iterator() {
    return new Iterator<>() {
      private Result pending;

      @Override
      public boolean hasNext() {
        if (pending == null) {
          pending = ResultScanner.this.next();
        }
        return pending != null;
      }

      @Override
      public Result next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        Result r = pending;
        pending = null;
        return r;
      }
    };
  }
}
