package dev.cellar.sql.runtime;

import java.util.concurrent.atomic.LongAdder;

/**
 * Counters of what queries read from the store, kept per database: rows read (rows the store
 * returned to the SQL layer, before any filter the store does not run) and storage requests
 * (scans opened and batched gets). Tests and {@code EXPLAIN}-style tools compare them with the
 * rows a query returns.
 */
public final class ReadStats {
  final LongAdder rowsRead = new LongAdder();
  final LongAdder requests = new LongAdder();

  /** Rows the store has returned to queries. */
  public long rowsRead() {
    return rowsRead.sum();
  }

  /** Scans opened and batched gets issued by queries. */
  public long requests() {
    return requests.sum();
  }
}
