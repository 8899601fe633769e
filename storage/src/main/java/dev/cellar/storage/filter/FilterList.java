package dev.cellar.storage.filter;

import dev.cellar.storage.Cell;
import dev.cellar.storage.CellView;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * Combines filters: {@link Operator#MUST_PASS_ALL} (AND) keeps what every member keeps,
 * {@link Operator#MUST_PASS_ONE} (OR) what at least one member keeps. Lists nest.
 *
 * <ul>
 *   <li><b>Row keys.</b> AND rejects a row if any member rejects it; OR only if all do. Under OR,
 *       a member that rejected the row key (or whose {@link Filter#filterAllRemaining()} holds)
 *       takes no part in that row.</li>
 *   <li><b>Cells.</b> AND includes a cell if every member includes it, OR if any does. Every
 *       member sees every cell under AND; under OR a member is not asked again about cells
 *       before the point its last answer skipped to (HBase's rule since HBASE-17678).</li>
 *   <li><b>Skips and hints.</b> AND moves to the farthest position any member allows, OR to the
 *       nearest; a hint from the list is the merged position.</li>
 *   <li><b>Transforms.</b> An included cell passes through the {@link Filter#transformCell}
 *       of every member under AND, of the members that included it under OR, in list order;
 *       {@link Filter#filterRowCells} runs for every taking-part member in order.</li>
 *   <li><b>Rows.</b> AND drops a row at the first member (in list order) whose
 *       {@link Filter#filterRow()} is true, so put {@link PageFilter} last; OR drops it only if
 *       every taking-part member does.</li>
 *   <li><b>End of scan.</b> AND ends when any member is done, OR when all are; like the scanner,
 *       the list asks its members before each row, so a row being read is finished.</li>
 *   <li><b>Views.</b> An AND list whose members all decide rows on views (single-column value
 *       filters: {@code WHERE a = ? AND b = ?}) does too: the scanner decides its rows on cells
 *       in place and a read of one all-visible file skips the read rules, as for one such
 *       filter.</li>
 * </ul>
 *
 * <p>A list holds its members' state: one instance (with its members) per scan.
 */
public final class FilterList extends Filter {
  /** How members combine. */
  public enum Operator {
    /** Every member must pass (AND). */
    MUST_PASS_ALL,
    /** At least one member must pass (OR). */
    MUST_PASS_ONE
  }

  private final Operator operator;
  private final List<Filter> filters = new ArrayList<>();
  /** Per member, for the current row: whether it takes no part (OR only). */
  private boolean[] out = new boolean[0];
  /** Per member: where its last answer in this row let the scan move (OR only). */
  private SkipTarget[] targets = new SkipTarget[0];
  /** Per member: whether it included the last cell. */
  private boolean[] included = new boolean[0];
  private Cell hint;
  /** {@link #decidesRowsOnViews()}, worked out on first use after a member was added; null before. */
  private Boolean onViews;

  public FilterList(Operator operator, List<Filter> filters) {
    this.operator = Objects.requireNonNull(operator, "operator");
    for (Filter f : filters) {
      addFilter(f);
    }
  }

  public FilterList(Operator operator, Filter... filters) {
    this(operator, Arrays.asList(filters));
  }

  /** An AND list. */
  public FilterList(Filter... filters) {
    this(Operator.MUST_PASS_ALL, filters);
  }

  /** Appends a member. */
  public FilterList addFilter(Filter filter) {
    filters.add(Objects.requireNonNull(filter, "filter"));
    onViews = null;
    filter.setReversed(isReversed());
    int n = filters.size();
    out = Arrays.copyOf(out, n);
    targets = Arrays.copyOf(targets, n);
    included = Arrays.copyOf(included, n);
    return this;
  }

  public Operator getOperator() {
    return operator;
  }

  /** The members, in order. */
  public List<Filter> getFilters() {
    return Collections.unmodifiableList(filters);
  }

  private boolean all() {
    return operator == Operator.MUST_PASS_ALL;
  }

  @Override
  public void setReversed(boolean reversed) {
    super.setReversed(reversed);
    for (Filter f : filters) {
      f.setReversed(reversed);
    }
  }

  @Override
  public void reset() {
    // once a row: indexed loops, no iterator
    for (int i = 0; i < filters.size(); i++) {
      filters.get(i).reset();
      out[i] = false;
      targets[i] = null;
      included[i] = false;
    }
    hint = null;
  }

  @Override
  public boolean filterAllRemaining() {
    if (filters.isEmpty()) {
      return false;
    }
    for (int i = 0; i < filters.size(); i++) {
      if (filters.get(i).filterAllRemaining() == all()) {
        return all();
      }
    }
    return !all();
  }

  @Override
  public boolean filterRowKey(Cell firstRowCell) {
    if (filters.isEmpty()) {
      return false;
    }
    boolean reversed = isReversed();
    SkipTarget merged = null;
    boolean anyKept = false;
    for (int i = 0; i < filters.size(); i++) {
      Filter f = filters.get(i);
      boolean rejected = f.filterAllRemaining() || f.filterRowKey(firstRowCell);
      out[i] = rejected;
      if (!rejected) {
        anyKept = true;
        continue;
      }
      SkipTarget t = SkipTarget.ofRowHint(firstRowCell, f.getNextCellHint(firstRowCell), reversed);
      merged = all() ? SkipTarget.max(merged, t, reversed) : SkipTarget.min(merged, t, reversed);
    }
    boolean rejected = all() ? merged != null : !anyKept;
    hint = rejected && merged.isHint() ? merged.hint() : null;
    if (all()) {
      Arrays.fill(out, false);
    }
    return rejected;
  }

  @Override
  public ReturnCode filterCell(Cell c) {
    if (filters.isEmpty()) {
      return ReturnCode.INCLUDE;
    }
    return all() ? filterCellAll(c) : filterCellOne(c);
  }

  private ReturnCode filterCellAll(Cell c) {
    boolean reversed = isReversed();
    boolean include = true;
    SkipTarget merged = null;
    for (int i = 0; i < filters.size(); i++) {
      Filter f = filters.get(i);
      ReturnCode rc = f.filterCell(c);
      included[i] = rc.includes();
      include &= included[i];
      Cell h = rc == ReturnCode.SEEK_NEXT_USING_HINT ? f.getNextCellHint(c) : null;
      merged = SkipTarget.max(merged, SkipTarget.of(rc, c, h, reversed), reversed);
    }
    return answer(include, merged);
  }

  private ReturnCode filterCellOne(Cell c) {
    boolean reversed = isReversed();
    boolean include = false;
    SkipTarget merged = null;
    for (int i = 0; i < filters.size(); i++) {
      included[i] = false;
      Filter f = filters.get(i);
      if (out[i]) {
        continue;
      }
      if (targets[i] == null || targets[i].reachedBy(c)) {
        ReturnCode rc = f.filterCell(c);
        included[i] = rc.includes();
        include |= included[i];
        Cell h = rc == ReturnCode.SEEK_NEXT_USING_HINT ? f.getNextCellHint(c) : null;
        targets[i] = SkipTarget.of(rc, c, h, reversed);
      }
      merged = SkipTarget.min(merged, targets[i], reversed);
    }
    if (merged == null) {
      return ReturnCode.NEXT_ROW;
    }
    return answer(include, merged);
  }

  /**
   * True for an AND list whose every member decides rows on views
   * ({@link #decidesRowsOnViews()}), so that its answers about a view need no built cell.
   */
  @Override
  public boolean filtersViews() {
    return decidesRowsOnViews();
  }

  /**
   * For an AND list of members that decide rows on views: every member sees the cell in place;
   * their answers being only to include, skip or go to the next row, the list includes the cell
   * if all include it and goes to the next row if any asks to.
   */
  @Override
  public ReturnCode filterCell(CellView v) {
    if (!filtersViews()) {
      return super.filterCell(v);
    }
    boolean include = true;
    boolean nextRow = false;
    for (int i = 0; i < filters.size(); i++) {
      ReturnCode rc = filters.get(i).filterCell(v);
      included[i] = rc.includes();
      include &= included[i];
      nextRow |= rc == ReturnCode.NEXT_ROW || rc == ReturnCode.INCLUDE_AND_SEEK_NEXT_ROW;
    }
    hint = null;
    if (nextRow) {
      return include ? ReturnCode.INCLUDE_AND_SEEK_NEXT_ROW : ReturnCode.NEXT_ROW;
    }
    return include ? ReturnCode.INCLUDE : ReturnCode.SKIP;
  }

  /**
   * An AND list of at least one member, each deciding rows on views: the list's decisions then
   * depend on the cells alone too, and its {@link #filterRowCells} runs the members' (which do
   * nothing).
   */
  @Override
  public boolean decidesRowsOnViews() {
    Boolean v = onViews;
    if (v == null) {
      boolean all = all() && !filters.isEmpty();
      for (int i = 0; all && i < filters.size(); i++) {
        all = filters.get(i).filtersViews() && filters.get(i).decidesRowsOnViews();
      }
      onViews = v = all;
    }
    return v;
  }

  /** Settled when a member settled on dropping the row, or every member settled. */
  @Override
  public boolean rowDecided() {
    boolean every = true;
    for (int i = 0; i < filters.size(); i++) {
      Filter f = filters.get(i);
      if (f.rowDecided()) {
        if (f.filterRow()) {
          return true;
        }
      } else {
        every = false;
      }
    }
    return every;
  }

  private ReturnCode answer(boolean include, SkipTarget merged) {
    ReturnCode rc = merged.code(include);
    hint = rc == ReturnCode.SEEK_NEXT_USING_HINT ? merged.hint() : null;
    return rc;
  }

  @Override
  public Cell transformCell(Cell c) {
    Cell t = c;
    for (int i = 0; i < filters.size(); i++) {
      if (included[i]) {
        t = filters.get(i).transformCell(t);
      }
    }
    return t;
  }

  @Override
  public Cell getNextCellHint(Cell current) {
    return hint;
  }

  /**
   * False for an AND list none of whose members filters row keys: a member whose
   * {@link #filterAllRemaining()} turns true ends the scan before the list is asked about a row.
   */
  @Override
  public boolean filtersRowKeys() {
    if (!all()) {
      return true;
    }
    for (int i = 0; i < filters.size(); i++) {
      if (filters.get(i).filtersRowKeys()) {
        return true;
      }
    }
    return false;
  }

  @Override
  public boolean hasFilterRow() {
    for (int i = 0; i < filters.size(); i++) {
      if (filters.get(i).hasFilterRow()) {
        return true;
      }
    }
    return false;
  }

  @Override
  public void filterRowCells(List<Cell> cells) {
    for (int i = 0; i < filters.size(); i++) {
      if (!out[i]) {
        filters.get(i).filterRowCells(cells);
      }
    }
  }

  @Override
  public boolean filterRow() {
    if (all()) {
      for (int i = 0; i < filters.size(); i++) {
        if (filters.get(i).filterRow()) {
          return true;
        }
      }
      return false;
    }
    boolean drop = true;
    for (int i = 0; i < filters.size(); i++) {
      if (!out[i] && !filters.get(i).filterRow()) {
        drop = false;
      }
    }
    return drop;
  }

  @Override
  public String toString() {
    return operator + filters.toString();
  }

  @Override
  public Filter copy() {
    List<Filter> copies = new ArrayList<>(filters.size());
    for (Filter f : filters) {
      Filter c = f.copy();
      if (c == null) {
        return null;
      }
      copies.add(c);
    }
    return new FilterList(operator, copies);
  }
}
