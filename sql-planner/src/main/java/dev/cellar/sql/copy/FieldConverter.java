package dev.cellar.sql.copy;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import dev.cellar.sql.codec.KeyType;
import dev.cellar.sql.codec.ValueFormat;
import dev.cellar.sql.exec.RuntimeValues;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.HexFormat;
import java.util.Locale;
import org.apache.calcite.avatica.util.ByteString;

/**
 * One column's values as the text of a file field, both ways. Text is read by the value codecs'
 * own text form ({@link ValueFormat#STRING}: {@code 42}, {@code -3.50}, {@code true},
 * {@code 2024-01-31}, {@code 2024-01-31 12:30:00.250}), or by the statement's DATE and TIMESTAMP
 * patterns; binary values are hexadecimal ({@code 0a1b}, a leading {@code \x} allowed). What a
 * column can hold (lengths, DECIMAL's digits) is the DML's check, applied by the caller.
 * Immutable and thread-safe.
 */
final class FieldConverter {
  private static final HexFormat HEX = HexFormat.of();

  private final String column;
  /** The type, or null for a value of a type the codecs do not know (written with {@code toString}). */
  private final KeyType type;
  private final DateTimeFormatter date;
  private final DateTimeFormatter timestamp;

  /**
   * @param column the column's name, for messages
   * @param type its type, or null if it has none of the codecs' types
   */
  FieldConverter(String column, KeyType type, CopyOptions options) {
    this.column = column;
    this.type = type;
    this.date = pattern(options.dateFormat(), "DATE_FORMAT");
    this.timestamp = pattern(options.timestampFormat(), "TIMESTAMP_FORMAT");
  }

  private static DateTimeFormatter pattern(String p, String option) {
    if (p == null) {
      return null;
    }
    try {
      return DateTimeFormatter.ofPattern(p, Locale.ROOT);
    } catch (IllegalArgumentException e) {
      throw new CellarSqlException(SqlState.INVALID_PARAMETER_VALUE, option + " '" + p + "' is not a date pattern: "
          + e.getMessage(), e);
    }
  }

  /**
   * The value {@code text} stands for; null for null.
   *
   * @throws CellarSqlException 22018 or 22007 naming the column when the text is no value of its type
   */
  Object parse(String text) {
    if (text == null) {
      return null;
    }
    try {
      switch (type) {
        case CHAR:
        case VARCHAR:
          // text read from UTF-8 is the value itself
          return text;
        case BINARY:
        case VARBINARY: {
          String h = text.startsWith("\\x") ? text.substring(2) : text;
          return HEX.parseHex(h);
        }
        case DATE:
          if (date != null) {
            return (int) LocalDate.parse(text, date).toEpochDay();
          }
          break;
        case TIMESTAMP:
          if (timestamp != null) {
            LocalDateTime t = LocalDateTime.parse(text, timestamp);
            return t.toEpochSecond(ZoneOffset.UTC) * 1000 + t.getNano() / 1_000_000;
          }
          break;
        default:
          break;
      }
      return ValueFormat.parseText(type, text);
    } catch (DateTimeParseException e) {
      throw new CellarSqlException(SqlState.INVALID_DATETIME, "column " + column + ": '" + text + "' is not a "
          + type + (type == KeyType.DATE && date != null || type == KeyType.TIMESTAMP && timestamp != null
          ? " in the pattern given" : ""), e);
    } catch (dev.cellar.sql.codec.ValueOutOfRange e) {
      throw new CellarSqlException(SqlState.NUMERIC_OUT_OF_RANGE, "column " + column + ": " + e.getMessage(), e);
    } catch (IllegalArgumentException e) {
      SqlState state = type == KeyType.DATE || type == KeyType.TIME || type == KeyType.TIMESTAMP
          ? SqlState.INVALID_DATETIME : SqlState.INVALID_CHARACTER_VALUE_FOR_CAST;
      String why = type == KeyType.BINARY || type == KeyType.VARBINARY ? "'" + text + "' is not hexadecimal bytes"
          : e.getMessage();
      throw new CellarSqlException(state, "column " + column + ": " + why, e);
    }
  }

  /** The text of {@code v}, a value as a query returns it; null for null. */
  String format(Object v) {
    if (v == null) {
      return null;
    }
    if (type == null) {
      return v.toString();
    }
    switch (type) {
      case BINARY:
      case VARBINARY:
        return HEX.formatHex(v instanceof ByteString bs ? bs.getBytes() : (byte[]) v);
      case DECIMAL:
        return ((BigDecimal) RuntimeValues.toStorage(type, v)).toPlainString();
      case DATE:
        if (date != null) {
          return LocalDate.ofEpochDay(((Number) v).intValue()).format(date);
        }
        return text(v);
      case TIMESTAMP:
        if (timestamp != null) {
          long ms = ((Number) v).longValue();
          return LocalDateTime.ofEpochSecond(Math.floorDiv(ms, 1000L), (int) Math.floorMod(ms, 1000L) * 1_000_000,
              ZoneOffset.UTC).format(timestamp);
        }
        return text(v);
      case TIME:
        return text(v);
      default:
        return v.toString();
    }
  }

  /** Whether values of this column are written to JSON as numbers. */
  boolean isNumber() {
    if (type == null) {
      return false;
    }
    switch (type) {
      case TINYINT:
      case SMALLINT:
      case INTEGER:
      case BIGINT:
      case DECIMAL:
      case REAL:
      case DOUBLE:
        return true;
      default:
        return false;
    }
  }

  /** Whether values of this column are written to JSON as {@code true} and {@code false}. */
  boolean isBoolean() {
    return type == KeyType.BOOLEAN;
  }

  private String text(Object v) {
    return new String(ValueFormat.STRING.encode(type, RuntimeValues.toStorage(type, v)), StandardCharsets.UTF_8);
  }
}
