package dev.cellar.sql.exec;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import dev.cellar.sql.catalog.IndexDef;
import dev.cellar.sql.catalog.RowTtl;
import dev.cellar.sql.catalog.TableDef;
import dev.cellar.sql.database.CellarDatabase;
import dev.cellar.sql.database.Operations;
import dev.cellar.sql.database.Timestamps;
import dev.cellar.storage.BulkLoad;
import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import dev.cellar.storage.Delete;
import dev.cellar.storage.Put;
import dev.cellar.storage.Result;
import dev.cellar.storage.ResultScanner;
import dev.cellar.storage.Scan;
import dev.cellar.storage.Table;
import dev.cellar.storage.WriteBatch;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Builds an index over the rows its table already has, and compares an index with its table.
 *
 * <p>A build reads the table in chunks of {@value #CHUNK} rows (only the columns an entry holds),
 * each under the table's write lock, with one timestamp per chunk, and hands each chunk's entries
 * to an {@link IndexRunWriter}, which sorts them in a thread of its own while the next chunks are
 * read and writes every {@link #RUN} entries as one run of a bulk load into the index's table
 * (store files, no log, no memstore), which the build commits at the end. Statements maintain
 * an index from the moment it is in the catalog (in state {@link IndexDef.State#BUILDING}), so
 * a row written before its chunk is read is indexed by the build and one written after by the
 * statement, with a later timestamp that wins over (or, for a delete, masks) the build's entry
 * however late the load commits: no row is missed and no stale entry is left. The load's files
 * are durable when it commits, before the index is marked readable.
 */
public final class IndexBuilder {
  private static final Logger LOG = LoggerFactory.getLogger(IndexBuilder.class);
  /** Rows read under the table lock at a time. */
  static final int CHUNK = 4096;
  /**
   * Entries sorted and bulk-loaded as one run (one store file per region of the index): runs
   * of this size keep the build's memory bounded. A build of more than one run has its index's
   * files merged by a compaction after it commits, which leaves one file a region (a lookup
   * through the index then seeks one file, not one a run). Runs as large as an eighth of the
   * heap (one run for a million entries in 1 GiB) built 15–20% slower, at 1,000,000 and
   * 10,000,000 rows alike: a merge over more chunks, more to collect.
   */
  static final int RUN = 32 * CHUNK;

  private final CellarDatabase db;
  private final TableMapping data;
  private final IndexMapping index;
  private final AtomicLong rowsDone = new AtomicLong();
  /** Whether entries take their rows' timestamps ({@link #entryTs}). */
  private final boolean rowTimes;

  public IndexBuilder(CellarDatabase db, TableDef table, IndexDef index) {
    this.db = db;
    this.data = new TableMapping(table);
    this.index = new IndexMapping(index, data);
    // a ROW_TIMESTAMP or dynamic family's cells have their own times: such an index checks its rows
    this.rowTimes = table.rowTimestampColumn() == null && !table.isDynamic()
        && RowTtls.of(db, table).expires();
  }

  /**
   * The timestamp of the entry of row {@code r} that a build writes: on a table whose rows expire
   * ({@link RowTtl#expires}), the row's (its latest cell's: every statement writes the row whole),
   * so that the entry expires with it; otherwise {@code putTs}, the chunk's.
   */
  private long entryTs(Result r, long putTs) {
    long ts = Long.MIN_VALUE;
    for (Cell c : r.cells()) {
      ts = Math.max(ts, c.timestamp());
    }
    return entryTs(ts, putTs);
  }

  /** {@link #entryTs(Result, long)} for a row whose cells' largest timestamp is {@code maxTs} (MIN_VALUE: none). */
  private long entryTs(long maxTs, long putTs) {
    return rowTimes && maxTs != Long.MIN_VALUE ? maxTs : putTs;
  }

  /** Hands {@code sink} the entry of a table row of key {@code key}, its wanted fields decoded in {@code row}. */
  private void emit(Object[] row, byte[] key, long ts, Consumer<Put> sink) {
    Object[] e = index.newEntryRow(row, key);
    sink.accept(index.entryPut(index.entryKey(e, key), e, ts));
  }

  /** Rows of the table indexed so far. */
  public long rowsDone() {
    return rowsDone.get();
  }

  /**
   * Writes the entry of every row of the table.
   *
   * @param cancelled asked between chunks; the build stops when it returns true
   * @return whether the build finished (false if cancelled)
   */
  public boolean build(BooleanSupplier cancelled) {
    try (Operations.Operation op = Operations.of(db).start("INDEX BUILD", data.def().name(), index.index().name(), -1,
        rowsDone::get)) {
      return buildAll(cancelled);
    }
  }

  private boolean buildAll(BooleanSupplier cancelled) {
    if (db.store().sharedAcrossProcesses()) {
      // other processes writing the table start maintaining the index when they next look at
      // the catalog: the build reads the table after they have
      try {
        Thread.sleep(2 * dev.cellar.sql.catalog.Catalog.REFRESH_MILLIS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return false;
      }
    }
    TableDef t = data.def();
    ReentrantLock lock = db.tableLock(t.storageName());
    byte[] from = Bytes.EMPTY;
    boolean first = true;
    long started = System.nanoTime();
    // only the columns an entry holds are read and decoded
    boolean[] wanted = new boolean[data.fieldCount()];
    // the columns an entry holds, and those its expressions read
    int[] fields = IntStream.range(0, data.fieldCount()).filter(f -> index.covers(f) || index.reads(f)).toArray();
    for (int f : fields) {
      // the data key columns of an entry's key may come from the data row's key as they are
      wanted[f] = !index.keyFromDataKey() || !data.isKey(f) || index.reads(f);
    }
    if (!db.store().bulkLoads()) {
      return buildWithPuts(cancelled, fields, wanted, started);
    }
    // closed without a commit (cancelled, failed), the load leaves nothing behind; the writer
    // sorts and loads the chunks in a thread of its own, and is closed first
    try (BulkLoad load = db.store().table(index.index().storageName()).startBulkLoad();
        IndexRunWriter writer = new IndexRunWriter(load, RUN, index.index().name())) {
      while (true) {
        if (cancelled.getAsBoolean()) {
          return false;
        }
        List<Cell> cells = new ArrayList<>(CHUNK);
        Chunk chunk;
        lock.lock();
        try {
          chunk = readChunk(from, first, fields, wanted, p -> cells.addAll(p.cells()));
        } finally {
          lock.unlock();
        }
        rowsDone.addAndGet(chunk.entries);
        // A statement changing a row after its chunk was read writes that row's entries with a
        // later timestamp, so the chunk's entries may reach the index after the lock is released.
        if (!cells.isEmpty()) {
          writer.add(cells, chunk.entries);
        }
        // a dynamic family's rows may be of any width: read whole, in one pass
        if (chunk.rows < CHUNK || data.isDynamic()) {
          break;
        }
        from = chunk.last;
        first = false;
      }
      writer.finish();
      if (cancelled.getAsBoolean()) {
        return false;
      }
      load.commit();
    }
    LOG.info("built index {} of table {}: {} rows in {} ms", index.index().name(), t.name(), rowsDone.get(),
        (System.nanoTime() - started) / 1_000_000);
    return true;
  }

  /** What {@link #readChunk} read: the entries made, the table's rows and the last of them. */
  private static final class Chunk {
    int entries;
    int rows;
    byte[] last;
  }

  /**
   * Hands {@code sink} the entries of the {@link #CHUNK} rows from {@code from} (on, or after it
   * unless {@code first}); a dynamic-family table's rows all at once. The caller holds the
   * table's lock.
   */
  private Chunk readChunk(byte[] from, boolean first, int[] fields, boolean[] wanted,
      Consumer<Put> sink) {
    Scan scan = new Scan().withStartRow(from, first).setCaching(CHUNK);
    if (!data.isDynamic()) {
      scan.setLimit(CHUNK);
    }
    data.addColumns(scan, fields);
    long putTs = db.timestamps().next(false).putTs();
    Table table = db.store().table(data.def().storageName());
    if (IndexChunkVisitor.canRead(data, wanted)) {
      IndexChunkVisitor v = new IndexChunkVisitor(data, wanted, rowTimes,
          (row, key, maxTs) -> emit(row, key, entryTs(maxTs, putTs), sink));
      table.scan(scan, v);
      v.finish();
      Chunk chunk = new Chunk();
      chunk.entries = v.rows();
      chunk.rows = v.rows();
      chunk.last = v.lastKey();
      return chunk;
    }
    Chunk chunk = new Chunk();
    try (ResultScanner s = table.scanner(scan)) {
      for (Result r = s.next(); r != null; r = s.next()) {
        for (Object[] row : rows(r, wanted)) {
          emit(row, r.row(), entryTs(r, putTs), sink);
          chunk.entries++;
        }
        chunk.last = r.row();
        chunk.rows++;
      }
    }
    return chunk;
  }

  /**
   * {@link #build} on a store without bulk loads: each chunk's entries are written as puts (verified:
   * the chunk was read under the table's lock) before the lock is released.
   */
  private boolean buildWithPuts(BooleanSupplier cancelled, int[] fields, boolean[] wanted, long started) {
    TableDef t = data.def();
    ReentrantLock lock = db.tableLock(t.storageName());
    String entryTable = index.index().storageName();
    byte[] from = Bytes.EMPTY;
    boolean first = true;
    while (true) {
      if (cancelled.getAsBoolean()) {
        return false;
      }
      lock.lock();
      try {
        WriteBatch batch = new WriteBatch();
        Chunk chunk = readChunk(from, first, fields, wanted, p -> batch.add(entryTable, p));
        if (!batch.isEmpty()) {
          db.store().write(batch);
        }
        rowsDone.addAndGet(chunk.entries);
        if (chunk.rows < CHUNK || data.isDynamic()) {
          break;
        }
        from = chunk.last;
        first = false;
      } finally {
        lock.unlock();
      }
    }
    LOG.info("built index {} of table {} with puts: {} rows in {} ms", index.index().name(), t.name(), rowsDone.get(),
        (System.nanoTime() - started) / 1_000_000);
    return !cancelled.getAsBoolean();
  }

  /** The SQL rows of a store row: itself, or for a dynamic-family table one per cell. */
  private java.util.List<Object[]> rows(Result r, boolean[] wanted) {
    if (!data.isDynamic()) {
      Object[] row = new Object[data.fieldCount()];
      data.decodeInto(r, row, wanted);
      return java.util.Collections.singletonList(row);
    }
    java.util.List<Object[]> out = new java.util.ArrayList<>(r.size());
    for (dev.cellar.storage.Cell c : r.cells()) {
      Object[] row = new Object[data.fieldCount()];
      data.decodeCellInto(r, c, row, null);
      out.add(row);
    }
    return out;
  }

  /**
   * For a unique index, checks that no two entries have equal indexed values (none NULL); call
   * under the table's write lock after {@link #build}.
   *
   * @throws CellarSqlException 23505 naming the index and the values
   */
  public void checkUnique() {
    if (!index.index().unique()) {
      return;
    }
    byte[] previous = null;
    Scan scan = new Scan().addFamily(index.family()).setCaching(CHUNK);
    Table entries = VerifyingIndexTable.of(db.store(), index, RowTtls.checkRows(db, data.def()));
    try (ResultScanner s = entries.scanner(scan)) {
      for (Result r = s.next(); r != null; r = s.next()) {
        Object[] e = index.entries().decode(r);
        byte[] prefix = index.uniquePrefix(e);
        if (prefix != null && previous != null && Arrays.equals(prefix, previous)) {
          throw new CellarSqlException(SqlState.UNIQUE_VIOLATION, "cannot create unique index "
              + index.index().name() + ": table " + data.def().name() + " has more than one row with "
              + index.describeValues(e));
        }
        previous = prefix;
      }
    }
  }

  /**
   * What {@link #verify} found.
   *
   * @param rows rows of the table (cells, for a dynamic-family table)
   * @param entries entries of the index
   * @param missing rows without their entry, or whose entry holds other included values or is unverified
   * @param stale entries without their row
   */
  public record Report(long rows, long entries, long missing, long stale) {
    /** Whether index and table agree. */
    boolean consistent() {
      return missing == 0 && stale == 0;
    }
  }

  /**
   * Compares the index with the entries its table's rows call for, holding the table's write
   * lock (writes wait); with {@code repair}, writes the missing entries and deletes the stale
   * ones in the same pass.
   */
  public Report verify(boolean repair) {
    TableDef t = data.def();
    ReentrantLock lock = db.tableLock(t.storageName());
    lock.lock();
    try {
      TreeMap<byte[], Object[]> expected = new TreeMap<>(Arrays::compareUnsigned);
      TreeMap<byte[], Long> times = new TreeMap<>(Arrays::compareUnsigned);
      long rows = 0;
      Scan scan = new Scan().setCaching(CHUNK);
      data.addColumns(scan, null);
      try (ResultScanner s = db.store().table(t.storageName()).scanner(scan)) {
        for (Result r = s.next(); r != null; r = s.next()) {
          for (Object[] row : rows(r, null)) {
            Object[] e = index.newEntryRow(row, r.row());
            expected.put(index.entryKey(e), e);
            times.put(index.entryKey(e), entryTs(r, Long.MIN_VALUE));
            rows++;
          }
        }
      }
      long entries = 0;
      long missing = 0;
      long stale = 0;
      WriteBatch fixes = new WriteBatch();
      dev.cellar.sql.database.Timestamps.Stamp stamp = db.timestamps().next(true);
      Scan is = new Scan().addFamily(index.family()).setCaching(CHUNK);
      try (ResultScanner s = db.store().table(index.index().storageName()).scanner(is)) {
        for (Result r = s.next(); r != null; r = s.next()) {
          entries++;
          Object[] want = expected.remove(r.row());
          if (want == null) {
            stale++;
            fixes.add(index.index().storageName(), new Delete(r.row(), stamp.deleteTs()).addFamily(index.family()));
          } else if (!index.isVerified(r) || !index.sameEntry(want, index.entries().decode(r))) {
            // an unverified entry (a write cut short, indexes.md §3) is written again, verified
            missing++;
            fixes.add(index.index().storageName(), new Delete(r.row(), stamp.deleteTs()).addFamily(index.family()));
            fixes.add(index.index().storageName(), index.entryPut(r.row(), want, stamp.putTs()));
          }
        }
      }
      for (Iterator<Map.Entry<byte[], Object[]>> it = expected.entrySet().iterator(); it.hasNext();) {
        Map.Entry<byte[], Object[]> e = it.next();
        missing++;
        long ts = times.get(e.getKey());
        fixes.add(index.index().storageName(), index.entryPut(e.getKey(), e.getValue(),
            ts == Long.MIN_VALUE ? stamp.putTs() : ts));
      }
      if (repair && !fixes.isEmpty()) {
        db.store().write(fixes);
      }
      Report report = new Report(rows, entries, missing, stale);
      if (!report.consistent()) {
        LOG.warn("index {} of table {} differs from its table: {}{}", index.index().name(), t.name(), report,
            repair ? "; repaired" : "");
      }
      return report;
    } finally {
      lock.unlock();
    }
  }
}
