package dev.cellar.sql.codec;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.HexFormat;
import org.apache.calcite.avatica.util.ByteString;

/**
 * Key values written as SQL literals, for messages and listings that name a row by its key:
 * {@code ('a', DATE '2024-01-02', 10)} rather than the key's bytes or the numbers dates and times
 * are kept as.
 */
public final class KeyLiterals {
  private KeyLiterals() {}

  /**
   * The SQL literal of {@code v}, a value of a column of {@code type} as a key codec or a row
   * holds it (a DATE as days since 1970-01-01, a TIME as milliseconds of the day, a TIMESTAMP as
   * milliseconds since 1970-01-01 00:00 UTC, bytes as {@code byte[]} or {@code ByteString}).
   */
  public static String literal(KeyType type, Object v) {
    if (v == null) {
      return "NULL";
    }
    if (type == KeyType.DATE && v instanceof Number n) {
      return "DATE '" + LocalDate.ofEpochDay(n.longValue()) + "'";
    }
    if (type == KeyType.TIME && v instanceof Number n) {
      return "TIME '" + LocalTime.ofNanoOfDay(n.longValue() * 1_000_000L) + "'";
    }
    if (type == KeyType.TIMESTAMP && v instanceof Number n) {
      return "TIMESTAMP '" + LocalDateTime.ofInstant(Instant.ofEpochMilli(n.longValue()), ZoneOffset.UTC)
          .toString().replace('T', ' ') + "'";
    }
    if (v instanceof byte[] || v instanceof ByteString) {
      byte[] b = v instanceof ByteString s ? s.getBytes() : (byte[]) v;
      return "X'" + HexFormat.of().withUpperCase().formatHex(b) + "'";
    }
    if (v instanceof String s) {
      return "'" + s.replace("'", "''") + "'";
    }
    if (v instanceof BigDecimal d) {
      return d.toPlainString();
    }
    return v.toString();
  }

  /**
   * A rowkey as its key columns' names and SQL values, {@code (ID, NAME)=(1, 'x')}, as messages
   * name a row; null when {@code codec} cannot read it.
   */
  public static String named(RowKeyCodec codec, byte[] key) {
    Object[] values = decoded(codec, key);
    if (values == null) {
      return null;
    }
    StringBuilder names = new StringBuilder("(");
    for (int i = 0; i < values.length; i++) {
      names.append(i > 0 ? ", " : "").append(codec.columns().get(i).name());
    }
    return names.append(")=").append(literals(codec, values)).toString();
  }

  /**
   * A rowkey as the SQL values of the key columns it holds whole, as a row constructor
   * {@code ('a', 10)}; null when {@code codec} cannot read it (a salted table's bucket boundary,
   * a boundary inside a column) or it holds no column whole.
   */
  public static String row(RowKeyCodec codec, byte[] key) {
    Object[] values = decoded(codec, key);
    return values == null ? null : literals(codec, values);
  }

  /** The key columns {@code key} holds whole, decoded; null if none or not a prefix of the codec's keys. */
  private static Object[] decoded(RowKeyCodec codec, byte[] key) {
    Object[] values;
    try {
      values = codec.decodePrefix(key);
    } catch (RuntimeException e) {
      return null; // not a prefix of this codec's keys
    }
    return values.length == 0 ? null : values;
  }

  /** {@code ('a', 10)}: the first key columns' values as SQL literals. */
  private static String literals(RowKeyCodec codec, Object[] values) {
    StringBuilder b = new StringBuilder("(");
    for (int i = 0; i < values.length; i++) {
      b.append(i > 0 ? ", " : "").append(literal(codec.columns().get(i).type(), values[i]));
    }
    return b.append(')').toString();
  }
}
