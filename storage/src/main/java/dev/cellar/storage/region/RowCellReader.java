package dev.cellar.storage.region;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import dev.cellar.storage.CellComparator;
import dev.cellar.storage.CellType;
import dev.cellar.storage.CellView;
import dev.cellar.storage.PendingWrites;
import dev.cellar.storage.TimeRange;
import dev.cellar.storage.iter.CellIterator;
import java.util.Arrays;
import java.util.Map;

/**
 * Walks the cells of one row in a merged {@link CellIterator} and returns only the visible
 * ones, one at a time, applying HBase's read rules:
 *
 * <ol>
 *   <li>cells written after the reader's read point are ignored (pending cells of a
 *       transaction, {@link PendingWrites#SEQUENCE}, are always seen);</li>
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
 * <p>Streaming: a row of any width is returned without being held in memory. The rules are
 * applied to the iterator's {@link CellView}s, so a cell that is not returned (masked, too old,
 * of a column not asked for) is never built; {@link #advance()} with {@link #consume()} lets a
 * caller read the visible cells as views too.
 *
 * <p>Filters move the reader with {@link #skipColumn()} and {@link #seekTo(Cell)}. Both keep
 * the rules above: a seek lands at the start of a column, never inside one (column markers
 * sort among the column's versions), and never skips the empty-qualifier column of a family
 * (which holds the family's markers) — a seek past it is postponed until it has been walked.
 */
final class RowCellReader {
  /** Cells stepped over before a forward move gives up stepping and seeks. */
  private static final int STEPS_BEFORE_SEEK = 8;

  private final CellIterator it;
  private final long readPoint;
  private final TimeRange timeRange;
  private final Map<byte[], FamilyReadSpec> families;

  /** The current row: {@code row[0, rowLength)}; either the caller's array or {@link #rowBuffer}. */
  private byte[] row;
  private int rowLength;
  private byte[] rowBuffer = new byte[64];
  private byte[] family;
  private FamilyReadSpec spec;
  /** The family array last looked up, and what it found, kept from row to row. */
  private byte[] lastFamily;
  private FamilyReadSpec lastSpec;
  private long familyDeleteTs;
  private final LongList familyVersionDeletes = new LongList();
  /** Whether a column has been entered; its qualifier is {@code qualifier[0, qualifierLength)}. */
  private boolean inColumn;
  private byte[] qualifier = new byte[32];
  private int qualifierLength;
  private boolean qualifierWanted;
  private long columnDeleteTs;
  private final LongList columnVersionDeletes = new LongList();
  private long lastPutTs;
  private int versions;
  private boolean columnDone;
  /** A forward seek postponed until the family's markers are read; {@code null} if none. */
  private byte[] pendingFamily;
  private byte[] pendingQualifier;
  /** The reader's last move was a {@code next()} from a cell of the current row. */
  private boolean stepped;
  /** Every cell the iterator shows is visible: a whole family's cells are returned as they come. */
  private boolean allVisible;
  /**
   * The iterator has not moved since {@link #startRowAtIterator()} took the row from its cell,
   * so that cell is in the row without comparing.
   */
  private boolean atRowsFirstCell;

  /** Families to read, by name (a map ordered as unsigned bytes), each with its spec. */
  RowCellReader(CellIterator it, long readPoint, TimeRange timeRange, Map<byte[], FamilyReadSpec> families) {
    this.it = it;
    this.readPoint = readPoint;
    this.timeRange = timeRange;
    this.families = families;
  }

  /**
   * Declares every cell of the iterator visible, as {@link #allVisible} found: the families
   * read whole then return their cells without the rules being applied. Not for readers that
   * filters move by columns ({@link #seekTo(Cell)}; {@link #skipColumn()} has nothing to skip
   * when every column has one cell).
   */
  void allCellsVisible() {
    this.allVisible = true;
  }

  /**
   * Whether the rules let every cell of a store file through, so that a reader whose only
   * source it is may skip them: no delete markers, no column with more than one cell, no cell
   * written after the read point, none outside the time range, none expired (or each kept by
   * MIN_VERSIONS, being its column's only version).
   */
  static boolean allVisible(dev.cellar.storage.sst.StoreFileInfo info, Map<byte[], FamilyReadSpec> families,
      TimeRange timeRange, long readPoint) {
    if (info.deleteCount() != 0 || info.repeatCount() != 0 || info.maxSequenceId() > readPoint
        || info.minTimestamp() < timeRange.min() || info.maxTimestamp() >= timeRange.max()) {
      return false;
    }
    FamilyReadSpec spec = families.get(info.family());
    return spec == null || spec.maxVersions() >= 1
        && (spec.minVersions() >= 1 || info.minTimestamp() >= spec.oldestUnexpired());
  }

  /** Begins a row; the iterator must be at the row's first cell (or past it if the row is empty). */
  void startRow(byte[] r) {
    this.row = r;
    this.rowLength = r.length;
    resetRow();
  }

  /**
   * Begins row {@code r}, whose first cell (it must have one) the iterator is at, so that this
   * cell is not compared with it.
   */
  void startRowAt(byte[] r) {
    startRow(r);
    atRowsFirstCell = true;
  }

