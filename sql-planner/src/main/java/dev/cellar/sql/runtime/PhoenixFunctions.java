package dev.cellar.sql.runtime;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Date;
import java.sql.Time;
import java.sql.Timestamp;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.text.ParsePosition;
import java.text.SimpleDateFormat;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.HexFormat;
import java.util.Locale;
import java.util.TimeZone;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.apache.calcite.linq4j.function.Strict;

/**
 * Apache Phoenix's built-in functions that Calcite has no equivalent of, with Phoenix's names,
 * argument order and results; the generated code of a statement calls them. Every function is
 * NULL-strict: a NULL argument gives NULL ({@link Strict}).
 *
 * <p>Date and time values arrive as Calcite passes them to functions: a {@link Timestamp} whose
 * local date and time are the value's (Cellar's timestamps have no zone). Phoenix keeps dates as
 * milliseconds since the epoch and formats and parses them in GMT unless told otherwise; the
 * value's date and time are read here as that GMT time.
 *
 * <p>The SQL name of each method is its Java name in upper case with an underscore before each
 * capital ({@code toChar} is {@code TO_CHAR}); {@code dev.cellar.sql.prepare.PhoenixOperatorTable}
 * makes them functions.
 */
@Strict
public final class PhoenixFunctions {
  /** Phoenix's default format of dates, times and timestamps in {@code TO_CHAR} and {@code TO_DATE}. */
  static final String DATE_FORMAT = "yyyy-MM-dd HH:mm:ss";
  /** Phoenix's default format of numbers in {@code TO_CHAR}. */
  static final String NUMBER_FORMAT = "#,##0.###";
  private static final TimeZone GMT = TimeZone.getTimeZone("GMT");
  private static final String BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

  private PhoenixFunctions() {}

  // ---- dates and times: values to and from milliseconds of the epoch, read in GMT

  static long millis(Timestamp ts) {
    return ts.toLocalDateTime().toInstant(ZoneOffset.UTC).toEpochMilli();
  }

  private static long millis(Date d) {
    return d.toLocalDate().atStartOfDay().toInstant(ZoneOffset.UTC).toEpochMilli();
  }

  private static long millis(Time t) {
    return t.toLocalTime().toNanoOfDay() / 1_000_000L;
  }

  static Timestamp timestamp(long millis) {
    return Timestamp.valueOf(LocalDateTime.ofEpochSecond(Math.floorDiv(millis, 1000L),
        (int) Math.floorMod(millis, 1000L) * 1_000_000, ZoneOffset.UTC));
  }

  private static SimpleDateFormat dateFormat(String function, String format, TimeZone zone) {
    SimpleDateFormat f;
    try {
      f = new SimpleDateFormat(format, Locale.ROOT);
    } catch (IllegalArgumentException e) {
      throw new CellarSqlException(SqlState.INVALID_DATETIME,
          function + ": invalid date format '" + format + "': " + e.getMessage());
    }
    f.setLenient(false);
    f.setTimeZone(zone);
    return f;
  }

  private static TimeZone zone(String function, String id) {
    if ("local".equalsIgnoreCase(id)) {
      return TimeZone.getDefault();
    }
    TimeZone z = TimeZone.getTimeZone(id);
    if (z.getID().equals("GMT") && !id.equalsIgnoreCase("GMT")) {
      // TimeZone.getTimeZone answers GMT for an id it does not know
      java.time.ZoneId parsed;
      try {
        parsed = java.time.ZoneId.of(id);
      } catch (java.time.DateTimeException e) {
        throw new CellarSqlException(SqlState.INVALID_PARAMETER_VALUE, function + ": unknown time zone '" + id + "'");
      }
      return TimeZone.getTimeZone(parsed);
    }
    return z;
  }

  private static String format(long millis, String format) {
    return dateFormat("TO_CHAR", format, GMT).format(new java.util.Date(millis));
  }

  /** {@code TO_CHAR(timestamp)}: {@code yyyy-MM-dd HH:mm:ss}. */
  public static String toChar(Timestamp ts) {
    return format(millis(ts), DATE_FORMAT);
  }

  /** {@code TO_CHAR(timestamp, format)}, {@code format} as {@link SimpleDateFormat}'s. */
  public static String toChar(Timestamp ts, String format) {
    return format(millis(ts), format);
  }

  public static String toChar(Date d) {
    return format(millis(d), DATE_FORMAT);
  }

  public static String toChar(Date d, String format) {
    return format(millis(d), format);
  }

  public static String toChar(Time t) {
    return format(millis(t), DATE_FORMAT);
  }

  public static String toChar(Time t, String format) {
    return format(millis(t), format);
  }

  /** {@code TO_CHAR(number)}: {@code #,##0.###}. */
  public static String toChar(BigDecimal n) {
    return toChar(n, NUMBER_FORMAT);
  }

