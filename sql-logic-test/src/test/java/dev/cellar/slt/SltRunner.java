package dev.cellar.slt;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.JDBCType;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs one {@link SltScript} through JDBC ({@link DriverManager}) against a fresh database and
 * compares results as sqllogictest does: each value formatted by its column's declared type
 * ({@code I} as an integer, {@code R} with three decimals, {@code T} as text, {@code NULL},
 * {@code (empty)} for the empty string), sorted by the query's sort mode, compared one by one or
 * by the MD5 of all values each followed by a newline.
 */
final class SltRunner {

  private static final AtomicLong DATABASES = new AtomicLong();

  /** Outcome of one failed statement or query. */
  record Failure(
      String file,
      int line,
      String sql,
      String kind,
      String expected,
      String actual,
      Throwable error,
      String declaredTypes,
      String actualTypes,
      List<String> expectedValues,
      List<String> actualValues,
      String cascade) {

    Failure withCascade(String table) {
      return new Failure(file, line, sql, kind, expected, actual, error, declaredTypes,
          actualTypes, expectedValues, actualValues, table);
    }

    @Override
    public String toString() {
      StringBuilder b = new StringBuilder();
      b.append(file).append(':').append(line).append(" [").append(kind).append("] ")
          .append(sql.replace('\n', ' '));
      if (error != null) {
        b.append("\n    error: ").append(error.getClass().getName()).append(": ")
            .append(firstLine(error.getMessage()));
      }
      if (expected != null) {
        b.append("\n    expected: ").append(expected);
      }
      if (actual != null) {
        b.append("\n    actual:   ").append(actual);
      }
      if (cascade != null) {
        b.append("\n    reads ").append(cascade)
            .append(", which an earlier failed statement created or wrote");
      }
      if (declaredTypes != null && actualTypes != null) {
        b.append("\n    types: declared ").append(declaredTypes).append(", got ")
            .append(actualTypes);
      }
      return b.toString();
    }
  }

  record Slow(long millis, int line, String sql) {}

  static final int SLOWEST = 5;

  /** Counts and failures of one file. */
  static final class FileResult {
    final String file;
    int queriesPassed;
    int queriesFailed;
    /** Queries answered as the SQL standard has it where SQLite differs ({@link SqliteSemantics}). */
    int queriesDiffering;
    int queriesSkipped;
    int statementsPassed;
    int statementsFailed;
    int statementsSkipped;
    long millis;
    /** CPU time of the thread that ran the file, in milliseconds (-1 if the JVM does not measure it). */
    long cpuMillis = -1;
    boolean halted;
    final List<Failure> failures = new ArrayList<>();
    /** The queries counted in {@link #queriesDiffering}, with their kind. */
    final List<Map.Entry<String, Failure>> differences = new ArrayList<>();
    /** The slowest statements and queries: milliseconds, line, SQL. */
    final List<Slow> slowest = new ArrayList<>();

    void timed(long millis, int line, String sql) {
      if (slowest.size() < SLOWEST || millis > slowest.get(slowest.size() - 1).millis()) {
        slowest.add(new Slow(millis, line, sql));
        slowest.sort(Comparator.comparingLong(Slow::millis).reversed());
        if (slowest.size() > SLOWEST) {
          slowest.remove(SLOWEST);
        }
      }
    }

    FileResult(String file) {
      this.file = file;
    }

    int queries() {
      return queriesPassed + queriesFailed + queriesDiffering + queriesSkipped;
    }
  }

  /** The table a DDL or DML statement creates or writes. */
  private static final Pattern WRITTEN = Pattern.compile(
      "(?is)^\\s*(?:CREATE\\s+(?:TABLE|VIEW)(?:\\s+IF\\s+NOT\\s+EXISTS)?|INSERT(?:\\s+OR\\s+\\w+)?\\s+INTO"
          + "|REPLACE\\s+INTO|UPSERT\\s+INTO|UPDATE|DELETE\\s+FROM)\\s+(\\w+)");

  private static String readsDamaged(String sql, Set<String> damaged) {
    if (damaged.isEmpty()) {
      return null;
    }
    for (String word : sql.toUpperCase(Locale.ROOT).split("[^A-Z0-9_]+")) {
      if (damaged.contains(word)) {
        return word;
      }
    }
    return null;
  }

