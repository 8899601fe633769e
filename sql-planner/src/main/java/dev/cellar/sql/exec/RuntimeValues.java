package dev.cellar.sql.exec;

import dev.cellar.sql.codec.KeyType;
import java.math.BigDecimal;
import org.apache.calcite.avatica.util.ByteString;

/**
 * Conversions between the values Calcite's enumerable runtime holds (ByteString for binary
 * data) and the values the codecs take (byte[]), plus exact numeric widenings.
 */
public final class RuntimeValues {
  private RuntimeValues() {}

  /** A runtime value as the codecs take it. */
  public static Object toStorage(KeyType type, Object v) {
    if (v == null) {
      return null;
    }
    switch (type) {
      case BINARY:
      case VARBINARY:
        return v instanceof ByteString bs ? bs.getBytes() : v;
      case TINYINT:
        return v instanceof Number n && !(v instanceof Byte) ? n.byteValue() : v;
      case SMALLINT:
        return v instanceof Number n && !(v instanceof Short) ? n.shortValue() : v;
      case INTEGER:
      case DATE:
      case TIME:
        return v instanceof Number n && !(v instanceof Integer) ? n.intValue() : v;
      case BIGINT:
      case TIMESTAMP:
        return v instanceof Number n && !(v instanceof Long) ? n.longValue() : v;
      case REAL:
        return v instanceof Number n && !(v instanceof Float) ? n.floatValue() : v;
      case DOUBLE:
        return v instanceof Number n && !(v instanceof Double) ? n.doubleValue() : v;
      case DECIMAL:
        if (v instanceof BigDecimal) {
          return v;
        }
        return v instanceof Number n ? new BigDecimal(n.toString()) : v;
      case CHAR:
      case VARCHAR:
        return v instanceof Character ch ? ch.toString() : v;
      default:
        return v;
    }
  }

  /** A decoded value as the runtime holds it. */
  static Object toRuntime(KeyType type, Object v) {
    if (v instanceof byte[] b) {
      return new ByteString(b);
    }
    return v;
  }
}
