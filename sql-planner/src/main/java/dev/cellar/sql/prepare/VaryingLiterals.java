package dev.cellar.sql.prepare;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.apache.calcite.sql.SqlBasicTypeNameSpec;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.fun.SqlCase;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Makes string literals of different lengths that are alternatives for one value VARCHARs, so
 * that they keep their own lengths: SQL types {@code 'buy'} as {@code CHAR(3)}, and the common
 * type of {@code CHAR(3)} and {@code CHAR(4)} is {@code CHAR(4)}, which would pad {@code 'buy'}
 * to {@code 'buy '}. PostgreSQL, H2 and Phoenix give {@code 'buy'}, and so does Cellar:
 * <ul>
 *   <li>the results of a {@code CASE} (and so of {@code COALESCE} and {@code NULLIF}, which are
 *       {@code CASE}s);
 *   <li>a column of {@code VALUES} rows;
 *   <li>a column of the branches of {@code UNION}, {@code INTERSECT} and {@code EXCEPT};
 *   <li>a literal and the literals of its {@code IN} list.
 * </ul>
 * In the same places, a column of rows mixing approximate and exact number literals has its exact
 * ones written as approximate ({@link #approximate}).
 * Only when every alternative is a string literal (or NULL) and not all have one length: a CHAR
 * column among them keeps SQL's CHAR semantics ({@code code = 'b'} for a {@code CHAR(3)} column
 * still compares padded, and matches).
 */
final class VaryingLiterals {
  private VaryingLiterals() {}

  /** {@code call}, its literal alternatives made VARCHARs where they differ in length. */
  static void rewrite(SqlCall call) {
    switch (call.getKind()) {
      case CASE: {
        SqlCase c = (SqlCase) call;
        List<Slot> slots = new ArrayList<>();
        SqlNodeList thens = c.getThenOperands();
        for (int i = 0; i < thens.size(); i++) {
          int at = i;
          slots.add(new Slot(thens.get(i), n -> thens.set(at, n)));
        }
        if (c.getElseOperand() != null) {
          // operand 3 of a CASE is its ELSE
          slots.add(new Slot(c.getElseOperand(), n -> c.setOperand(3, n)));
        }
        vary(slots);
        break;
      }
      case VALUES:
        columns(rows(call), call.getKind());
        break;
      case UNION:
      case INTERSECT:
      case EXCEPT:
        columns(branches(call), call.getKind());
        break;
      case IN:
      case NOT_IN:
        if (literalLength(call.operand(0)) >= 0 && call.operand(1) instanceof SqlNodeList list) {
          List<Slot> slots = new ArrayList<>();
          slots.add(new Slot(call.operand(0), n -> call.setOperand(0, n)));
          for (int i = 0; i < list.size(); i++) {
            int at = i;
            slots.add(new Slot(list.get(i), n -> list.set(at, n)));
          }
          vary(slots);
        }
        break;
      default:
        break;
    }
  }

  /** A place holding one alternative, and how to replace it. */
  private record Slot(SqlNode node, Consumer<SqlNode> replace) {}

  /** The rows of a {@code VALUES}: each a list of slots, one per column. */
  private static List<List<Slot>> rows(SqlCall values) {
    List<List<Slot>> rows = new ArrayList<>();
    for (SqlNode row : values.getOperandList()) {
      if (!(row instanceof SqlCall r) || r.getKind() != SqlKind.ROW) {
        return List.of();
      }
      List<Slot> slots = new ArrayList<>();
      for (int i = 0; i < r.operandCount(); i++) {
        int at = i;
        slots.add(new Slot(r.operand(i), n -> r.setOperand(at, n)));
      }
      rows.add(slots);
    }
    return rows;
  }

  /** The branches of a set operation (of nested ones of the same kind too): each a list of slots. */
  private static List<List<Slot>> branches(SqlCall setOp) {
    List<List<Slot>> out = new ArrayList<>();
    for (SqlNode branch : setOp.getOperandList()) {
      if (branch instanceof SqlSelect select) {
        SqlNodeList items = select.getSelectList();
        List<Slot> slots = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
          SqlNode item = items.get(i);
          if (item instanceof SqlCall as && as.getKind() == SqlKind.AS) {
            slots.add(new Slot(as.operand(0), n -> as.setOperand(0, n)));
          } else {
            int at = i;
            slots.add(new Slot(item, n -> items.set(at, n)));
          }
        }
        out.add(slots);
      } else if (branch instanceof SqlCall c && c.getKind() == SqlKind.VALUES && c.operandCount() == 1) {
        out.addAll(rows(c));
      } else if (branch instanceof SqlCall c && c.getKind() == setOp.getKind()) {
        out.addAll(branches(c));
      } else {
        return List.of(); // a branch whose columns are not visible here: leave the operation as it is
      }
    }
    return out;
  }

  /** Each column of {@code rows}, made VARCHAR where its literals differ in length. */
  private static void columns(List<List<Slot>> rows, SqlKind kind) {
    if (rows.isEmpty()) {
      return;
    }
    int width = rows.get(0).size();
    for (List<Slot> row : rows) {
      if (row.size() != width) {
        return; // the validator reports it
      }
    }
    for (int col = 0; col < width; col++) {
      List<Slot> column = new ArrayList<>();
      for (List<Slot> row : rows) {
        column.add(row.get(col));
      }
      vary(column);
      approximate(column);
    }
  }

  /**
   * A column of literal rows holding an approximate number ({@code 1e-3}) and exact ones
   * ({@code 4.0}) is of an approximate type: its exact literals are written as approximate ones
   * of the same value, as the column's type would make them. Calcite keeps each literal's own
   * type in the rows, and compares a DOUBLE's value with a DECIMAL's when it works out their
   * order: a {@code ClassCastException}.
   */
  private static void approximate(List<Slot> column) {
    boolean approximate = false;
    boolean exact = false;
    for (Slot s : column) {
      if (s.node instanceof org.apache.calcite.sql.SqlNumericLiteral n) {
        approximate |= !n.isExact();
        exact |= n.isExact();
      }
    }
    if (!approximate || !exact) {
      return;
    }
    for (Slot s : column) {
      if (s.node instanceof org.apache.calcite.sql.SqlNumericLiteral n && n.isExact()) {
        java.math.BigDecimal v = n.getValueAs(java.math.BigDecimal.class);
        s.replace.accept(SqlLiteral.createApproxNumeric(v.toString(), n.getParserPosition()));
      }
    }
  }

  /**
   * The string values of {@code slots} cast to VARCHAR, if all are literal values or NULL and
   * not all of one length.
   */
  private static void vary(List<Slot> slots) {
    int length = -1;
    boolean ragged = false;
    for (Slot s : slots) {
      int n = literalLength(s.node);
      if (n == NULL) {
        continue;
      }
      if (n == NOT_LITERAL) {
        return;
      }
      ragged |= length >= 0 && n != length;
      length = n;
    }
    if (!ragged) {
      return;
    }
    for (Slot s : slots) {
      int n = literalLength(s.node);
      if (n >= 0 && !isVarying(s.node)) {
        SqlParserPos pos = s.node.getParserPosition();
        s.replace.accept(SqlStdOperatorTable.CAST.createCall(pos, s.node,
            new SqlDataTypeSpec(new SqlBasicTypeNameSpec(SqlTypeName.VARCHAR, Math.max(1, n), pos), pos)));
      }
    }
  }

  private static final int NULL = -1;
  private static final int NOT_LITERAL = -2;

  /**
   * The length of the longest string {@code n} can be when it is a literal value: a string
   * literal, or a {@code CASE} or {@code COALESCE} of such values and NULLs (or already one made
   * VARCHAR here); {@link #NULL} for a NULL literal, {@link #NOT_LITERAL} for anything else.
   */
  private static int literalLength(SqlNode n) {
    if (n instanceof SqlCharStringLiteral literal) {
      return literal.getValueAs(String.class).length();
    }
    if (n instanceof SqlLiteral l && l.getTypeName() == SqlTypeName.NULL) {
      return NULL;
    }
    if (!(n instanceof SqlCall c)) {
      return NOT_LITERAL;
    }
    List<SqlNode> values;
    switch (c.getKind()) {
      case CAST:
        return literalLength(c.operand(0)) == NULL ? NULL
            : isVarying(c) ? literalLength(c.operand(0)) : NOT_LITERAL;
      case CAST_NOT_NULL:
        // COALESCE(a, b) is CASE WHEN a IS NOT NULL THEN CAST_NOT_NULL(a) ELSE b END
        return literalLength(c.operand(0));
      case CASE: {
        SqlCase k = (SqlCase) c;
        values = new ArrayList<>(k.getThenOperands().getList());
        values.add(k.getElseOperand() == null ? SqlLiteral.createNull(SqlParserPos.ZERO) : k.getElseOperand());
        break;
      }
      case COALESCE:
        values = c.getOperandList();
        break;
      default:
        return NOT_LITERAL;
    }
    int max = NULL;
    for (SqlNode v : values) {
      int len = literalLength(v);
      if (len == NOT_LITERAL) {
        return NOT_LITERAL;
      }
      max = Math.max(max, len);
    }
    return max;
  }

  /** Whether {@code n} is a cast to VARCHAR, as made here. */
  private static boolean isVarying(SqlNode n) {
    return n instanceof SqlCall c && c.getKind() == SqlKind.CAST && c.operand(1) instanceof SqlDataTypeSpec spec
        && spec.getTypeNameSpec() instanceof SqlBasicTypeNameSpec b
        && b.getTypeName().getSimple().equalsIgnoreCase("VARCHAR");
  }
}