  /** A query slower than this is reported as it finishes. */
  private static final long SLOW_MILLIS = 10_000;

  private final int queryTimeoutSeconds;
  private final String queryFilter;
  /** Queries run per file before the rest are skipped ({@code cellar.slt.limit}); 0 for all. */
  private final int queryLimit = Integer.getInteger("cellar.slt.limit", 0);

  SltRunner(int queryTimeoutSeconds) {
    this(queryTimeoutSeconds, null);
  }

  /**
   * @param queryFilter when not null, only queries whose SQL contains it (in any case) run; the
   *     others count as skipped. Every statement runs.
   */
  SltRunner(int queryTimeoutSeconds, String queryFilter) {
    this.queryTimeoutSeconds = queryTimeoutSeconds;
    this.queryFilter = queryFilter == null ? null : queryFilter.toUpperCase(Locale.ROOT);
  }

  private boolean filteredOut(SltScript.Record record, FileResult result) {
    if (queryLimit > 0 && record instanceof SltScript.Query
        && result.queriesPassed + result.queriesFailed + result.queriesDiffering >= queryLimit) {
      return true;
    }
    return queryFilter != null && record instanceof SltScript.Query q
        && !q.sql().toUpperCase(Locale.ROOT).contains(queryFilter);
  }

  FileResult run(SltScript script) throws SQLException {
    FileResult result = new FileResult(script.name);
    long start = System.nanoTime();
    java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
    long cpuStart = threads.isCurrentThreadCpuTimeSupported() ? threads.getCurrentThreadCpuTime() : -1;
    String url = "jdbc:cellar:mem:slt" + DATABASES.incrementAndGet() + "_"
        + Long.toHexString(System.nanoTime()) + ";shutdown=true";
    // Tables that a failed statement should have created or written: later failures that read
    // them are consequences, reported as such.
    Set<String> damaged = new HashSet<>();
    try (Connection connection = DriverManager.getConnection(url)) {
      for (SltScript.Record record : script.records) {
        if (record instanceof SltScript.Halt halt) {
          if (!halt.skipped()) {
            result.halted = true;
            break;
          }
          continue;
        }
        if (record.skipped() || filteredOut(record, result)) {
          if (record instanceof SltScript.Query) {
            result.queriesSkipped++;
          } else {
            result.statementsSkipped++;
          }
          continue;
        }
        int failuresBefore = result.failures.size();
        long t0 = System.nanoTime();
        String sql;
        if (record instanceof SltScript.Statement s) {
          sql = s.sql();
          runStatement(connection, script.name, s, result);
        } else {
          SltScript.Query q = (SltScript.Query) record;
          sql = q.sql();
          runQuery(connection, script.name, q, result);
        }
        long millis = (System.nanoTime() - t0) / 1_000_000;
        result.timed(millis, record.line(), sql);
        Failure failure =
            result.failures.size() > failuresBefore ? result.failures.get(failuresBefore) : null;
        String difference = failure == null ? null : SqliteSemantics.of(failure);
        if (difference != null) {
          result.failures.remove(failuresBefore);
          result.queriesFailed--;
          result.queriesDiffering++;
          result.differences.add(Map.entry(difference, failure));
          failure = null;
        }
        if (failure != null) {
          String table = readsDamaged(sql, damaged);
          if (table != null) {
            failure = failure.withCascade(table);
            result.failures.set(failuresBefore, failure);
          }
          if (failure.kind().equals("statement failed")) {
            Matcher m = WRITTEN.matcher(sql);
            if (m.find()) {
              damaged.add(m.group(1).toUpperCase(Locale.ROOT));
            }
          }
        }
        if (millis > SLOW_MILLIS) {
          System.out.println("slow: " + script.name + ":" + record.line() + " took "
              + millis / 1000 + " s"
              + (failure == null ? ", passed" : ", failed: " + failure.kind()
                  + (failure.error() == null ? "" : " " + FailureCategories.exception(failure.error()))));
        }
      }
    }
    result.millis = (System.nanoTime() - start) / 1_000_000;
    if (cpuStart >= 0) {
      result.cpuMillis = (threads.getCurrentThreadCpuTime() - cpuStart) / 1_000_000;
    }
    return result;
  }

