package dev.cellar.storage;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentNavigableMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.function.Function;

/**
 * Writes held back from the store: the buffer of a transaction. Its mutations are kept in the
 * order they were added, to be written later as one {@link WriteBatch} ({@link #toBatch}), and
 * as cells by table, so that a {@link Snapshot}'s reads see them laid over the snapshot
 * ({@link Snapshot#table(String, PendingWrites)}).
 *
 * <p>Its cells carry the sequence number {@link #SEQUENCE}, above every real write's: a read
 * sees them whatever its read point, and of two cells with the same coordinates, timestamp and
 * type the pending one wins, as the later write. A cell added again with the same coordinates,
 * timestamp and type replaces the earlier pending one.
 *
 * <p>Timestamps are resolved when a mutation is added: {@link Mutation#LATEST_TIMESTAMP} becomes
 * {@code now}, and a whole-row {@link Delete} becomes a family marker in each family of the
 * table. A delete of the latest version of a column ({@link Delete#addColumn(byte[], byte[])}
 * without a timestamp) needs a read of the store and is refused.
 *
 * <p>Thread-safe: reads may run while mutations are added.
 */
public final class PendingWrites {
  /** The sequence number of every pending cell. */
  public static final long SEQUENCE = Long.MAX_VALUE;

  private final Map<String, ConcurrentSkipListMap<Cell, Cell>> cells = new ConcurrentHashMap<>();
  private final List<WriteBatch.Entry> mutations = new ArrayList<>();
  private final Map<String, Set<ByteBuffer>> rows = new LinkedHashMap<>();
  private long bytes;

  /**
   * Adds every mutation of {@code batch}, or none: a mutation naming a family its table lacks
   * adds nothing of the batch.
   *
   * @param describe the current descriptor of a table, by name
   * @param now the timestamp of cells written at {@link Mutation#LATEST_TIMESTAMP}
   * @throws NoSuchFamilyException if a mutation names a family its table lacks
   * @throws IllegalArgumentException for a delete of a column's latest version
   */
  public synchronized void add(WriteBatch batch, Function<String, TableDescriptor> describe, long now) {
    List<String> tables = new ArrayList<>();
    List<Cell> resolved = new ArrayList<>();
    long added = 0;
    for (WriteBatch.Entry e : batch.entries()) {
      TableDescriptor d = describe.apply(e.table());
      Mutation m = e.mutation();
      int before = resolved.size();
      resolve(d, m, now, resolved);
      for (int i = before; i < resolved.size(); i++) {
        tables.add(e.table());
        added += resolved.get(i).estimatedSize();
      }
    }
    for (int i = 0; i < resolved.size(); i++) {
      Cell c = resolved.get(i);
      cells.computeIfAbsent(tables.get(i), t -> new ConcurrentSkipListMap<>(CellComparator.WITH_SEQUENCE)).put(c, c);
    }
    for (WriteBatch.Entry e : batch.entries()) {
      mutations.add(e);
      rows.computeIfAbsent(e.table(), t -> new LinkedHashSet<>()).add(ByteBuffer.wrap(e.mutation().row()));
    }
    bytes += added;
  }

  private static void resolve(TableDescriptor d, Mutation m, long now, List<Cell> out) {
    long mts = m.timestamp() == Mutation.LATEST_TIMESTAMP ? now : m.timestamp();
    if (m instanceof Delete del && del.isRowDelete()) {
      for (ColumnFamilyDescriptor f : d.families()) {
        out.add(new Cell(m.row(), f.nameBytes(), Bytes.EMPTY, mts, CellType.DELETE_FAMILY, Bytes.EMPTY, SEQUENCE));
      }
      return;
    }
    for (Cell c : m.cells()) {
      String family = Bytes.toString(c.family());
      if (!d.hasFamily(family)) {
        throw new NoSuchFamilyException("table '" + d.name() + "' has no column family '"
            + Bytes.toStringBinary(c.family()) + "' (row '" + Bytes.toStringBinary(c.row()) + "'); families: "
            + d.familyNames());
      }
      long ts = c.timestamp();
      if (ts == Mutation.LATEST_TIMESTAMP) {
        if (c.type() == CellType.DELETE) {
          throw new IllegalArgumentException("a pending delete of the latest version of column "
              + Bytes.toStringBinary(c.family()) + ":" + Bytes.toStringBinary(c.qualifier())
              + " needs a timestamp");
        }
        ts = now;
      }
      out.add(new Cell(c.row(), c.family(), c.qualifier(), ts, c.type(), c.value(), SEQUENCE));
    }
  }

  /** The pending cells of {@code table} in {@link CellComparator#WITH_SEQUENCE} order (a live, read-only view). */
  public NavigableMap<Cell, Cell> cells(String table) {
    ConcurrentNavigableMap<Cell, Cell> m = cells.get(table);
    return m == null ? Collections.emptyNavigableMap() : Collections.unmodifiableNavigableMap(m);
  }

  /** Whether {@code table} has a pending cell. */
  public boolean touches(String table) {
    ConcurrentSkipListMap<Cell, Cell> m = cells.get(table);
    return m != null && !m.isEmpty();
  }

  /** The rows written, by table, in the order first written. */
  public synchronized Map<String, List<byte[]>> rows() {
    Map<String, List<byte[]>> out = new LinkedHashMap<>();
    rows.forEach((t, keys) -> {
      List<byte[]> list = new ArrayList<>(keys.size());
      keys.forEach(k -> list.add(k.array()));
      out.put(t, list);
    });
    return out;
  }

  /** Every mutation added, in order, as one batch. */
  public synchronized WriteBatch toBatch() {
    WriteBatch b = new WriteBatch();
    for (WriteBatch.Entry e : mutations) {
      b.add(e.table(), e.mutation());
    }
    return b;
  }

  public synchronized boolean isEmpty() {
    return mutations.isEmpty();
  }

  /** The approximate heap size of the pending cells. */
  public synchronized long byteSize() {
    return bytes;
  }

  /** Forgets everything. */
  public synchronized void clear() {
    cells.clear();
    mutations.clear();
    rows.clear();
    bytes = 0;
  }
}
