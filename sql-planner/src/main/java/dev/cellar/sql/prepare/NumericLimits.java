package dev.cellar.sql.prepare;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import java.math.BigDecimal;
import org.apache.calcite.rel.type.RelDataTypeSystem;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.util.SqlBasicVisitor;

/**
 * Number literals a statement cannot use, refused with 22003 naming the literal and its
 * position before Calcite plans with them: a row count of {@code LIMIT}, {@code OFFSET} or
 * {@code FETCH} past what a plan's row counts hold ({@link #MAX_ROWS}), which Calcite's code
 * generation would fail on, and an exact literal with more digits than a DECIMAL holds, where
 * Calcite's type system would assert deriving the type of an expression over it.
 */
final class NumericLimits {
  private NumericLimits() {}

  /** The largest row count of LIMIT, OFFSET and FETCH. */
  static final long MAX_ROWS = Integer.MAX_VALUE;

  /** Refuses a LIMIT, OFFSET or FETCH literal of {@code node} past {@link #MAX_ROWS}. */
  static void checkRowCounts(SqlNode node) {
    node.accept(new SqlBasicVisitor<Void>() {
      @Override
      public Void visit(SqlCall call) {
        if (call instanceof SqlOrderBy o) {
          rowCount(o.offset, "OFFSET");
          rowCount(o.fetch, "LIMIT or FETCH");
        } else if (call instanceof SqlSelect s) {
          rowCount(s.getOffset(), "OFFSET");
          rowCount(s.getFetch(), "LIMIT or FETCH");
        }
        return super.visit(call);
      }
    });
  }

  private static void rowCount(SqlNode n, String clause) {
    RowCountParameters.record(n, clause);
    if (n instanceof SqlNumericLiteral lit) {
      BigDecimal v = lit.getValueAs(BigDecimal.class);
      if (!lit.isExact() || v.stripTrailingZeros().scale() > 0) {
        // the standard's row counts are exact numbers of scale 0; Calcite's code takes a DOUBLE for a DECIMAL
        throw new CellarSqlException(clause.equals("OFFSET") ? SqlState.INVALID_OFFSET_ROW_COUNT
            : SqlState.INVALID_FETCH_ROW_COUNT, "the row count " + text(lit) + " of " + clause + " is not a whole "
            + "number " + at(lit.getParserPosition()));
      }
      if (v.compareTo(BigDecimal.valueOf(MAX_ROWS)) > 0) {
        throw new CellarSqlException(SqlState.NUMERIC_OUT_OF_RANGE, "numeric value out of range: the row count "
            + text(lit) + " of " + clause + " is larger than " + MAX_ROWS + " " + at(lit.getParserPosition()));
      }
    }
  }

  /**
   * The refusal of the first exact number literal of {@code node} with more digits, or digits
   * after the point, than {@code types} gives a DECIMAL, or null if it has none.
   */
  static CellarSqlException decimalOutOfRange(SqlNode node, RelDataTypeSystem types) {
    CellarSqlException[] found = new CellarSqlException[1];
    node.accept(new SqlBasicVisitor<Void>() {
      @Override
      public Void visit(SqlLiteral literal) {
        if (found[0] == null && literal instanceof SqlNumericLiteral n && n.isExact()) {
          BigDecimal v = n.getValueAs(BigDecimal.class);
          int maxPrecision = types.getMaxNumericPrecision();
          int maxScale = types.getMaxNumericScale();
          if (v.precision() > maxPrecision || v.scale() > maxScale) {
            found[0] = new CellarSqlException(SqlState.NUMERIC_OUT_OF_RANGE, "numeric value out of range: the literal "
                + text(n) + " " + at(n.getParserPosition()) + " has more digits than a DECIMAL holds (at most "
                + maxPrecision + ", " + maxScale + " after the point)");
          }
        }
        return null;
      }
    });
    return found[0];
  }

  /** A number literal as written, its middle left out when long. */
  private static String text(SqlNumericLiteral lit) {
    String s = lit.toValue();
    if (s == null) {
      s = String.valueOf(lit.getValue());
    }
    return s.length() <= 40 ? s : s.substring(0, 20) + "..." + s.substring(s.length() - 5) + " (" + s.length()
        + " characters)";
  }

  private static String at(SqlParserPos pos) {
    return "(at line " + pos.getLineNum() + ", column " + pos.getColumnNum() + ")";
  }
}
