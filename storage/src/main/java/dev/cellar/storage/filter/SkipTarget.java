package dev.cellar.storage.filter;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import dev.cellar.storage.CellComparator;
import dev.cellar.storage.filter.Filter.ReturnCode;

/**
 * How far one filter's answer about a cell lets the scan move, so that {@link FilterList} can
 * merge its members' answers: the farthest target for {@code MUST_PASS_ALL} (every member must
 * pass, so any member's skip is safe), the nearest for {@code MUST_PASS_ONE}. When a merged
 * target cannot be expressed together with "include" it is replaced by a nearer one, which is
 * always safe.
 *
 * <p>Targets order as: the next cell, then positions later in the same row (next column, a
 * hint to a later column), then the next row, then a hint into a later row (compared in scan
 * direction).
 */
final class SkipTarget {
  private static final int IN_ROW = 0;
  private static final int NEXT_ROW = 1;
  private static final int OTHER_ROW = 2;

  private final int rank;
  /** Position inside the row (rank IN_ROW) or the hint (rank OTHER_ROW); {@code null} for NEXT_ROW. */
  private final Cell key;
  /** The code that moves to this target without including the cell. */
  private final ReturnCode skipCode;

  private SkipTarget(int rank, Cell key, ReturnCode skipCode) {
    this.rank = rank;
    this.key = key;
    this.skipCode = skipCode;
  }

  /** The target of {@code code} for cell {@code c}; {@code hint} is used for SEEK_NEXT_USING_HINT. */
  static SkipTarget of(ReturnCode code, Cell c, Cell hint, boolean reversed) {
    switch (code) {
      case INCLUDE, SKIP:
        return new SkipTarget(IN_ROW, c, ReturnCode.SKIP);
      case INCLUDE_AND_NEXT_COL, NEXT_COL:
        return new SkipTarget(IN_ROW, Cell.lastOnColumn(c.row(), c.family(), c.qualifier()), ReturnCode.NEXT_COL);
      case INCLUDE_AND_SEEK_NEXT_ROW, NEXT_ROW:
        return new SkipTarget(NEXT_ROW, null, ReturnCode.NEXT_ROW);
      default:
        return ofHint(c, hint, reversed);
    }
  }

  /** The target of a hint given for cell {@code c} (a hint that does not move forward is the next cell). */
  static SkipTarget ofHint(Cell c, Cell hint, boolean reversed) {
    if (hint == null) {
      return new SkipTarget(IN_ROW, c, ReturnCode.SKIP);
    }
    int rows = Bytes.compare(hint.row(), c.row());
    if (rows == 0) {
      Cell column = Cell.firstOnColumn(hint.row(), hint.family(), hint.qualifier());
      if (CellComparator.INSTANCE.compare(column, Cell.lastOnColumn(c.row(), c.family(), c.qualifier())) > 0) {
        return new SkipTarget(IN_ROW, column, ReturnCode.SEEK_NEXT_USING_HINT);
      }
      return new SkipTarget(IN_ROW, c, ReturnCode.SKIP);
    }
    if (reversed ? rows < 0 : rows > 0) {
      return new SkipTarget(OTHER_ROW, hint, ReturnCode.SEEK_NEXT_USING_HINT);
    }
    return new SkipTarget(IN_ROW, c, ReturnCode.SKIP);
  }

  /** A row-level target after a rejected row key: its hint if it moves to another row, else the next row. */
  static SkipTarget ofRowHint(Cell firstRowCell, Cell hint, boolean reversed) {
    if (hint != null) {
      int rows = Bytes.compare(hint.row(), firstRowCell.row());
      if (reversed ? rows < 0 : rows > 0) {
        return new SkipTarget(OTHER_ROW, hint, ReturnCode.SEEK_NEXT_USING_HINT);
      }
    }
    return new SkipTarget(NEXT_ROW, null, ReturnCode.NEXT_ROW);
  }

  /** Whether the scan, now at {@code c} in the same row, has reached this target. */
  boolean reachedBy(Cell c) {
    return rank == IN_ROW && CellComparator.INSTANCE.compare(c, key) >= 0;
  }

  /** Whether the target is a hint (row-level or in-row). */
  boolean isHint() {
    return skipCode == ReturnCode.SEEK_NEXT_USING_HINT;
  }

  /** The hint cell, for a hint target. */
  Cell hint() {
    return key;
  }

  /** The code for this target: including the cell if {@code include} and expressible, else not. */
  ReturnCode code(boolean include) {
    if (!include) {
      return skipCode;
    }
    return switch (skipCode) {
      case NEXT_COL -> ReturnCode.INCLUDE_AND_NEXT_COL;
      case NEXT_ROW -> ReturnCode.INCLUDE_AND_SEEK_NEXT_ROW;
      default -> ReturnCode.INCLUDE;
    };
  }

  /** Order of two targets for the same cell; rows of hints compare in scan direction. */
  static int compare(SkipTarget a, SkipTarget b, boolean reversed) {
    if (a.rank != b.rank) {
      return Integer.compare(a.rank, b.rank);
    }
    if (a.rank == NEXT_ROW) {
      return 0;
    }
    if (a.rank == OTHER_ROW && reversed) {
      int rows = Bytes.compare(b.key.row(), a.key.row());
      return rows != 0 ? rows : CellComparator.INSTANCE.compareAfterRow(a.key, b.key);
    }
    return CellComparator.INSTANCE.compare(a.key, b.key);
  }

  static SkipTarget max(SkipTarget a, SkipTarget b, boolean reversed) {
    return a == null || compare(b, a, reversed) > 0 ? b : a;
  }

  static SkipTarget min(SkipTarget a, SkipTarget b, boolean reversed) {
    return a == null || compare(b, a, reversed) < 0 ? b : a;
  }
}
