package dev.cellar.sql.discover;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.regex.Pattern;

/**
 * The likely SQL type of a set of byte strings (cell values, qualifiers or key fields), fed one by
 * one: text as the HBase shell writes it (whole numbers, decimals, dates, timestamps, booleans,
 * anything else VARCHAR) or HBase's {@code Bytes.toBytes} (4- and 8-byte big-endian numbers, a
 * boolean byte), with the encoding a mapping declares for it ({@code FORMAT BYTES} for binary
 * values). A type holds only while every value seen fits it.
 */
final class ValueGuess {
  private static final Pattern INTEGER = Pattern.compile("-?(0|[1-9][0-9]*)");
  private static final Pattern DECIMAL = Pattern.compile("-?(0|[1-9][0-9]*)\\.([0-9]+)");
  private static final Pattern DATE = Pattern.compile("[0-9]{4}-[0-9]{2}-[0-9]{2}");
  private static final Pattern TIMESTAMP =
      Pattern.compile("[0-9]{4}-[0-9]{2}-[0-9]{2}[ T][0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,3})?");
  private static final DateTimeFormatter TS = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss[.SSS][.SS][.S]");
  /** Milliseconds since 1970 of 1990-01-01 and 2100-01-01: a long between them may be a time. */
  static final long MIN_MILLIS = 631_152_000_000L;
  static final long MAX_MILLIS = 4_102_444_800_000L;

  private long count;
  private int minLength = Integer.MAX_VALUE;
  private int maxLength;
  private boolean text = true;
  private boolean integer = true;
  private boolean bigint;
  private boolean decimal = true;
  private int scale;
  private int intDigits;
  private boolean date = true;
  private boolean timestamp = true;
  private boolean bool = true;
  private boolean binaryBool = true;
  private boolean millis = true;

  /** Takes one more value. */
  void add(byte[] v) {
    count++;
    minLength = Math.min(minLength, v.length);
    maxLength = Math.max(maxLength, v.length);
    String s = text ? textOf(v) : null;
    if (s == null) {
      text = false;
    }
    binaryBool &= v.length == 1 && (v[0] == 0 || v[0] == (byte) 0xff);
    millis &= v.length == 8 && plausibleMillis(ByteBuffer.wrap(v).getLong());
    if (!text) {
      return;
    }
    if (integer) {
      if (INTEGER.matcher(s).matches() && s.length() <= 19) {
        try {
          long n = Long.parseLong(s);
          bigint |= n != (int) n;
        } catch (NumberFormatException e) {
          integer = false;
        }
      } else {
        integer = false;
      }
    }
    if (decimal) {
      java.util.regex.Matcher m = DECIMAL.matcher(s);
      if (m.matches() || INTEGER.matcher(s).matches()) {
        BigDecimal d = new BigDecimal(s);
        scale = Math.max(scale, Math.max(0, d.scale()));
        intDigits = Math.max(intDigits, d.precision() - Math.max(0, d.scale()));
      } else {
        decimal = false;
      }
    }
    date &= DATE.matcher(s).matches() && parses(() -> LocalDate.parse(s));
    timestamp &= TIMESTAMP.matcher(s).matches() && parses(() -> LocalDateTime.parse(s.replace('T', ' '), TS));
    bool &= s.equalsIgnoreCase("true") || s.equalsIgnoreCase("false");
  }

  private static boolean parses(Runnable r) {
    try {
      r.run();
      return true;
    } catch (DateTimeParseException e) {
      return false;
    }
  }

  /** Whether {@code n} milliseconds since 1970 falls between 1990 and 2100. */
  static boolean plausibleMillis(long n) {
    return n >= MIN_MILLIS && n <= MAX_MILLIS;
  }

  /** {@code v} as UTF-8 text without control characters, or null if it is not such text. */
  static String textOf(byte[] v) {
    try {
      String s = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(v)).toString();
      for (int i = 0; i < s.length(); i++) {
        char c = s.charAt(i);
        if (c < 0x20 && c != '\t' || c == 0x7f) {
          return null;
        }
      }
      return s;
    } catch (CharacterCodingException e) {
      return null;
    }
  }

  long count() {
    return count;
  }

  int minLength() {
    return count == 0 ? 0 : minLength;
  }

  int maxLength() {
    return maxLength;
  }

  /** Whether every value was text. */
  boolean isText() {
    return text;
  }

  /** Whether every value was a whole number as text, without leading zeros. */
  boolean isWholeNumber() {
    return count > 0 && text && integer;
  }

  /** The SQL type the values fit, as DDL spells it. */
  String type() {
    if (count == 0) {
      return "VARCHAR";
    }
    if (text) {
      if (integer) {
        return bigint ? "BIGINT" : "INTEGER";
      }
      if (decimal) {
        return "DECIMAL(" + Math.max(10, intDigits + scale) + ", " + scale + ")";
      }
      if (date) {
        return "DATE";
      }
      if (timestamp) {
        return "TIMESTAMP";
      }
      if (bool) {
        return "BOOLEAN";
      }
      return "VARCHAR";
    }
    if (binaryBool) {
      return "BOOLEAN";
    }
    if (minLength == maxLength && maxLength == 4) {
      return "INTEGER";
    }
    if (minLength == maxLength && maxLength == 8) {
      return "BIGINT";
    }
    return "VARBINARY";
  }

  /** How the values are written, in words. */
  String encoding() {
    if (count == 0 || text) {
      return "text";
    }
    return switch (type()) {
      case "BOOLEAN" -> "1 byte, 00 or ff";
      case "INTEGER" -> "4-byte big-endian";
      case "BIGINT" -> millis ? "8-byte big-endian, milliseconds since 1970" : "8-byte big-endian";
      default -> "bytes";
    };
  }

  /** Whether the values need {@code FORMAT BYTES} in a mapping whose values are text. */
  boolean needsBytesFormat() {
    return count > 0 && !text && !type().equals("VARBINARY");
  }
}
