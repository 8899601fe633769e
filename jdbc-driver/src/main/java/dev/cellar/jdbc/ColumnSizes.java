package dev.cellar.jdbc;

import java.sql.Types;

/**
 * A column's sizes as JDBC defines them, from its JDBC type and Calcite's precision and scale,
 * so that {@code DatabaseMetaData.getColumns} and {@code ResultSetMetaData} report the same:
 * <ul>
 *   <li>size ({@code COLUMN_SIZE}, {@code getPrecision}): the precision of a number, the length
 *       of a string, the characters of a datetime's text ({@code 2024-02-29 23:59:58.123} is
 *       23); {@link Integer#MAX_VALUE} for VARCHAR and VARBINARY without a length;</li>
 *   <li>digits ({@code DECIMAL_DIGITS}, {@code getScale}): the scale of an exact number (0 for
 *       integers), the fractional-second digits of a TIME or TIMESTAMP; none (null, or 0 from
 *       {@code getScale}) for other types;</li>
 *   <li>radix 10 for numbers, none otherwise; octets of strings (at most 3 UTF-8 bytes per
 *       UTF-16 character) and binary strings, none otherwise.</li>
 * </ul>
 * Calcite's precision is the fractional-second digits of a TIME or TIMESTAMP, and -1 or 0 for a
 * type without one.
 */
final class ColumnSizes {
  /** Size of VARCHAR and VARBINARY without a length. */
  static final int UNBOUNDED = Integer.MAX_VALUE;

  private ColumnSizes() {}

  static int size(int jdbcType, int precision) {
    switch (jdbcType) {
      case Types.BOOLEAN:
        return 1;
      case Types.TINYINT:
        return 3;
      case Types.SMALLINT:
        return 5;
      case Types.INTEGER:
        return 10;
      case Types.BIGINT:
        return 19;
      case Types.REAL:
        return 7;
      case Types.FLOAT:
      case Types.DOUBLE:
        return 15;
      case Types.DATE:
        return 10;
      case Types.TIME:
        return precision <= 0 ? 8 : 9 + precision;
      case Types.TIMESTAMP:
        return precision <= 0 ? 19 : 20 + precision;
      case Types.CHAR:
      case Types.VARCHAR:
      case Types.BINARY:
      case Types.VARBINARY:
        return precision <= 0 ? UNBOUNDED : precision;
      default:
        return Math.max(precision, 0);
    }
  }

  /** Digits after the point, or {@code null} where the type has none. */
  static Integer digits(int jdbcType, int precision, int scale) {
    switch (jdbcType) {
      case Types.TINYINT:
      case Types.SMALLINT:
      case Types.INTEGER:
      case Types.BIGINT:
        return 0;
      case Types.DECIMAL:
      case Types.NUMERIC:
        return scale;
      case Types.TIME:
      case Types.TIMESTAMP:
        return Math.max(precision, 0);
      default:
        return null;
    }
  }

  static Integer radix(int jdbcType) {
    switch (jdbcType) {
      case Types.TINYINT:
      case Types.SMALLINT:
      case Types.INTEGER:
      case Types.BIGINT:
      case Types.DECIMAL:
      case Types.NUMERIC:
      case Types.REAL:
      case Types.FLOAT:
      case Types.DOUBLE:
        return 10;
      default:
        return null;
    }
  }

  static Integer octets(int jdbcType, int precision) {
    int size = size(jdbcType, precision);
    switch (jdbcType) {
      case Types.CHAR:
      case Types.VARCHAR:
        return size == UNBOUNDED ? UNBOUNDED : (int) Math.min(UNBOUNDED, 3L * size);
      case Types.BINARY:
      case Types.VARBINARY:
        return size;
      default:
        return null;
    }
  }

  /** The characters of the widest value's text: sign and point included, binary strings in hex. */
  static int displaySize(int jdbcType, int precision, int scale) {
    int size = size(jdbcType, precision);
    switch (jdbcType) {
      case Types.BOOLEAN:
        return 5;
      case Types.TINYINT:
      case Types.SMALLINT:
      case Types.INTEGER:
      case Types.BIGINT:
        return size + 1;
      case Types.DECIMAL:
      case Types.NUMERIC:
        return size + (scale > 0 ? 2 : 1);
      case Types.REAL:
        return 15;
      case Types.FLOAT:
      case Types.DOUBLE:
        return 24;
      case Types.BINARY:
      case Types.VARBINARY:
        return size == UNBOUNDED ? UNBOUNDED : (int) Math.min(UNBOUNDED, 2L * size);
      default:
        return size;
    }
  }
}
