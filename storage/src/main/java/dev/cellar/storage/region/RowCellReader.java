package dev.cellar.storage.region;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import dev.cellar.storage.CellComparator;
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
 *
 * <p>Filters move the reader with {@link #skipColumn()} and {@link #seekTo(Cell)}. Both keep
 * the rules above: a seek lands at the start of a column, never inside one (column markers
 * sort among the column's versions), and never skips the empty-qualifier column of a family
 * (which holds the family's markers) — a seek past it is postponed until it has been walked.
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
  /** A forward seek postponed until the family's markers are read; {@code null} if none. */
  private byte[] pendingFamily;
  private byte[] pendingQualifier;

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
    this.pendingFamily = null;
    this.pendingQualifier = null;
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

  /**
   * Skips the remaining versions of the column of the cell last returned. In the empty
   * qualifier (which holds the family's markers) the column is walked, returning nothing more.
   */
  void skipColumn() {
    if (qualifier == null) {
      return;
    }
    if (qualifier.length == 0) {
      columnDone = true;
      return;
    }
    if (it.valid() && sameColumn(it.cell())) {
      seekForward(Cell.lastOnColumn(row, family, qualifier));
    }
  }

  /**
   * Moves forward in the current row to the start of the hint's column (its timestamp is
   * ignored); a hint at or before the current column does nothing. A hint into another family
   * first reads that family's markers.
   */
  void seekTo(Cell hint) {
    byte[] hf = hint.family();
    byte[] hq = hint.qualifier();
    if (family != null) {
      int fc = Bytes.compare(hf, family);
      if (fc < 0) {
        return;
      }
      if (fc == 0) {
        if (qualifier != null && Bytes.compare(hq, qualifier) <= 0) {
          return;
        }
        if (qualifier == null || qualifier.length == 0) {
          // Still in the family's marker column: finish it (returning nothing more), then seek.
          pendingFamily = hf;
          pendingQualifier = hq;
          columnDone = qualifier != null;
          return;
        }
        seekForward(Cell.firstOnColumn(row, hf, hq));
        return;
      }
    }
    pendingFamily = hf;
    pendingQualifier = hq.length == 0 ? null : hq;
    seekForward(Cell.firstOnColumn(row, hf, Bytes.EMPTY));
  }

  /** Seeks to {@code key} unless the iterator is already there or past it. */
  private void seekForward(Cell key) {
    if (it.valid() && CellComparator.WITH_SEQUENCE.compare(it.cell(), key) < 0) {
      it.seek(key);
    }
  }

  private boolean sameColumn(Cell c) {
    return Arrays.equals(c.qualifier(), qualifier) && Arrays.equals(c.family(), family) && Arrays.equals(c.row(), row);
  }

  /** Returns false (having moved the iterator) if the family is not read. */
  private boolean enterFamily(Cell c) {
    if (pendingFamily != null) {
      int cmp = Bytes.compare(c.family(), pendingFamily);
      if (cmp < 0) {
        it.seek(Cell.firstOnColumn(row, pendingFamily, Bytes.EMPTY));
        return false;
      }
      if (cmp > 0 || pendingQualifier == null) {
        pendingFamily = null;
        pendingQualifier = null;
      }
    }
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
    boolean beforeTarget = false;
    if (pendingQualifier != null) {
      if (q.length == 0) {
        beforeTarget = true;
      } else {
        byte[] target = pendingQualifier;
        pendingFamily = null;
        pendingQualifier = null;
        if (Bytes.compare(q, target) < 0) {
          it.seek(Cell.firstOnColumn(row, family, target));
          return false;
        }
      }
    }
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
    // Walking the marker column on the way to a seek target: its puts lie before the target.
    columnDone = beforeTarget;
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