  /** Begins the row of the iterator's current cell (which must be valid), copying its key. */
  void startRowAtIterator() {
    CellView v = it.view();
    int n = v.rowLength();
    if (n > rowBuffer.length) {
      rowBuffer = new byte[Math.max(n, rowBuffer.length * 2)];
    }
    System.arraycopy(v.rowArray(), v.rowOffset(), rowBuffer, 0, n);
    this.row = rowBuffer;
    this.rowLength = n;
    resetRow();
    atRowsFirstCell = true;
  }

  private void resetRow() {
    this.stepped = false;
    this.atRowsFirstCell = false;
    this.family = null;
    this.inColumn = false;
    this.pendingFamily = null;
    this.pendingQualifier = null;
  }

  /** The next visible cell of the row, or {@code null} when the row has no more. */
  Cell next() {
    if (!advance()) {
      return null;
    }
    Cell c = it.cell();
    it.next();
    stepped = true;
    return c;
  }

  /**
   * Moves to the next visible cell of the row and stops <em>at</em> it: the iterator's
   * {@link CellIterator#view()} shows it until {@link #consume()} steps past it. Returns false
   * (the iterator past the row) when the row has no more. Calling it again without
   * {@code consume()} breaks the version count.
   */
  boolean advance() {
    boolean inRow = atRowsFirstCell;
    atRowsFirstCell = false;
    while (it.valid()) {
      CellView c = it.view();
      if (!inRow && !(stepped && it.sameRowAsPrevious())
          && (stepped && it.otherRowThanPrevious() || !c.rowEquals(row, 0, rowLength))) {
        return false;
      }
      inRow = false;
      byte[] f = c.family();
      if (family == null || (f != family && !Arrays.equals(f, family))) {
        if (!enterFamily(f)) {
          continue;
        }
      }
      if (allVisible && spec.wholeFamily()) {
        return true;
      }
      byte[] qa = c.qualifierArray();
      int qo = c.qualifierOffset();
      int ql = c.qualifierLength();
      if (!inColumn || !Arrays.equals(qa, qo, qo + ql, qualifier, 0, qualifierLength)) {
        if (!enterColumn(qa, qo, ql)) {
          continue;
        }
      }
      if (visible(c) && qualifierWanted) {
        return true;
      }
      if (columnDone && qualifierLength > 0) {
        passColumn();
        continue;
      }
      it.next();
      stepped = true;
    }
    return false;
  }

  /**
   * Steps past the rest of a column whose versions are all taken, and seeks past it if it goes
   * on: a counter updated many times holds every version in the memstore until the flush, and
   * in its files until a compaction. (Not in the empty qualifier, which holds the family's
   * markers.)
   */
  private void passColumn() {
    for (int i = 0; i < STEPS_BEFORE_SEEK; i++) {
      it.next();
      stepped = true;
      if (!it.valid() || !sameColumn(it.view())) {
        return;
      }
    }
    seek(Cell.lastOnColumn(rowKey(), family, qualifierKey()));
  }

  /** Steps past the cell {@link #advance()} stopped at. */
  void consume() {
    it.next();
    stepped = true;
    atRowsFirstCell = false;
  }

  /** Applies the read rules to a cell of the current column, updating the column's state. */
  private boolean visible(CellView c) {
    if (c.sequenceId() > readPoint && c.sequenceId() != PendingWrites.SEQUENCE) {
      return false;
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
      return false;
    }
    if (columnDone || ts == lastPutTs) {
      return false;
    }
    lastPutTs = ts;
    if (ts <= familyDeleteTs || ts <= columnDeleteTs || familyVersionDeletes.contains(ts)
        || columnVersionDeletes.contains(ts)) {
      return false;
    }
    if (ts >= timeRange.max()) {
      return false;
    }
    if (ts < timeRange.min()) {
      columnDone = true;
      return false;
    }
    versions++;
    if (versions > spec.maxVersions() || (ts < spec.oldestUnexpired() && versions > spec.minVersions())) {
      columnDone = true;
      return false;
    }
    return true;
  }

  /** The current row as an array of its own length. */
  /** The current row's key, as a new array. */
  byte[] rowCopy() {
    return Arrays.copyOf(row, rowLength);
  }

  private byte[] rowKey() {
    return row.length == rowLength ? row : Arrays.copyOf(row, rowLength);
  }

  private byte[] qualifierKey() {
    return Arrays.copyOf(qualifier, qualifierLength);
  }

  /**
   * Skips the rest of the current row: steps while the iterator says it stays in the row (a
   * hint that costs no comparison), seeks to the next row if the row goes on for long.
   */
  void skipRow() {
    atRowsFirstCell = false;
    if (!it.valid() || !(stepped && it.sameRowAsPrevious()) && !it.view().rowEquals(row, 0, rowLength)) {
      return;
    }
    for (int i = 0; i < STEPS_BEFORE_SEEK; i++) {
      it.nextSkippingRow();
      stepped = true;
      if (!it.valid() || !it.sameRowAsPrevious()
          && (it.otherRowThanPrevious() || !it.view().rowEquals(row, 0, rowLength))) {
        stepped = false;
        return;
      }
    }
    seek(Cell.firstOnRow(Bytes.rowAfter(rowKey())));
  }

