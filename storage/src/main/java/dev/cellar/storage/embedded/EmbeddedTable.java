package dev.cellar.storage.embedded;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import dev.cellar.storage.CellTooLargeException;
import dev.cellar.storage.CellType;
import dev.cellar.storage.ColumnFamilyDescriptor;
import dev.cellar.storage.Delete;
import dev.cellar.storage.Durability;
import dev.cellar.storage.Get;
import dev.cellar.storage.Mutation;
import dev.cellar.storage.NoSuchFamilyException;
import dev.cellar.storage.Put;
import dev.cellar.storage.Result;
import dev.cellar.storage.ResultScanner;
import dev.cellar.storage.Scan;
import dev.cellar.storage.StorageException;
import dev.cellar.storage.Table;
import dev.cellar.storage.TableDescriptor;
import dev.cellar.storage.TableNotEnabledException;
import dev.cellar.storage.TableNotFoundException;
import dev.cellar.storage.memstore.Mvcc;
import dev.cellar.storage.region.Region;
import dev.cellar.storage.wal.WalEdit;
import dev.cellar.storage.wal.WalEntry;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.TreeMap;

/** {@link Table} of the embedded engine: the write path (log, memstore, visibility) and reads. */
final class EmbeddedTable implements Table {
  private final EmbeddedStore store;
  private final TableHandle handle;

  EmbeddedTable(EmbeddedStore store, TableHandle handle) {
    this.store = store;
    this.handle = handle;
  }

  TableHandle handle() {
    return handle;
  }

  private void checkLive() {
    store.checkOpen();
    if (handle.isDropped()) {
      throw new TableNotFoundException("table '" + handle.name() + "' has been dropped");
    }
    if (!handle.isEnabled()) {
      throw new TableNotEnabledException("table '" + handle.name() + "' is disabled; enable it first");
    }
  }

  @Override
  public String name() {
    return handle.name();
  }

  @Override
  public TableDescriptor descriptor() {
    return handle.descriptor();
  }

  @Override
  public void put(Put put) {
    batch(List.of(put));
  }

  @Override
  public void put(List<Put> puts) {
    batch(puts);
  }

  @Override
  public void delete(Delete delete) {
    batch(List.of(delete));
  }

  @Override
  public void delete(List<Delete> deletes) {
    batch(deletes);
  }

  @Override
  public void batch(List<? extends Mutation> mutations) {
    checkLive();
    if (mutations.isEmpty()) {
      return;
    }
    long now = store.options().clock().getAsLong();
    List<Cell> cells = new ArrayList<>();
    Durability durability = Durability.SKIP_WAL;
    for (Mutation m : mutations) {
      prepare(m, now, cells);
      durability = stronger(durability, m.durability() == Durability.USE_DEFAULT
          ? store.options().defaultDurability() : m.durability());
    }
    if (cells.isEmpty()) {
      return;
    }
    apply(cells, durability);
  }

  private static Durability stronger(Durability a, Durability b) {
    return a.ordinal() >= b.ordinal() ? a : b;
  }