  private void runStatement(
      Connection connection, String file, SltScript.Statement s, FileResult result) {
    Throwable error = null;
    try (Statement st = connection.createStatement()) {
      st.setQueryTimeout(queryTimeoutSeconds);
      st.execute(s.sql());
    } catch (SQLException | RuntimeException | AssertionError e) {
      error = e;
    }
    if ((error == null) == s.expectOk()) {
      result.statementsPassed++;
    } else {
      result.statementsFailed++;
      result.failures.add(
          new Failure(
              file,
              s.line(),
              s.sql(),
              s.expectOk() ? "statement failed" : "statement should have failed",
              null,
              null,
              error,
              null,
              null,
              null,
              null,
              null));
    }
  }

  private void runQuery(
      Connection connection, String file, SltScript.Query q, FileResult result) {
    List<String[]> rows = new ArrayList<>();
    String actualTypes;
    try (Statement st = connection.createStatement()) {
      st.setQueryTimeout(queryTimeoutSeconds);
      try (ResultSet rs = st.executeQuery(q.sql())) {
        ResultSetMetaData md = rs.getMetaData();
        int n = md.getColumnCount();
        actualTypes = actualTypes(md);
        if (n != q.types().length()) {
          result.queriesFailed++;
          result.failures.add(
              new Failure(file, q.line(), q.sql(), "wrong column count", null, null, null,
                  q.types(), actualTypes, null, null, null));
          return;
        }
        while (rs.next()) {
          String[] row = new String[n];
          for (int c = 0; c < n; c++) {
            row[c] = format(rs.getObject(c + 1), q.types().charAt(c));
          }
          rows.add(row);
        }
      }
    } catch (SQLException | RuntimeException | AssertionError e) {
      result.queriesFailed++;
      result.failures.add(
          new Failure(file, q.line(), q.sql(), "query error", null, null, e, q.types(), null,
              null, null, null));
      return;
    }

    List<String> values = values(rows, q.sort());
    boolean ok;
    String expected;
    String actual;
    if (q.isHashed()) {
      String hash = md5(values);
      ok = values.size() == q.hashedCount() && hash.equals(q.hash());
      expected = q.hashedCount() + " values hashing to " + q.hash();
      actual = values.size() + " values hashing to " + hash + " " + abbreviate(values);
    } else {
      ok = values.equals(q.expected()) || rowsEqual(rows, q);
      expected = abbreviate(q.expected());
      actual = abbreviate(values);
    }
    if (ok) {
      result.queriesPassed++;
    } else {
      result.queriesFailed++;
      result.failures.add(
          new Failure(file, q.line(), q.sql(), "wrong result", expected, actual, null,
              q.types(), actualTypes, q.isHashed() ? null : q.expected(), values, null));
    }
  }

  /** Some files give a row per line, its values separated by spaces. */
  private static boolean rowsEqual(List<String[]> rows, SltScript.Query q) {
    if (q.types().length() < 2 || rows.size() != q.expected().size()) {
      return false;
    }
    List<String> lines = new ArrayList<>();
    for (String[] row : sortRows(rows, q.sort())) {
      lines.add(String.join(" ", row));
    }
    if (q.sort() == SltScript.SortMode.ROWSORT) {
      List<String> expected = new ArrayList<>(q.expected());
      expected.sort(null);
      lines.sort(null);
      return lines.equals(expected);
    }
    return lines.equals(q.expected());
  }

  private static List<String[]> sortRows(List<String[]> rows, SltScript.SortMode sort) {
    List<String[]> sorted = new ArrayList<>(rows);
    if (sort == SltScript.SortMode.ROWSORT) {
      sorted.sort(SltRunner::compareRows);
    }
    return sorted;
  }

  private static int compareRows(String[] a, String[] b) {
    for (int i = 0; i < Math.min(a.length, b.length); i++) {
      int c = a[i].compareTo(b[i]);
      if (c != 0) {
        return c;
      }
    }
    return Integer.compare(a.length, b.length);
  }

