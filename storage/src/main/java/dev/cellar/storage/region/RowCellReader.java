package dev.cellar.storage.region;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import dev.cellar.storage.CellType;
import dev.cellar.storage.TimeRange;
import dev.cellar.storage.iter.CellIterator;
import java.util.Arrays;
import java.util.Map;

/**
 * Walks the cells of one row in a merged {@link CellIterator} and returns only the visible
 * ones, one at a time, applying HBase's read rules:
 *
 * <ol>
 *   <li>cells written after the reader's read point are ignored;</li>
 *   <li>delete markers mask puts whatever their write order: a family marker every column at
 *       or before its timestamp, a family-version marker every column at exactly its
 *       timestamp, a column marker the column at or before its timestamp, a version marker
 *       the column at exactly its timestamp — markers sort before the puts they mask, so one
 *       pass suffices (family markers have the empty qualifier and sort first in the family);</li>
 *   <li>of two puts with the same coordinates and timestamp only the later write counts;</li>
 *   <li>puts outside the time range are skipped; of those inside, at most {@code maxVersions}
 *       per column are returned, and an expired one (older than the TTL) only while the
 *       column has returned no more than MIN_VERSIONS.</li>
 * </ol>
 *
 * <p>Streaming: a row of any width is returned without being held in memory.
 */
final class RowCellReader {
  private final CellIterator it;
  private final long readPoint;
  private final TimeRange timeRange;
  private final Map<byte[], FamilyReadSpec> families;

  private byte[] row;
  private byte[] family;
  private FamilyReadSpec spec;
  private long familyDeleteTs;
  private final LongList familyVersionDeletes = new LongList();
  private byte[] qualifier;
  private boolean qualifierWanted;
  private long columnDeleteTs;
  private final LongList columnVersionDeletes = new LongList();
  private long lastPutTs;
  private int versions;
  private boolean columnDone;

  /** Families to read, by name (a map ordered as unsigned bytes), each with its spec. */
  RowCellReader(CellIterator it, long readPoint, TimeRange timeRange, Map<byte[], FamilyReadSpec> families) {
    this.it = it;
    this.readPoint = readPoint;
    this.timeRange = timeRange;
    this.families = families;
  }

  /** Begins a row; the iterator must be at the row's first cell (or past it if the row is empty). */
  void startRow(byte[] r) {
    this.row = r;
    this.family = null;
    this.qualifier = null;
  }

  /** The next visible cell of the row, or {@code null} when the row has no more. */
  Cell next() {
    while (it.valid()) {
      Cell c = it.cell();
      if (!Arrays.equals(c.row(), row)) {
        return null;
      }
      if (family == null || !Arrays.equals(c.family(), family)) {
        if (!enterFamily(c)) {
          continue;
        }
      }
      if (qualifier == null || !Arrays.equals(c.qualifier(), qualifier)) {
        if (!enterColumn(c)) {
          continue;
        }
      }
      it.next();
      if (c.sequenceId() > readPoint) {
        continue;
      }
      CellType type = c.type();
      long ts = c.timestamp();
      if (type != CellType.PUT) {
        switch (type) {
          case DELETE_FAMILY -> familyDeleteTs = Math.max(familyDeleteTs, ts);
          case DELETE_FAMILY_VERSION -> familyVersionDeletes.add(ts);
          case DELETE_COLUMN -> columnDeleteTs = Math.max(columnDeleteTs, ts);
          case DELETE -> columnVersionDeletes.add(ts);
          default -> { }
        }
        continue;
      }
      if (columnDone || ts == lastPutTs) {
        continue;
      }
      lastPutTs = ts;
      if (ts <= familyDeleteTs || ts <= columnDeleteTs || familyVersionDeletes.contains(ts)
          || columnVersionDeletes.contains(ts)) {
        continue;
      }
      if (ts >= timeRange.max()) {
        continue;
      }
      if (ts < timeRange.min()) {
        columnDone = true;
        continue;
      }
      versions++;
      if (versions > spec.maxVersions() || (ts < spec.oldestUnexpired() && versions > spec.minVersions())) {
        columnDone = true;
        continue;
      }
      if (qualifierWanted) {
        return c;
      }
    }
    return null;
  }

  /** Skips the rest of the current row. */
  void skipRow() {
    if (it.valid() && Arrays.equals(it.cell().row(), row)) {
      it.seek(Cell.firstOnRow(Bytes.rowAfter(row)));
    }
  }

  /** Returns false (having moved the iterator) if the family is not read. */
  private boolean enterFamily(Cell c) {
    FamilyReadSpec s = families.get(c.family());
    if (s == null) {
      // Not a requested family: jump to the next family of the row.
      it.seek(Cell.firstOnColumn(row, Bytes.rowAfter(c.family()), Bytes.EMPTY));
      return false;
    }
    family = c.family();
    spec = s;
    familyDeleteTs = -1;
    familyVersionDeletes.clear();
    qualifier = null;
    return true;
  }

  /** Returns false (having moved the iterator) if the column is neither read nor needed for markers. */
  private boolean enterColumn(Cell c) {
    byte[] q = c.qualifier();
    boolean wanted = spec.qualifiers() == null || spec.qualifiers().contains(q);
    if (!wanted && q.length != 0) {
      byte[] nextQ = spec.qualifiers().higher(q);
      if (nextQ == null) {
        it.seek(Cell.firstOnColumn(row, Bytes.rowAfter(family), Bytes.EMPTY));
      } else {
        it.seek(Cell.firstOnColumn(row, family, nextQ));
      }
      return false;
    }
    // The empty qualifier is always walked: it holds the family's delete markers.
    qualifier = q;
    qualifierWanted = wanted;
    columnDeleteTs = -1;
    columnVersionDeletes.clear();
    lastPutTs = Long.MIN_VALUE;
    versions = 0;
    columnDone = false;
    return true;
  }

  /** A tiny set of longs; marker sets per column are almost always empty or tiny. */
  private static final class LongList {
    private long[] values = new long[4];
    private int size;

    void add(long v) {
      if (contains(v)) {
        return;
      }
      if (size == values.length) {
        values = Arrays.copyOf(values, size * 2);
      }
      values[size++] = v;
    }

    boolean contains(long v) {
      for (int i = 0; i < size; i++) {
        if (values[i] == v) {
          return true;
        }
      }
      return false;
    }

    void clear() {
      size = 0;
    }
  }
}