  /** Validates a mutation and turns it into cells with concrete timestamps. */
  private void prepare(Mutation m, long now, List<Cell> out) {
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
        ts = c.type() == CellType.DELETE ? latestVersion(c, now) : now;
      }
      out.add(ts == c.timestamp() ? c : c.withTimestamp(ts));
    }
  }

  /** For "delete the latest version": the timestamp of the column's newest visible version, else now. */
  private long latestVersion(Cell marker, long now) {
    Result r = get(new Get(marker.row()).addColumn(marker.family(), marker.qualifier()));
    Cell latest = r.latestCell(marker.family(), marker.qualifier());
    return latest == null ? now : latest.timestamp();
  }

  /** Logs and applies cells as one atomic write. */
  private void apply(List<Cell> cells, Durability durability) {
    boolean logged = durability != Durability.SKIP_WAL && store.wal() != null;
    Mvcc mvcc = store.mvcc();
    Map<Region, List<Cell>> byRegion;
    List<Region> locked = new ArrayList<>();
    Mvcc.WriteEntry entry = null;
    List<Cell> written = new ArrayList<>(cells.size());
    long txid = -1;
    try {
      // Lock the regions the cells fall in, in key order; if one was split meanwhile, look again.
      while (true) {
        byRegion = new TreeMap<>(Comparator.comparing(Region::startRow, Bytes::compare));
        for (Cell c : cells) {
          byRegion.computeIfAbsent(handle.regionFor(c.row()), r -> new ArrayList<>()).add(c);
        }
        for (Region r : byRegion.keySet()) {
          if (store.flusher().mustBlock(r)) {
            store.flusher().flushNow(r);
          }
        }
        boolean stale = false;
        for (Region r : byRegion.keySet()) {
          r.updatesLock().readLock().lock();
          locked.add(r);
          if (r.isClosed()) {
            stale = true;
            break;
          }
        }
        if (!stale) {
          break;
        }
        unlock(locked);
        checkLive();
      }
      store.checkOpen();
      entry = mvcc.begin();
      long seq = entry.sequence();
      List<WalEntry> entries = logged ? new ArrayList<>(cells.size()) : null;
      int tableId = (int) handle.id();
      for (Map.Entry<Region, List<Cell>> e : byRegion.entrySet()) {
        for (Cell c : e.getValue()) {
          Cell w = c.withSequenceId(seq);
          written.add(w);
          if (logged) {
            entries.add(new WalEntry(tableId, w));
          }
        }
      }
      if (logged) {
        txid = store.wal().append(new WalEdit(seq, entries));
      }
      int i = 0;
      for (Map.Entry<Region, List<Cell>> e : byRegion.entrySet()) {
        Region r = e.getKey();
        for (int n = e.getValue().size(); n > 0; n--) {
          r.add(written.get(i++));
        }
        r.countWrites(e.getValue().size());
      }
    } catch (RuntimeException e) {
      abort(entry, written);
      throw e;
    } finally {
      unlock(locked);
    }
    if (logged) {
      try {
        store.wal().await(txid, durability);
      } catch (RuntimeException e) {
        StorageException se = e instanceof StorageException s ? s
            : new StorageException("write-ahead log failed: " + e.getMessage(), e);
        store.fail(se);
        abort(entry, written);
        throw se;
      }
    }
    mvcc.completeAndWait(entry);
    for (Region r : byRegion.keySet()) {
      store.flusher().maybeRequest(r);
    }
  }

  private static void unlock(List<Region> locked) {
    for (Region r : locked) {
      r.updatesLock().readLock().unlock();
    }
    locked.clear();
  }

  /** Undoes a write that could not be logged: its cells leave the memstore before its sequence completes. */
  private void abort(Mvcc.WriteEntry entry, List<Cell> written) {
    if (entry == null) {
      return;
    }
    for (Cell c : written) {
      handle.regionFor(c.row()).rollback(c);
    }
    store.mvcc().completeAndWait(entry);
  }

  @Override
  public Result get(Get get) {
    checkLive();
    return getAt(get, store.mvcc().readPoint(), store.options().clock().getAsLong());
  }

  private Result getAt(Get get, long readPoint, long now) {
    Scan scan = new Scan().withStartRow(get.row(), true).withStopRow(get.row(), true).setLimit(1)
        .readVersions(get.maxVersions());
    scan.setTimeRange(get.timeRange().min(), get.timeRange().max());
    for (Map.Entry<byte[], NavigableSet<byte[]>> e : get.columns().entrySet()) {
      if (e.getValue() == null) {
        scan.addFamily(e.getKey());
      } else {
        for (byte[] q : e.getValue()) {
          scan.addColumn(e.getKey(), q);
        }
      }
    }
    try (TableScanner s = new TableScanner(handle, scan, readPoint, now)) {
      Result r = s.next();
      return r == null ? Result.empty() : r;
    }
  }

  @Override
  public List<Result> get(List<Get> gets) {
    checkLive();
    long readPoint = store.mvcc().readPoint();
    long now = store.options().clock().getAsLong();
    List<Result> out = new ArrayList<>(gets.size());
    for (Get g : gets) {
      out.add(getAt(g, readPoint, now));
    }
    return out;
  }

  @Override
  public ResultScanner scanner(Scan scan) {
    checkLive();
    return new TableScanner(handle, scan, store.mvcc().readPoint(), store.options().clock().getAsLong());
  }

  @Override
  public String toString() {
    return "EmbeddedTable{" + handle.name() + "}";
  }
}
