package dev.cellar.sql.keyrange;

import dev.cellar.sql.codec.KeyType;
import dev.cellar.sql.codec.ValueCodec;
import dev.cellar.sql.exec.TableMapping;
import dev.cellar.storage.Bytes;
import dev.cellar.storage.filter.BinaryPrefixComparator;
import dev.cellar.storage.filter.ColumnRangeFilter;
import dev.cellar.storage.filter.CompareOperator;
import dev.cellar.storage.filter.Filter;
import dev.cellar.storage.filter.SignedIntegerComparator;
import dev.cellar.storage.filter.SingleColumnValueFilter;
import java.util.List;
import java.util.Objects;
import org.apache.calcite.DataContext;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexDynamicParam;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;

/**
 * A predicate on one non-key column that the store evaluates as a
 * {@link SingleColumnValueFilter}, so that rows failing it never leave the store: equality,
 * inequality and comparisons ({@code <}, {@code <=}, {@code >}, {@code >=}) with a constant or
 * parameter, and {@code LIKE 'abc%'} of a VARCHAR. Only where a value has exactly one encoding
 * (integers, dates, times, timestamps, VARCHAR, VARBINARY of a table Cellar writes) are bytes
 * compared; a row without the cell is NULL and fails. Comparisons take integers, dates, times and
 * timestamps as signed numbers ({@link SignedIntegerComparator}), and VARCHARs as bytes where the
 * bound's characters are all below U+D800, where UTF-8's order is Java's. The query's filter still
 * runs over the rows that pass.
 *
 * <p>On the qualifier column of a table with a dynamic family ({@link TableMapping#isDynamic()}),
 * a VARCHAR, equality and comparisons with a constant or parameter are a
 * {@link ColumnRangeFilter}: only the cells of the qualifiers in range are read. Immutable.
 */
final class ValuePredicate {
  enum Op {
    EQUAL("="), NOT_EQUAL("<>"), STARTS_WITH("LIKE"),
    LESS("<"), LESS_EQUAL("<="), GREATER(">"), GREATER_EQUAL(">=");

    final String sql;

    Op(String sql) {
      this.sql = sql;
    }
  }

  final int field;
  final Op op;
  final KeyOperand operand;
  private final String column;

  private ValuePredicate(int field, Op op, KeyOperand operand, String column) {
    this.field = field;
    this.op = op;
    this.operand = operand;
    this.column = column;
  }

  /** The predicate {@code conjunct} (over the table's fields) is, or null if the store cannot run it. */
  static ValuePredicate of(RexNode conjunct, TableMapping mapping) {
    if (mapping.isDynamic()) {
      return qualifierRange(conjunct, mapping);
    }
    if (mapping.isMapped() || !(conjunct instanceof RexCall call) || call.getOperands().size() != 2) {
      return null;
    }
    RexNode a = call.getOperands().get(0);
    RexNode b = call.getOperands().get(1);
    SqlKind kind = call.getKind();
    if (!(a instanceof RexInputRef) && kind != SqlKind.LIKE) {
      RexNode t = a;
      a = b;
      b = t;
      kind = kind.reverse();
    }
    Op op = switch (kind) {
      case EQUALS -> Op.EQUAL;
      case NOT_EQUALS -> Op.NOT_EQUAL;
      case LIKE -> Op.STARTS_WITH;
      case LESS_THAN -> Op.LESS;
      case LESS_THAN_OR_EQUAL -> Op.LESS_EQUAL;
      case GREATER_THAN -> Op.GREATER;
      case GREATER_THAN_OR_EQUAL -> Op.GREATER_EQUAL;
      default -> null;
    };
    if (op == null) {
      return null;
    }
    if (!(a instanceof RexInputRef ref) || !mapping.isCell(ref.getIndex())) {
      return null;
    }
    int field = ref.getIndex();
    KeyType type = mapping.type(field);
    if (!exactlyEncoded(type) || op == Op.STARTS_WITH && type != KeyType.VARCHAR
        || isComparison(op) && type == KeyType.VARBINARY) {
      return null;
    }
    KeyOperand operand;
    if (b instanceof RexDynamicParam p && op != Op.STARTS_WITH) {
      operand = KeyOperand.param(p.getIndex());
    } else if (b instanceof RexLiteral lit && !lit.isNull()) {
      Object v = KeyConditions.literalValue(lit);
      if (v == null) {
        return null;
      }
      if (op == Op.STARTS_WITH) {
        String pattern = (String) v;
        int wild = KeyConditions.firstWildcard(pattern);
        if (wild <= 0 || wild != pattern.length() - 1 || pattern.charAt(wild) != '%') {
          return null;
        }
        v = pattern.substring(0, wild);
      }
      if (KeyOperand.toKey(type, v) == null || isComparison(op) && !bytesOrdered(v)) {
        return null;
      }
      operand = KeyOperand.constant(v, KeyConditions.display(v, lit.getType().getSqlTypeName()));
    } else {
      return null;
    }
    return new ValuePredicate(field, op, operand, mapping.def().columns().get(field).name());
  }