  /** {@code TO_CHAR(number, format)}, {@code format} as {@link DecimalFormat}'s. */
  public static String toChar(BigDecimal n, String format) {
    return decimalFormat("TO_CHAR", format).format(n);
  }

  private static DecimalFormat decimalFormat(String function, String format) {
    try {
      DecimalFormat f = new DecimalFormat(format, DecimalFormatSymbols.getInstance(Locale.US));
      f.setParseBigDecimal(true);
      return f;
    } catch (IllegalArgumentException e) {
      throw new CellarSqlException(SqlState.INVALID_PARAMETER_VALUE,
          function + ": invalid number format '" + format + "': " + e.getMessage());
    }
  }

  /** {@code TO_NUMBER(string)}: the string as a decimal number. */
  public static BigDecimal toNumber(String s) {
    try {
      return new BigDecimal(s.trim());
    } catch (NumberFormatException e) {
      throw new CellarSqlException(SqlState.INVALID_CHARACTER_VALUE_FOR_CAST,
          "TO_NUMBER: '" + s + "' is not a number");
    }
  }

  /** {@code TO_NUMBER(string, format)}, {@code format} as {@link DecimalFormat}'s. */
  public static BigDecimal toNumber(String s, String format) {
    ParsePosition pos = new ParsePosition(0);
    Number n = decimalFormat("TO_NUMBER", format).parse(s, pos);
    if (n == null || pos.getIndex() != s.length()) {
      throw new CellarSqlException(SqlState.INVALID_CHARACTER_VALUE_FOR_CAST,
          "TO_NUMBER: '" + s + "' does not match the format '" + format + "'");
    }
    return (BigDecimal) n;
  }

  /** {@code TO_NUMBER(timestamp)}: milliseconds since the epoch. */
  public static BigDecimal toNumber(Timestamp ts) {
    return BigDecimal.valueOf(millis(ts));
  }

  public static BigDecimal toNumber(Date d) {
    return BigDecimal.valueOf(millis(d));
  }

  public static BigDecimal toNumber(Time t) {
    return BigDecimal.valueOf(millis(t));
  }

  private static final String[] DEFAULT_PARSE_FORMATS = {
      "yyyy-MM-dd HH:mm:ss.SSS", "yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd HH:mm", "yyyy-MM-dd"};

  private static long parse(String function, String s, String format, TimeZone zone) {
    String text = s.trim();
    String[] formats = format == null ? DEFAULT_PARSE_FORMATS : new String[] {format};
    for (String f : formats) {
      ParsePosition pos = new ParsePosition(0);
      java.util.Date d = dateFormat(function, f, zone).parse(text, pos);
      if (d != null && pos.getIndex() == text.length()) {
        return d.getTime();
      }
    }
    throw new CellarSqlException(SqlState.INVALID_DATETIME, function + ": '" + s + "' does not match the format '"
        + (format == null ? DATE_FORMAT : format) + "'");
  }

  /** {@code TO_DATE(string)}: {@code yyyy-MM-dd[ HH:mm[:ss[.SSS]]]} in GMT. */
  public static Timestamp toDate(String s) {
    return timestamp(parse("TO_DATE", s, null, GMT));
  }

  /** {@code TO_DATE(string, format)}, {@code format} as {@link SimpleDateFormat}'s, in GMT. */
  public static Timestamp toDate(String s, String format) {
    return timestamp(parse("TO_DATE", s, format, GMT));
  }

  /** {@code TO_DATE(string, format, zone)}: parsed in time zone {@code zone} ({@code 'local'}: the JVM's). */
  public static Timestamp toDate(String s, String format, String zone) {
    return timestamp(parse("TO_DATE", s, format, zone("TO_DATE", zone)));
  }

  public static Timestamp toTimestamp(String s) {
    return timestamp(parse("TO_TIMESTAMP", s, null, GMT));
  }

  public static Timestamp toTimestamp(String s, String format) {
    return timestamp(parse("TO_TIMESTAMP", s, format, GMT));
  }

  public static Timestamp toTimestamp(String s, String format, String zone) {
    return timestamp(parse("TO_TIMESTAMP", s, format, zone("TO_TIMESTAMP", zone)));
  }

  /** {@code TO_TIME(string[, format[, zone]])}: the time of day of the parsed moment, in GMT. */
  public static Time toTime(String s) {
    return Time.valueOf(timestamp(parse("TO_TIME", s, null, GMT)).toLocalDateTime().toLocalTime());
  }

  public static Time toTime(String s, String format) {
    return Time.valueOf(timestamp(parse("TO_TIME", s, format, GMT)).toLocalDateTime().toLocalTime());
  }

