package dev.cellar.sql.keyrange;

import java.math.BigDecimal;
import org.apache.calcite.avatica.util.ByteString;
import org.apache.calcite.rex.RexCorrelVariable;
import org.apache.calcite.rex.RexDynamicParam;
import org.apache.calcite.rex.RexFieldAccess;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.DateString;
import org.apache.calcite.util.NlsString;
import org.apache.calcite.util.TimeString;
import org.apache.calcite.util.TimestampString;

/**
 * The constants of key and value predicates: a literal or a statement parameter as a
 * {@link KeyOperand}, a literal's value as the key codecs take it, a {@code SEARCH} endpoint as an
 * operand, and how {@code EXPLAIN} shows a constant.
 */
public final class KeyLiterals {
  private KeyLiterals() {}

  /** A constant or a statement parameter, else null. */
  static KeyOperand operand(RexNode e) {
    if (e instanceof RexDynamicParam p) {
      return KeyOperand.param(p.getIndex());
    }
    if (e instanceof RexFieldAccess fa && fa.getReferenceExpr() instanceof RexCorrelVariable v) {
      return KeyOperand.correl(v.id.getName(), fa.getField().getIndex(), v.id.getName() + "." + fa.getField().getName());
    }
    if (e instanceof RexLiteral lit && !lit.isNull()) {
      Object v = literalValue(lit);
      return v == null ? null : KeyOperand.constant(v, display(v, lit.getType().getSqlTypeName()));
    }
    return null;
  }

  static Object literalValue(RexLiteral lit) {
    switch (lit.getType().getSqlTypeName()) {
      case TINYINT:
      case SMALLINT:
      case INTEGER:
      case BIGINT:
      case DECIMAL:
      case REAL:
      case FLOAT:
      case DOUBLE:
        return lit.getValueAs(BigDecimal.class);
      case CHAR:
      case VARCHAR:
        return lit.getValueAs(String.class);
      case BOOLEAN:
        return lit.getValueAs(Boolean.class);
      case BINARY:
      case VARBINARY:
        return lit.getValueAs(ByteString.class);
      case DATE:
        return lit.getValueAs(Integer.class);
      case TIME:
        return lit.getValueAs(Integer.class);
      case TIMESTAMP:
        return lit.getValueAs(Long.class);
      default:
        return null;
    }
  }

  /** A {@code SEARCH} endpoint as an operand. */
  static KeyOperand endpoint(Object c, SqlTypeName type) {
    Object v;
    if (c instanceof NlsString s) {
      v = s.getValue();
    } else if (c instanceof DateString d) {
      v = d.getDaysSinceEpoch();
    } else if (c instanceof TimeString t) {
      v = t.getMillisOfDay();
    } else if (c instanceof TimestampString t) {
      v = t.getMillisSinceEpoch();
    } else {
      v = c;
    }
    return KeyOperand.constant(v, display(v, type));
  }

  static KeyOperand stringOperand(String s) {
    return KeyOperand.constant(s, display(s, SqlTypeName.VARCHAR));
  }

  public static String display(Object v, SqlTypeName type) {
    switch (type) {
      case CHAR:
      case VARCHAR:
        return "'" + v.toString().replace("'", "''") + "'";
      case BINARY:
      case VARBINARY:
        return "X'" + ((ByteString) v).toString().toUpperCase(java.util.Locale.ROOT) + "'";
      case DATE:
        return "DATE '" + DateString.fromDaysSinceEpoch((Integer) v) + "'";
      case TIME:
        return "TIME '" + TimeString.fromMillisOfDay((Integer) v) + "'";
      case TIMESTAMP:
        return "TIMESTAMP '" + TimestampString.fromMillisSinceEpoch((Long) v) + "'";
      default:
        return v instanceof BigDecimal d ? d.toPlainString() : String.valueOf(v);
    }
  }
}