  /** A comparison of a dynamic-family table's VARCHAR qualifier with a value, or null. */
  private static ValuePredicate qualifierRange(RexNode conjunct, TableMapping mapping) {
    int q = mapping.qualifierField();
    if (mapping.type(q) != KeyType.VARCHAR || !(conjunct instanceof RexCall call) || call.getOperands().size() != 2) {
      return null;
    }
    RexNode a = call.getOperands().get(0);
    RexNode b = call.getOperands().get(1);
    SqlKind kind = call.getKind();
    if (!(a instanceof RexInputRef)) {
      RexNode t = a;
      a = b;
      b = t;
      kind = kind.reverse();
    }
    Op op;
    switch (kind) {
      case EQUALS:
        op = Op.EQUAL;
        break;
      case LESS_THAN:
        op = Op.LESS;
        break;
      case LESS_THAN_OR_EQUAL:
        op = Op.LESS_EQUAL;
        break;
      case GREATER_THAN:
        op = Op.GREATER;
        break;
      case GREATER_THAN_OR_EQUAL:
        op = Op.GREATER_EQUAL;
        break;
      default:
        return null;
    }
    if (!(a instanceof RexInputRef ref) || ref.getIndex() != q) {
      return null;
    }
    KeyOperand operand;
    if (b instanceof RexDynamicParam p) {
      operand = KeyOperand.param(p.getIndex());
    } else if (b instanceof RexLiteral lit && !lit.isNull() && KeyConditions.literalValue(lit) instanceof String v) {
      operand = KeyOperand.constant(v, KeyConditions.display(v, lit.getType().getSqlTypeName()));
    } else {
      return null;
    }
    return new ValuePredicate(q, op, operand, mapping.def().columns().get(q).name());
  }

  /**
   * The qualifier range of a comparison with {@code v}, or null when the bytes of the range are
   * not exactly the strings in it: UTF-8 sorts as code points, Java strings as UTF-16 units, and
   * the two agree on every string compared with a bound whose characters are all below U+D800.
   */
  private Filter qualifierFilter(TableMapping mapping, Object v) {
    if (!(v instanceof String s)) {
      return null;
    }
    for (int i = 0; i < s.length(); i++) {
      if (s.charAt(i) >= '\uD800' && op != Op.EQUAL) {
        return null;
      }
    }
    byte[] b = mapping.encodeValue(field, s);
    switch (op) {
      case EQUAL:
        return new ColumnRangeFilter(b, true, b, true);
      case LESS:
        return new ColumnRangeFilter(null, false, b, false);
      case LESS_EQUAL:
        return new ColumnRangeFilter(null, false, b, true);
      case GREATER:
        return new ColumnRangeFilter(b, false, null, false);
      case GREATER_EQUAL:
        return new ColumnRangeFilter(b, true, null, false);
      default:
        throw new AssertionError(op);
    }
  }

  private boolean isComparison() {
    return isComparison(op);
  }

  private static boolean isComparison(Op op) {
    return op == Op.LESS || op == Op.LESS_EQUAL || op == Op.GREATER || op == Op.GREATER_EQUAL;
  }

  /** Whether byte order is Java's order for strings compared with {@code v}: no character from U+D800. */
  private static boolean bytesOrdered(Object v) {
    if (v instanceof String s) {
      for (int i = 0; i < s.length(); i++) {
        if (s.charAt(i) >= '\uD800') {
          return false;
        }
      }
    }
    return true;
  }

  private static boolean exactlyEncoded(KeyType type) {
    switch (type) {
      case TINYINT:
      case SMALLINT:
      case INTEGER:
      case BIGINT:
      case DATE:
      case TIME:
      case TIMESTAMP:
      case VARCHAR:
      case VARBINARY:
        return true;
      default:
        return false;
    }
  }

  /**
   * The store's filter for this predicate with the statement's parameters bound, or null when
   * the value cannot be encoded exactly (the query's filter then decides alone).
   */
  Filter toFilter(DataContext context, TableMapping mapping) {
    if (mapping.isDynamic()) {
      return qualifierFilter(mapping, operand.value(context));
    }
    Object v = KeyOperand.toKey(mapping.type(field), operand.value(context));
    if (v == null) {
      return null;
    }
    byte[] family = mapping.family(field);
    byte[] qualifier = mapping.qualifier(field);
    SingleColumnValueFilter f;
    if (op == Op.STARTS_WITH) {
      f = new SingleColumnValueFilter(family, qualifier, CompareOperator.EQUAL,
          new BinaryPrefixComparator(Bytes.toBytes((String) v)));
    } else if (isComparison()) {
      if (!bytesOrdered(v)) {
        return null;
      }
      CompareOperator cmp = switch (op) {
        case LESS -> CompareOperator.LESS;
        case LESS_EQUAL -> CompareOperator.LESS_OR_EQUAL;
        case GREATER -> CompareOperator.GREATER;
        default -> CompareOperator.GREATER_OR_EQUAL;
      };
      byte[] bound = ValueCodec.encode(mapping.type(field), v);
      f = new SingleColumnValueFilter(family, qualifier, cmp, mapping.type(field) == KeyType.VARCHAR
          ? new dev.cellar.storage.filter.BinaryComparator(bound) : new SignedIntegerComparator(bound));
    } else {
      f = new SingleColumnValueFilter(family, qualifier, op == Op.EQUAL ? CompareOperator.EQUAL
          : CompareOperator.NOT_EQUAL, ValueCodec.encode(mapping.type(field), v));
    }
    return f.setFilterIfMissing(true);
  }

  /** Filters of {@code predicates} with parameters bound, those that can be built. */
  static List<Filter> filters(List<ValuePredicate> predicates, DataContext context, TableMapping mapping) {
    List<Filter> out = new java.util.ArrayList<>();
    for (ValuePredicate p : predicates) {
      Filter f = p.toFilter(context, mapping);
      if (f != null) {
        out.add(f);
      }
    }
    return out;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ValuePredicate p && p.field == field && p.op == op && p.operand.equals(operand);
  }

  @Override
  public int hashCode() {
    return Objects.hash(field, op, operand);
  }

  /** {@code NAME LIKE 'abc%'}, {@code TYPE = 'old'}. */
  @Override
  public String toString() {
    if (op == Op.STARTS_WITH) {
      String s = operand.toString();
      return column + " LIKE " + s.substring(0, s.length() - 1) + "%'";
    }
    return column + " " + op.sql + " " + operand;
  }

}