  /** The values of the rows in the order sqllogictest compares them. */
  static List<String> values(List<String[]> rows, SltScript.SortMode sort) {
    List<String> values = new ArrayList<>();
    for (String[] row : sortRows(rows, sort)) {
      values.addAll(Arrays.asList(row));
    }
    if (sort == SltScript.SortMode.VALUESORT) {
      values.sort(null);
    }
    return values;
  }

  /** Formats a value as sqllogictest does for a column declared {@code I}, {@code R} or {@code T}. */
  static String format(Object value, char type) {
    if (value == null) {
      return "NULL";
    }
    switch (type) {
      case 'I':
        if (value instanceof Number n) {
          if (n instanceof BigDecimal d) {
            return d.toBigInteger().toString();
          }
          if (n instanceof BigInteger bi) {
            return bi.toString();
          }
          if (n instanceof Double || n instanceof Float) {
            return Long.toString((long) n.doubleValue());
          }
          return Long.toString(n.longValue());
        }
        if (value instanceof Boolean b) {
          return b ? "1" : "0";
        }
        return Long.toString(leadingInteger(value.toString()));
      case 'R':
        double d;
        if (value instanceof Number n) {
          d = n.doubleValue();
        } else if (value instanceof Boolean b) {
          d = b ? 1 : 0;
        } else {
          try {
            d = Double.parseDouble(value.toString().trim());
          } catch (NumberFormatException e) {
            d = 0;
          }
        }
        return String.format(Locale.ROOT, "%.3f", d);
      default:
        String s;
        if (value instanceof BigDecimal bd) {
          s = bd.toPlainString();
        } else if (value instanceof byte[] bytes) {
          s = new String(bytes, StandardCharsets.ISO_8859_1);
        } else {
          s = value.toString();
        }
        if (s.isEmpty()) {
          return "(empty)";
        }
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
          char c = s.charAt(i);
          b.append(c < ' ' || c > '~' ? '@' : c);
        }
        return b.toString();
    }
  }

  /** SQLite's text-to-integer conversion: the leading integer, or 0. */
  private static long leadingInteger(String s) {
    String t = s.trim();
    int end = 0;
    if (end < t.length() && (t.charAt(end) == '-' || t.charAt(end) == '+')) {
      end++;
    }
    while (end < t.length() && Character.isDigit(t.charAt(end))) {
      end++;
    }
    try {
      return Long.parseLong(t.substring(0, end));
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  static String md5(List<String> values) {
    try {
      MessageDigest md = MessageDigest.getInstance("MD5");
      for (String v : values) {
        md.update(v.getBytes(StandardCharsets.UTF_8));
        md.update((byte) '\n');
      }
      return HexFormat.of().formatHex(md.digest());
    } catch (NoSuchAlgorithmException e) {
      throw new AssertionError(e);
    }
  }

  /** The declared-type letters of the JDBC column types, e.g. {@code I(INTEGER)R(DECIMAL)}. */
  private static String actualTypes(ResultSetMetaData md) throws SQLException {
    StringBuilder b = new StringBuilder();
    for (int c = 1; c <= md.getColumnCount(); c++) {
      String name;
      try {
        name = JDBCType.valueOf(md.getColumnType(c)).getName();
      } catch (IllegalArgumentException e) {
        name = Integer.toString(md.getColumnType(c));
      }
      if (b.length() > 0) {
        b.append(',');
      }
      b.append(name);
    }
    return b.toString();
  }

  /** The declared-type letter a JDBC type corresponds to. */
  static char letter(String jdbcTypeName) {
    return switch (jdbcTypeName) {
      case "TINYINT", "SMALLINT", "INTEGER", "BIGINT", "BOOLEAN" -> 'I';
      case "REAL", "FLOAT", "DOUBLE", "DECIMAL", "NUMERIC" -> 'R';
      default -> 'T';
    };
  }

  static String abbreviate(List<String> values) {
    int max = 12;
    String shown = String.join(" ", values.subList(0, Math.min(max, values.size())));
    return values.size() > max ? "[" + shown + " ... (" + values.size() + " values)]"
        : "[" + shown + "]";
  }

  static String firstLine(String s) {
    if (s == null) {
      return "null";
    }
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }
}
