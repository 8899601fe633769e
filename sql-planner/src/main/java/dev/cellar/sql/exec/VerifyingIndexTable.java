package dev.cellar.sql.exec;

import dev.cellar.sql.catalog.RowTtl;
import dev.cellar.storage.BulkLoad;
import dev.cellar.storage.Cell;
import dev.cellar.storage.CellComparator;
import dev.cellar.storage.CellarStore;
import dev.cellar.storage.CheckAndMutate;
import dev.cellar.storage.Delete;
import dev.cellar.storage.Get;
import dev.cellar.storage.Increment;
import dev.cellar.storage.Mutation;
import dev.cellar.storage.Put;
import dev.cellar.storage.Result;
import dev.cellar.storage.ResultScanner;
import dev.cellar.storage.Scan;
import dev.cellar.storage.Table;
import dev.cellar.storage.TableDescriptor;
import dev.cellar.storage.TimeRange;
import dev.cellar.storage.filter.ClientFilter;
import dev.cellar.storage.filter.Filter;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * An index's entries as readers must see them on a store without atomic multi-row batches
 * ({@code indexes.md} §3): a verified entry is returned as it is; an unverified one (written
 * before its data row, or marked before its removal) is checked against the data row it points
 * at, and returned rebuilt from that row when the row still calls for an entry with its key,
 * else left out. The store's reads of the entries run without their filter and limit, which
 * are applied here after the check, so that an entry whose cells are not yet (or no longer) the
 * row's is neither dropped nor kept for values it does not really have. Writes go to the
 * entries' table as they are.
 *
 * <p>On a store that other processes write too (HBase), a verified entry may be out of date as
 * well: two processes changing one row at the same moment each mark their own entry verified, and
 * the row keeps one of their values (no lock spans processes there). Every entry is then checked
 * against its row, the rows of up to {@value #CHECK_BATCH} entries in one batched get, except for
 * a reader that reads each entry's row itself and skips entries whose row is gone, over an index
 * whose entries hold nothing but the row's key ({@link IndexMapping#readsOnlyKey}): such an entry
 * is right exactly when its row exists.
 *
 * <p>Readers do not write: the entries they check stay unverified until a later statement on
 * the row or {@code ALTER INDEX ... REPAIR} settles them.
 *
 * <p>An index of a table whose rows may expire before their entries ({@link RowTtl#indexChecksRows})
 * is read through one too, on any store, and there every entry is checked against its row.
 */
public final class VerifyingIndexTable implements Table {
  /** Entries read ahead and checked together when every entry is checked. */
  static final int CHECK_BATCH = 100;

  private final IndexMapping index;
  private final Table entries;
  private final CellarStore store;
  /** Whether every entry is checked against its row, verified or not. */
  private final boolean checkAll;
  private Table data;

  private VerifyingIndexTable(CellarStore store, IndexMapping index, Table entries, boolean checkAll) {
    this.store = store;
    this.index = index;
    this.entries = entries;
    this.checkAll = checkAll;
  }

  /**
   * The entries' table of {@code index} as a reader over {@code store} sees it: the store's own
   * table when the store's batches are atomic (entries and rows never differ), else a checking
   * one; with {@code checkRows} (the table's rows may expire before their entries,
   * {@link RowTtl#indexChecksRows}), or on a store other processes write, one that checks every
   * entry.
   */
  public static Table of(CellarStore store, IndexMapping index, boolean checkRows) {
    return of(store, index, checkRows, false);
  }

  /**
   * As {@link #of(CellarStore, IndexMapping, boolean)}, for a reader that says whether it reads
   * every entry's row itself and skips the entries whose row is gone ({@code readsRows}).
   */
  public static Table of(CellarStore store, IndexMapping index, boolean checkRows, boolean readsRows) {
    Table t = store.table(index.index().storageName());
    if (checkRows) {
      return new VerifyingIndexTable(store, index, t, true);
    }
    if (store.atomicMultiRowBatches()) {
      return t;
    }
    boolean checkAll = store.sharedAcrossProcesses() && !(readsRows && index.readsOnlyKey());
    return new VerifyingIndexTable(store, index, t, checkAll);
  }

  private Table data() {
    if (data == null) {
      data = store.table(index.data().def().storageName());
    }
    return data;
  }

  /** Whether {@code entry} must be checked against its row before it is believed. */
  private boolean needsCheck(Result entry) {
    return !entry.isEmpty() && (checkAll || !index.isVerified(entry));
  }

  /**
   * The entry as readers see it: itself when it needs no check; else rebuilt from its data row
   * if that row calls for an entry with this key, else {@code null}.
   */
  Result check(Result entry) {
    if (!needsCheck(entry)) {
      return entry;
    }
    Object[] e = index.entries().decode(entry);
    return checked(entry, data().get(index.dataGet(e)));
  }

  /** {@link #check} of every entry of {@code read}, the rows of those that need it in one batched get. */
  private List<Result> check(List<Result> read) {
    List<Get> gets = new ArrayList<>();
    for (Result entry : read) {
      if (needsCheck(entry)) {
        gets.add(index.dataGet(index.entries().decode(entry)));
      }
    }
    if (gets.isEmpty()) {
      return read;
    }
    List<Result> rows = gets.size() == 1 ? List.of(data().get(gets.get(0))) : data().get(gets);
    List<Result> out = new ArrayList<>(read.size());
    int k = 0;
    for (Result entry : read) {
      out.add(needsCheck(entry) ? checked(entry, rows.get(k++)) : entry);
    }
    return out;
  }

  /** The entry rebuilt from {@code row} if that row calls for an entry with the entry's key, else {@code null}. */
  private Result checked(Result entry, Result row) {
    Object[] want = index.entryOf(row);
    if (want == null || !Arrays.equals(index.entryKey(want), entry.row())) {
      return null;
    }
    Cell marker = entry.latestCell(index.family(), TableMapping.MARKER);
    long ts = marker != null ? marker.timestamp() : entry.cells().get(0).timestamp();
    List<Cell> cells = new ArrayList<>(index.entryPut(entry.row(), want, ts).cells());
    cells.sort(CellComparator.INSTANCE);
    return Result.ofOwned(cells);
  }

  /** The entry row, filtered after its check ({@code checked}: the check's outcome), or {@code null}. */
  private static Result filter(Result checked, ClientFilter filter) {
    if (checked == null || checked.isEmpty() || filter == null) {
      return checked;
    }
    List<Cell> kept = filter.apply(new ArrayList<>(checked.cells()));
    return kept == null ? null : Result.ofOwned(kept);
  }

  /** The get of a whole entry: every cell of the entry's family, in the same time range, no filter. */
  private Get whole(Get g) {
    Get w = new Get(g.row()).addFamily(index.family());
    return withTime(w, g.timeRange());
  }

  private static <Q extends dev.cellar.storage.Query<Q>> Q withTime(Q q, TimeRange t) {
    return t == null || t.isAll() ? q : q.setTimeRange(t.min(), t.max());
  }

  @Override
  public Result get(Get get) {
    Result r = filter(check(entries.get(whole(get))), get.filter() == null ? null
        : new ClientFilter(get.filter(), false));
    return r == null ? Result.empty() : r;
  }

  @Override
  public List<Result> get(List<Get> gets) {
    List<Get> wholeGets = new ArrayList<>(gets.size());
    for (Get g : gets) {
      wholeGets.add(whole(g));
    }
    List<Result> read = check(entries.get(wholeGets));
    List<Result> out = new ArrayList<>(read.size());
    for (int i = 0; i < read.size(); i++) {
      Filter f = gets.get(i).filter();
      Result r = filter(read.get(i), f == null ? null : new ClientFilter(f, false));
      out.add(r == null ? Result.empty() : r);
    }
    return out;
  }

  @Override
  public ResultScanner scanner(Scan scan) {
    Scan s = new Scan().withStartRow(scan.startRow(), scan.includeStartRow())
        .withStopRow(scan.stopRow(), scan.includeStopRow()).setReversed(scan.isReversed())
        .setCaching(scan.caching()).addFamily(index.family());
    withTime(s, scan.timeRange());
    ClientFilter filter = scan.filter() == null ? null : new ClientFilter(scan.filter(), scan.isReversed());
    int limit = scan.limit();
    ResultScanner in = entries.scanner(s);
    return new ResultScanner() {
      private final ArrayDeque<Result> ready = new ArrayDeque<>();
      private int returned;
      private boolean done;

      @Override
      public Result next() {
        while (limit <= 0 || returned < limit) {
          Result out = ready.poll();
          if (out != null) {
            returned++;
            return out;
          }
          if (done) {
            return null;
          }
          fill();
        }
        return null;
      }

      /** Reads the next entries, checks them (their rows in one get) and keeps those the filter passes. */
      private void fill() {
        int want = checkAll ? CHECK_BATCH : 1;
        if (limit > 0) {
          want = Math.min(want, limit - returned);
        }
        List<Result> read = new ArrayList<>(want);
        while (read.size() < want) {
          Result r = in.next();
          if (r == null) {
            break;
          }
          read.add(r);
        }
        done = read.size() < want;
        for (Result r : check(read)) {
          Result out = filter(r, filter);
          if (out != null && !out.isEmpty()) {
            ready.add(out);
          } else if (filter != null && filter.done()) {
            done = true;
            return;
          }
        }
      }

      @Override
      public void close() {
        in.close();
      }
    };
  }

  @Override
  public String name() {
    return entries.name();
  }

  @Override
  public TableDescriptor descriptor() {
    return entries.descriptor();
  }

  @Override
  public void put(Put put) {
    entries.put(put);
  }

  @Override
  public void put(List<Put> puts) {
    entries.put(puts);
  }

  @Override
  public void delete(Delete delete) {
    entries.delete(delete);
  }

  @Override
  public void delete(List<Delete> deletes) {
    entries.delete(deletes);
  }

  @Override
  public void batch(List<? extends Mutation> mutations) {
    entries.batch(mutations);
  }

  @Override
  public boolean checkAndMutate(CheckAndMutate checkAndMutate) {
    return entries.checkAndMutate(checkAndMutate);
  }

  @Override
  public Result increment(Increment increment) {
    return entries.increment(increment);
  }

  @Override
  public BulkLoad startBulkLoad() {
    return entries.startBulkLoad();
  }

  @Override
  public String describeFilter(Filter filter) {
    return "in the client, after the entries are checked";
  }
}
