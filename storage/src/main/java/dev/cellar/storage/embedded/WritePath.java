package dev.cellar.storage.embedded;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import dev.cellar.storage.CellTooLargeException;
import dev.cellar.storage.CellType;
import dev.cellar.storage.CheckAndMutate;
import dev.cellar.storage.ColumnFamilyDescriptor;
import dev.cellar.storage.Delete;
import dev.cellar.storage.Durability;
import dev.cellar.storage.Get;
import dev.cellar.storage.Increment;
import dev.cellar.storage.Mutation;
import dev.cellar.storage.NoSuchFamilyException;
import dev.cellar.storage.Put;
import dev.cellar.storage.Result;
import dev.cellar.storage.StorageException;
import dev.cellar.storage.TableDescriptor;
import dev.cellar.storage.memstore.Mvcc;
import dev.cellar.storage.region.Region;
import dev.cellar.storage.wal.WalEdit;
import dev.cellar.storage.wal.WalEntry;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The write path: row locks, validation and timestamps, one log record per atomic write, the
 * memstores, and visibility through MVCC. Every write — a put, a multi-row and multi-table
 * batch, a check-and-mutate, an increment — goes through {@link #write}.
 */
final class WritePath {
  private final EmbeddedStore store;

  WritePath(EmbeddedStore store) {
    this.store = store;
  }

  /** The mutations of one table within an atomic write. */
  record TableWrite(EmbeddedTable table, List<? extends Mutation> mutations) {}

  /** Applies mutations of one or more tables as one atomic write. */
  void write(List<TableWrite> writes) {
    List<ReentrantLock> locks = lockRows(writes);
    try {
      applyLocked(writes);
    } finally {
      unlockRows(locks);
    }
  }

  /** Check-and-mutate: the check and the write under the row's lock. */
  boolean checkAndMutate(EmbeddedTable table, CheckAndMutate cam) {
    List<TableWrite> writes = List.of(new TableWrite(table, cam.mutations()));
    List<ReentrantLock> locks = lockRows(writes);
    try {
      if (!holds(table, cam)) {
        return false;
      }
      applyLocked(writes);
      return true;
    } finally {
      unlockRows(locks);
    }
  }

  private static boolean holds(EmbeddedTable table, CheckAndMutate cam) {
    switch (cam.condition()) {
      case ROW_ABSENT:
        return table.get(new Get(cam.row())).isEmpty();
      case COLUMN_ABSENT:
        return table.get(new Get(cam.row()).addColumn(cam.family(), cam.qualifier())).isEmpty();
      case VALUE_EQUALS:
        byte[] v = table.get(new Get(cam.row()).addColumn(cam.family(), cam.qualifier())).value(cam.family(),
            cam.qualifier());
        return v != null && Arrays.equals(v, cam.expected());
      default:
        throw new IllegalStateException("unknown condition " + cam.condition());
    }
  }

  /** Increment: read the counters and write their sums under the row's lock. */
  Result increment(EmbeddedTable table, Increment inc) {
    Put put = new Put(inc.row());
    put.setDurability(inc.durability());
    List<TableWrite> writes = List.of(new TableWrite(table, List.of(put)));
    List<ReentrantLock> locks = lockRows(writes);
    try {
      long now = store.options().clock().getAsLong();
      List<Cell> out = new ArrayList<>();
      for (Increment.Column c : inc.columns()) {
        Result cur = table.get(new Get(inc.row()).addColumn(c.family(), c.qualifier()));
        Cell old = cur.latestCell(c.family(), c.qualifier());
        long value = c.amount();
        long ts = now;
        if (old != null) {
          if (old.value().length != 8) {
            throw new IllegalArgumentException("counter " + table.name() + "/" + Bytes.toStringBinary(inc.row()) + "/"
                + Bytes.toStringBinary(c.family()) + ":" + Bytes.toStringBinary(c.qualifier())
                + " is not a long: its value is " + old.value().length + " bytes wide, not 8");
          }
          value += Bytes.toLong(old.value());
          ts = Math.max(now, old.timestamp() + 1);
        }
        put.addColumn(c.family(), c.qualifier(), ts, Bytes.toBytes(value));
      }
      applyLocked(writes);
      for (Cell c : put.cells()) {
        out.add(c);
      }
      out.sort(dev.cellar.storage.CellComparator.INSTANCE);
      return Result.of(out);
    } finally {
      unlockRows(locks);
    }
  }

  /** Locks the stripes of every row written, in a global order (table id, stripe). */
  private static List<ReentrantLock> lockRows(List<TableWrite> writes) {
    TreeSet<long[]> stripes = new TreeSet<>(Comparator.<long[]>comparingLong(a -> a[0]).thenComparingLong(a -> a[1]));
    Map<Long, TableHandle> byId = new TreeMap<>();
    for (TableWrite w : writes) {
      TableHandle h = w.table().handle();
      byId.put(h.id(), h);
      for (Mutation m : w.mutations()) {
        stripes.add(new long[] {h.id(), TableHandle.stripe(m.row())});
      }
    }
    List<ReentrantLock> locks = new ArrayList<>(stripes.size());
    try {
      for (long[] s : stripes) {
        ReentrantLock l = byId.get(s[0]).rowLock((int) s[1]);
        l.lock();
        locks.add(l);
      }
    } catch (RuntimeException e) {
      unlockRows(locks);
      throw e;
    }
    return locks;
  }

  private static void unlockRows(List<ReentrantLock> locks) {
    for (int i = locks.size() - 1; i >= 0; i--) {
      locks.get(i).unlock();
    }
  }

  /** Prepares and applies; the caller holds the rows' locks. */
  private void applyLocked(List<TableWrite> writes) {
    long now = store.options().clock().getAsLong();
    List<Cell> cells = new ArrayList<>();
    List<TableHandle> tables = new ArrayList<>();
    Durability durability = Durability.SKIP_WAL;
    store.checkWritable();
    for (TableWrite w : writes) {
      w.table().checkLive();
      for (Mutation m : w.mutations()) {
        int before = cells.size();
        prepare(w.table(), m, now, cells);
        for (int i = before; i < cells.size(); i++) {
          tables.add(w.table().handle());
        }
        durability = stronger(durability, m.durability() == Durability.USE_DEFAULT
            ? store.options().defaultDurability() : m.durability());
      }
    }
    if (!cells.isEmpty()) {
      apply(cells, tables, durability);
    }
  }

  private static Durability stronger(Durability a, Durability b) {
    return a.ordinal() >= b.ordinal() ? a : b;
  }

  /** Validates a mutation and turns it into cells with concrete timestamps. */
  private void prepare(EmbeddedTable table, Mutation m, long now, List<Cell> out) {
    TableHandle handle = table.handle();
    TableDescriptor d = handle.descriptor();
    if (m instanceof Delete del && del.isRowDelete()) {
      long ts = del.timestamp() == Mutation.LATEST_TIMESTAMP ? now : del.timestamp();
      for (ColumnFamilyDescriptor f : d.families()) {
        out.add(new Cell(m.row(), f.nameBytes(), Bytes.EMPTY, ts, CellType.DELETE_FAMILY, Bytes.EMPTY));
      }
      return;
    }
    Region region = handle.regionFor(m.row());
    int max = store.options().maxCellSize();
    for (Cell c : m.cells()) {
      if (region.family(c.family()) == null) {
        throw new NoSuchFamilyException("table '" + d.name() + "' has no column family '"
            + Bytes.toStringBinary(c.family()) + "' (row '" + Bytes.toStringBinary(c.row()) + "'); families: "
            + d.familyNames());
      }
      long size = (long) c.row().length + c.family().length + c.qualifier().length + c.value().length;
      if (size > max) {
        throw new CellTooLargeException("cell " + d.name() + "/" + Bytes.toStringBinary(c.row()) + "/"
            + Bytes.toStringBinary(c.family()) + ":" + Bytes.toStringBinary(c.qualifier()) + " of " + size
            + " bytes exceeds the maximum cell size of " + max + " bytes");
      }
      long ts = c.timestamp();
      if (ts == Mutation.LATEST_TIMESTAMP) {
        ts = c.type() == CellType.DELETE ? latestVersion(table, c, now) : now;
      }
      out.add(ts == c.timestamp() ? c : c.withTimestamp(ts));
    }
  }

  /** For "delete the latest version": the timestamp of the column's newest visible version, else now. */
  private static long latestVersion(EmbeddedTable table, Cell marker, long now) {
    Result r = table.get(new Get(marker.row()).addColumn(marker.family(), marker.qualifier()));
    Cell latest = r.latestCell(marker.family(), marker.qualifier());
    return latest == null ? now : latest.timestamp();
  }

  private static final Comparator<Region> REGION_ORDER =
      Comparator.comparingLong(Region::tableId).thenComparing(Region::startRow, Bytes::compare);

  /** Logs and applies cells ({@code tables.get(i)} is the table of {@code cells.get(i)}) as one atomic write. */
  private void apply(List<Cell> cells, List<TableHandle> tables, Durability durability) {
    boolean logged = durability != Durability.SKIP_WAL && store.wal() != null;
    Mvcc mvcc = store.mvcc();
    // the regions written, in lock order, with how many cells each gets
    Map<Region, Integer> byRegion;
    List<Region> locked = new ArrayList<>();
    Mvcc.WriteEntry entry = null;
    Cell[] written = new Cell[cells.size()];
    Region[] target = new Region[cells.size()];
    long txid = -1;
    try {
      // Lock the regions the cells fall in, in order; if one was split meanwhile, look again.
      while (true) {
        byRegion = new TreeMap<>(REGION_ORDER);
        // cells of a batch mostly come one table and region after another, a row's sharing its array
        Region r = null;
        TableHandle table = null;
        byte[] lastRow = null;
        int run = 0;
        for (int i = 0; i < cells.size(); i++) {
          byte[] row = cells.get(i).row();
          TableHandle t = tables.get(i);
          if (r == null || t != table || row != lastRow && !r.contains(row)) {
            if (r != null) {
              byRegion.merge(r, run, Integer::sum);
            }
            r = t.regionFor(row);
            table = t;
            run = 0;
          }
          lastRow = row;
          target[i] = r;
          run++;
        }
        if (r != null) {
          byRegion.merge(r, run, Integer::sum);
        }
        for (Region g : byRegion.keySet()) {
          if (store.flusher().mustBlock(g)) {
            store.flusher().relieve(g);
          }
        }
        boolean stale = false;
        for (Region g : byRegion.keySet()) {
          g.updatesLock().readLock().lock();
          locked.add(g);
          if (g.isClosed()) {
            stale = true;
            break;
          }
        }
        if (!stale) {
          break;
        }
        unlockRegions(locked);
        for (TableHandle t : tables) {
          if (t.isDropped()) {
            throw new dev.cellar.storage.TableNotFoundException("table '" + t.name() + "' has been dropped");
          }
        }
      }
      store.checkWritable();
      entry = mvcc.begin();
      long seq = entry.sequence();
      List<WalEntry> entries = logged ? new ArrayList<>(cells.size()) : null;
      for (int i = 0; i < cells.size(); i++) {
        written[i] = cells.get(i).withSequenceId(seq);
        if (logged) {
          entries.add(new WalEntry((int) tables.get(i).id(), written[i]));
        }
      }
      if (logged) {
        txid = store.wal().append(new WalEdit(seq, entries));
      }
      for (int i = 0; i < written.length; i++) {
        target[i].add(written[i]);
      }
      for (Map.Entry<Region, Integer> e : byRegion.entrySet()) {
        e.getKey().countWrites(e.getValue());
      }
    } catch (RuntimeException e) {
      abort(entry, written, target);
      if (logged && e instanceof StorageException se && store.wal().isFailed()) {
        store.fail(se); // the log failed in the background: the store is read-only from now on
      }
      throw e;
    } finally {
      unlockRegions(locked);
    }
    if (logged) {
      try {
        store.wal().await(txid, durability);
      } catch (RuntimeException e) {
        StorageException se = e instanceof StorageException s ? s
            : new StorageException("write-ahead log failed: " + e.getMessage(), e);
        store.fail(se);
        abort(entry, written, target);
        throw se;
      }
    }
    mvcc.completeAndWait(entry);
    for (Region r : byRegion.keySet()) {
      store.flusher().maybeRequest(r);
    }
  }

  private static void unlockRegions(List<Region> locked) {
    for (Region r : locked) {
      r.updatesLock().readLock().unlock();
    }
    locked.clear();
  }

  /** Undoes a write that could not be logged: its cells leave the memstore before its sequence completes. */
  private void abort(Mvcc.WriteEntry entry, Cell[] written, Region[] target) {
    if (entry == null) {
      return;
    }
    for (int i = 0; i < written.length; i++) {
      if (written[i] != null && target[i] != null) {
        target[i].rollback(written[i]);
      }
    }
    store.mvcc().completeAndWait(entry);
  }
}