  public static Time toTime(String s, String format, String zone) {
    return Time.valueOf(timestamp(parse("TO_TIME", s, format, zone("TO_TIME", zone))).toLocalDateTime().toLocalTime());
  }

  /** {@code CONVERT_TZ(timestamp, from, to)}: the time in zone {@code from} as the time in zone {@code to}. */
  public static Timestamp convertTz(Timestamp ts, String from, String to) {
    TimeZone f = zone("CONVERT_TZ", from);
    TimeZone t = zone("CONVERT_TZ", to);
    long local = millis(ts);
    long utc = local - f.getOffset(local - f.getRawOffset());
    return timestamp(utc + t.getOffset(utc));
  }

  /** {@code TIMEZONE_OFFSET(zone, timestamp)}: the offset of {@code zone} from GMT at that moment, in minutes. */
  public static int timezoneOffset(String zone, Timestamp ts) {
    return zone("TIMEZONE_OFFSET", zone).getOffset(millis(ts)) / 60_000;
  }

  public static int timezoneOffset(String zone, Date d) {
    return zone("TIMEZONE_OFFSET", zone).getOffset(millis(d)) / 60_000;
  }

  /** {@code TRUNC(number)}: towards zero, to a whole number. */
  public static BigDecimal trunc(BigDecimal n) {
    return n.setScale(0, RoundingMode.DOWN);
  }

  /**
   * {@code TRUNC(number, scale)}: towards zero, to {@code scale} decimal places (a number with
   * fewer places is returned as it is).
   */
  public static BigDecimal trunc(BigDecimal n, int scale) {
    int places = Math.max(scale, 0);
    return n.scale() <= places ? n : n.setScale(places, RoundingMode.DOWN);
  }

  /** {@code FLOOR(number, scale)}: down to {@code scale} decimal places. */
  public static BigDecimal floor(BigDecimal n, int scale) {
    return n.setScale(Math.max(scale, 0), RoundingMode.FLOOR);
  }

  /** {@code CEIL(number, scale)}: up to {@code scale} decimal places. */
  public static BigDecimal ceil(BigDecimal n, int scale) {
    return n.setScale(Math.max(scale, 0), RoundingMode.CEILING);
  }

  /** {@code LOG(x)}: the logarithm of {@code x} to base 10. */
  public static double log(double x) {
    return Math.log10(x);
  }

  /** {@code LOG(x, base)}: the logarithm of {@code x} to {@code base}. */
  public static double log(double x, double base) {
    return Math.log(x) / Math.log(base);
  }

  /** {@code INSTR(string, search)}: the one-based position of {@code search} in {@code string}, 0 if absent. */
  public static int instr(String s, String search) {
    int i = s.indexOf(search);
    return i < 0 ? 0 : s.codePointCount(0, i) + 1;
  }

  /** {@code SUBSTR(string, start)}: from the one-based {@code start} (0 as 1, negative from the end) to the end. */
  public static String substr(String s, int start) {
    return substr(s, start, Integer.MAX_VALUE);
  }

  /** {@code SUBSTR(string, start, length)}; NULL when {@code start} is past the end or {@code length} negative. */
  public static String substr(String s, int start, int length) {
    int n = s.codePointCount(0, s.length());
    int from = start > 0 ? start - 1 : start == 0 ? 0 : n + start;
    if (from < 0 || from >= n || length < 0) {
      return null;
    }
    int to = (int) Math.min((long) from + length, n);
    return s.substring(s.offsetByCodePoints(0, from), s.offsetByCodePoints(0, to));
  }

  private static Pattern pattern(String function, String regex) {
    try {
      return Pattern.compile(regex);
    } catch (PatternSyntaxException e) {
      throw new CellarSqlException(SqlState.INVALID_PARAMETER_VALUE,
          function + ": invalid regular expression '" + regex + "': " + e.getDescription());
    }
  }

  /** {@code REGEXP_SUBSTR(string, pattern)}: the first match of {@code pattern}, NULL if none. */
  public static String regexpSubstr(String s, String regex) {
    return regexpSubstr(s, regex, 1);
  }

  /** {@code REGEXP_SUBSTR(string, pattern, start)}: the first match at or after {@code start} (as in {@code SUBSTR}). */
  public static String regexpSubstr(String s, String regex, int start) {
    String tail = substr(s, start);
    if (tail == null) {
      return null;
    }
    Matcher m = pattern("REGEXP_SUBSTR", regex).matcher(tail);
    return m.find() ? m.group() : null;
  }

  /** {@code REGEXP_REPLACE(string, pattern)}: every match removed. */
  public static String regexpReplace(String s, String regex) {
    return regexpReplace(s, regex, "");
  }

