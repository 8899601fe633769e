package dev.cellar.sql.ddl;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import dev.cellar.sql.catalog.ColumnType;
import dev.cellar.storage.Bytes;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.Locale;

/** Converts DDL literals (split points) to the values of a column type, as the codecs take them. */
final class Literals {
  private Literals() {}

  static Object convert(ColumnType type, Token literal, String column) {
    String s = literal.text();
    try {
      switch (type.type()) {
        case BOOLEAN:
          if (s.equalsIgnoreCase("TRUE") || s.equalsIgnoreCase("FALSE")) {
            return Boolean.valueOf(s.toLowerCase(Locale.ROOT));
          }
          throw new NumberFormatException("not TRUE or FALSE");
        case TINYINT:
          return Byte.parseByte(s);
        case SMALLINT:
          return Short.parseShort(s);
        case INTEGER:
          return Integer.parseInt(s);
        case BIGINT:
          return Long.parseLong(s);
        case DECIMAL:
          return new BigDecimal(s);
        case REAL:
          return Float.parseFloat(s);
        case DOUBLE:
          return Double.parseDouble(s);
        case CHAR: {
          StringBuilder sb = new StringBuilder(s);
          while (sb.length() < type.precision()) {
            sb.append(' ');
          }
          return sb.toString();
        }
        case VARCHAR:
          return s;
        case BINARY:
          return Arrays.copyOf(Bytes.toBytes(s), type.precision());
        case VARBINARY:
          return Bytes.toBytes(s);
        case DATE:
          return (int) LocalDate.parse(s).toEpochDay();
        case TIME:
          return (int) (LocalTime.parse(s).toNanoOfDay() / 1_000_000L);
        case TIMESTAMP:
          return LocalDateTime.parse(s.replace(' ', 'T')).toInstant(ZoneOffset.UTC).toEpochMilli();
        default:
          throw new AssertionError(type);
      }
    } catch (NumberFormatException | DateTimeParseException e) {
      throw new CellarSqlException(SqlState.INVALID_CHARACTER_VALUE_FOR_CAST, "value " + literal.show() + " at "
          + literal.position() + " is not a " + type.sql() + " (the type of key column " + column + ")");
    }
  }
}
