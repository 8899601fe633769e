package dev.cellar.storage.filter;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import dev.cellar.storage.CellView;
import java.util.Arrays;
import java.util.Objects;

/**
 * Keeps the rows in which one column's value passes {@code value OP reference}, with all their
 * cells (HBase's semantics):
 *
 * <ul>
 *   <li>by default only the column's newest returned version is tested
 *       ({@link #setLatestVersionOnly}); with {@code false}, a row passes if any returned
 *       version passes;</li>
 *   <li>a row without the column passes unless {@link #setFilterIfMissing} is set;</li>
 *   <li>the column must be among the columns the scan reads: if the scan selects columns
 *       ({@code addColumn}/{@code addFamily}) without the tested one, the filter never sees it
 *       and every row counts as missing the column. Add the tested column to the scan (and
 *       drop it from the results yourself if unwanted).</li>
 * </ul>
 *
 * <p>The decision is made when the row has been read, so the scanner collects each row's
 * cells before returning them. Holds per-row state: one instance per scan.
 */
public final class SingleColumnValueFilter extends Filter {
  private final byte[] family;
  private final byte[] qualifier;
  private final CompareOperator op;
  private final ByteArrayComparable comparator;
  private boolean filterIfMissing;
  private boolean latestVersionOnly = true;
  private boolean found;
  private boolean matched;

  /** Tests the column against {@code value} with a {@link BinaryComparator}. */
  public SingleColumnValueFilter(byte[] family, byte[] qualifier, CompareOperator op, byte[] value) {
    this(family, qualifier, op, new BinaryComparator(value));
  }

  public SingleColumnValueFilter(byte[] family, byte[] qualifier, CompareOperator op, ByteArrayComparable comparator) {
    this.family = Objects.requireNonNull(family, "family");
    this.qualifier = Objects.requireNonNull(qualifier, "qualifier");
    this.op = Objects.requireNonNull(op, "operator");
    this.comparator = Objects.requireNonNull(comparator, "comparator");
  }

  /** Whether rows without the tested column are dropped (default {@code false}: they pass). */
  public SingleColumnValueFilter setFilterIfMissing(boolean filterIfMissing) {
    this.filterIfMissing = filterIfMissing;
    return this;
  }

  /** Whether only the newest returned version is tested (default {@code true}). */
  public SingleColumnValueFilter setLatestVersionOnly(boolean latestVersionOnly) {
    this.latestVersionOnly = latestVersionOnly;
    return this;
  }

  public boolean getFilterIfMissing() {
    return filterIfMissing;
  }

  public boolean getLatestVersionOnly() {
    return latestVersionOnly;
  }

  public byte[] getFamily() {
    return family;
  }

  public byte[] getQualifier() {
    return qualifier;
  }

  public CompareOperator getCompareOperator() {
    return op;
  }

  public ByteArrayComparable getComparator() {
    return comparator;
  }

  @Override
  public void reset() {
    found = false;
    matched = false;
  }

  @Override
  public ReturnCode filterCell(Cell c) {
    return filterCell((CellView) c);
  }

  @Override
  public boolean filtersViews() {
    return true;
  }

  @Override
  public ReturnCode filterCell(CellView c) {
    if (matched) {
      return ReturnCode.INCLUDE;
    }
    if (found && latestVersionOnly) {
      // The newest version failed: the row is lost whatever follows.
      return ReturnCode.NEXT_ROW;
    }
    if (!c.qualifierEquals(qualifier) || !Arrays.equals(c.family(), family)) {
      return ReturnCode.INCLUDE;
    }
    found = true;
    if (op.matches(comparator, c.valueArray(), c.valueOffset(), c.valueLength())) {
      matched = true;
      return ReturnCode.INCLUDE;
    }
    return latestVersionOnly ? ReturnCode.NEXT_ROW : ReturnCode.INCLUDE;
  }


  @Override
  public boolean hasFilterRow() {
    return true;
  }

  /** False: rows are decided by the tested column's cells, never by their keys. */
  @Override
  public boolean filtersRowKeys() {
    return false;
  }

  /** True: the row is decided by the tested column's cells alone. */
  @Override
  public boolean decidesRowsOnViews() {
    return true;
  }

  /** Once the tested column matched, or its newest version failed when only that one counts. */
  @Override
  public boolean rowDecided() {
    return matched || found && latestVersionOnly;
  }

  @Override
  public boolean filterRow() {
    return found ? !matched : filterIfMissing;
  }

  @Override
  public String toString() {
    return "SingleColumnValueFilter(" + Bytes.toStringBinary(family) + ":" + Bytes.toStringBinary(qualifier) + " "
        + op + " " + comparator + (filterIfMissing ? ", filterIfMissing" : "")
        + (latestVersionOnly ? "" : ", allVersions") + ")";
  }

  @Override
  public Filter copy() {
    return new SingleColumnValueFilter(family, qualifier, op, comparator).setFilterIfMissing(filterIfMissing)
        .setLatestVersionOnly(latestVersionOnly);
  }
}