  /** {@code REGEXP_REPLACE(string, pattern, replacement)}: every match replaced ({@code $1} names a group). */
  public static String regexpReplace(String s, String regex, String replacement) {
    try {
      return pattern("REGEXP_REPLACE", regex).matcher(s).replaceAll(replacement);
    } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
      throw new CellarSqlException(SqlState.INVALID_PARAMETER_VALUE,
          "REGEXP_REPLACE: invalid replacement '" + replacement + "': " + e.getMessage());
    }
  }

  /**
   * {@code REGEXP_SPLIT(string, pattern)}: the pieces between the matches of {@code pattern}, as
   * an ARRAY of VARCHARs; an empty string gives one empty piece, trailing empty pieces are kept.
   */
  public static java.util.List<String> regexpSplit(String s, String regex) {
    return java.util.List.of(pattern("REGEXP_SPLIT", regex).split(s, -1));
  }

  /** {@code MD5(string)}: the MD5 digest of the string's UTF-8 bytes, 16 bytes. */
  public static byte[] md5(String s) {
    return md5(s.getBytes(StandardCharsets.UTF_8));
  }

  /** {@code MD5(bytes)}: the MD5 digest, 16 bytes. */
  public static byte[] md5(byte[] b) {
    try {
      return MessageDigest.getInstance("MD5").digest(b);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("the JVM has no MD5", e);
    }
  }

  /**
   * {@code COLLATION_KEY(string, locale)}: bytes that sort, compared as bytes, as the strings sort
   * in the locale's collation ({@code 'en'}, {@code 'de_DE'}, {@code 'zh_TW'}): {@code ORDER BY
   * COLLATION_KEY(name, 'sv')} is a Swedish order. The bytes are Java's collation keys, not
   * Phoenix's (which come from ICU): the order they give is the same.
   */
  public static byte[] collationKey(String s, String locale) {
    return collationKey(s, locale, false, null, null);
  }

  /**
   * {@code COLLATION_KEY(string, locale, upperCaseFirst, strength, decomposition)}: strength 0
   * (primary: base letters) to 3 (identical), decomposition 0 (none) to 2 (full), as
   * {@link java.text.Collator} numbers them. Upper case first is not supported (0A000): Java's
   * collations put lower case first.
   */
  public static byte[] collationKey(String s, String locale, boolean upperFirst, Integer strength,
      Integer decomposition) {
    if (upperFirst) {
      throw new CellarSqlException(SqlState.FEATURE_NOT_SUPPORTED, "COLLATION_KEY: upper case first is not supported");
    }
    Locale l = Locale.forLanguageTag(locale.replace('_', '-'));
    if (l.getLanguage().isEmpty()) {
      throw new CellarSqlException(SqlState.INVALID_PARAMETER_VALUE, "COLLATION_KEY: unknown locale '" + locale + "'");
    }
    java.text.Collator collator = java.text.Collator.getInstance(l);
    if (strength != null) {
      if (strength < 0 || strength > 3) {
        throw new CellarSqlException(SqlState.INVALID_PARAMETER_VALUE, "COLLATION_KEY: strength must be 0 to 3, not "
            + strength);
      }
      collator.setStrength(strength);
    }
    if (decomposition != null) {
      if (decomposition < 0 || decomposition > 2) {
        throw new CellarSqlException(SqlState.INVALID_PARAMETER_VALUE,
            "COLLATION_KEY: decomposition must be 0 to 2, not " + decomposition);
      }
      collator.setDecomposition(decomposition);
    }
    return collator.getCollationKey(s).toByteArray();
  }

  /** {@code ENCODE(number, 'BASE62')}: the number in base 62, digits 0-9, A-Z, a-z. */
  public static String encode(long n, String format) {
    if (!"BASE62".equalsIgnoreCase(format)) {
      throw new CellarSqlException(SqlState.INVALID_PARAMETER_VALUE, "ENCODE: format must be 'BASE62', not '" + format + "'");
    }
    if (n == 0) {
      return "0";
    }
    StringBuilder b = new StringBuilder();
    long v = Math.abs(n);
    while (v != 0) {
      b.append(BASE62.charAt((int) Math.abs(v % 62)));
      v /= 62;
    }
    if (n < 0) {
      b.append('-');
    }
    return b.reverse().toString();
  }

  /** {@code DECODE(string, 'HEX')}: the bytes a hexadecimal string spells. */
  public static byte[] decode(String s, String format) {
    if (!"HEX".equalsIgnoreCase(format)) {
      throw new CellarSqlException(SqlState.INVALID_PARAMETER_VALUE, "DECODE: format must be 'HEX', not '" + format + "'");
    }
    try {
      return HexFormat.of().parseHex(s);
    } catch (IllegalArgumentException e) {
      throw new CellarSqlException(SqlState.INVALID_PARAMETER_VALUE, "DECODE: '" + s + "' is not hexadecimal: "
          + e.getMessage());
    }
  }
}