  /**
   * Skips the remaining versions of the column of the cell last returned. In the empty
   * qualifier (which holds the family's markers) the column is walked, returning nothing more.
   */
  void skipColumn() {
    if (!inColumn) {
      return;
    }
    if (qualifierLength == 0) {
      columnDone = true;
      return;
    }
    if (it.valid() && sameColumn(it.view())) {
      seekForward(Cell.lastOnColumn(rowKey(), family, qualifierKey()));
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
        if (inColumn && Arrays.compareUnsigned(hq, 0, hq.length, qualifier, 0, qualifierLength) <= 0) {
          return;
        }
        if (!inColumn || qualifierLength == 0) {
          // Still in the family's marker column: finish it (returning nothing more), then seek.
          pendingFamily = hf;
          pendingQualifier = hq;
          columnDone = inColumn;
          return;
        }
        seekForward(Cell.firstOnColumn(rowKey(), hf, hq));
        return;
      }
    }
    pendingFamily = hf;
    pendingQualifier = hq.length == 0 ? null : hq;
    seekForward(Cell.firstOnColumn(rowKey(), hf, Bytes.EMPTY));
  }

  /** Seeks to {@code key} unless the iterator is already there or past it. */
  private void seekForward(Cell key) {
    if (it.valid() && CellComparator.WITH_SEQUENCE.compare(it.cell(), key) < 0) {
      seek(key);
    }
  }

  /**
   * Moves forward to the first cell at or after {@code key}. A target a few cells ahead (the
   * next row of a narrow row, the next wanted column) is reached by stepping, which is much
   * cheaper than a seek of every merged source; farther ones by a seek.
   */
  private void seek(Cell key) {
    stepped = false;
    atRowsFirstCell = false;
    for (int i = 0; i < STEPS_BEFORE_SEEK; i++) {
      if (!it.valid() || CellComparator.WITH_SEQUENCE.compare(it.view(), key) >= 0) {
        return;
      }
      it.next();
    }
    if (it.valid() && CellComparator.WITH_SEQUENCE.compare(it.view(), key) < 0) {
      it.seek(key);
    }
  }

  private boolean sameColumn(CellView c) {
    int qo = c.qualifierOffset();
    return Arrays.equals(c.qualifierArray(), qo, qo + c.qualifierLength(), qualifier, 0, qualifierLength)
        && Arrays.equals(c.family(), family) && c.rowEquals(row, 0, rowLength);
  }

  /** Returns false (having moved the iterator) if the family is not read. */
  private boolean enterFamily(byte[] f) {
    if (pendingFamily != null) {
      int cmp = Bytes.compare(f, pendingFamily);
      if (cmp < 0) {
        seek(Cell.firstOnColumn(rowKey(), pendingFamily, Bytes.EMPTY));
        return false;
      }
      if (cmp > 0 || pendingQualifier == null) {
        pendingFamily = null;
        pendingQualifier = null;
      }
    }
    FamilyReadSpec s;
    if (f == lastFamily) {
      // rows after the first: a store file's cells share one family array
      s = lastSpec;
    } else {
      s = families.get(f);
      lastFamily = f;
      lastSpec = s;
    }
    if (s == null) {
      // Not a requested family: jump to the next family of the row.
      seek(Cell.firstOnColumn(rowKey(), Bytes.rowAfter(f), Bytes.EMPTY));
      return false;
    }
    family = f;
    spec = s;
    familyDeleteTs = -1;
    familyVersionDeletes.clear();
    inColumn = false;
    return true;
  }

  /**
   * Returns false (having moved the iterator) if the column {@code q[qo, qo+ql)} is neither
   * read nor needed for markers.
   */
  private boolean enterColumn(byte[] q, int qo, int ql) {
    boolean beforeTarget = false;
    if (pendingQualifier != null) {
      if (ql == 0) {
        beforeTarget = true;
      } else {
        byte[] target = pendingQualifier;
        pendingFamily = null;
        pendingQualifier = null;
        if (Arrays.compareUnsigned(q, qo, qo + ql, target, 0, target.length) < 0) {
          seek(Cell.firstOnColumn(rowKey(), family, target));
          return false;
        }
      }
    }
    int at = spec.wholeFamily() ? 0 : spec.find(q, qo, ql);
    boolean wanted = at >= 0;
    if (!wanted && ql != 0) {
      int next = -at - 1;
      if (next == spec.qualifiers().length) {
        seek(Cell.firstOnColumn(rowKey(), Bytes.rowAfter(family), Bytes.EMPTY));
      } else {
        seek(Cell.firstOnColumn(rowKey(), family, spec.qualifiers()[next]));
      }
      return false;
    }
    // The empty qualifier is always walked: it holds the family's delete markers.
    if (ql > qualifier.length) {
      qualifier = new byte[Math.max(ql, qualifier.length * 2)];
    }
    System.arraycopy(q, qo, qualifier, 0, ql);
    qualifierLength = ql;
    inColumn = true;
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
