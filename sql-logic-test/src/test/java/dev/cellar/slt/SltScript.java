package dev.cellar.slt;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One sqllogictest file, parsed: its statements and queries in order, with the conditions in
 * front of each.
 *
 * <p>The format (SQLite's sqllogictest): records are separated by blank lines; {@code #} starts
 * a comment line; {@code skipif DB} and {@code onlyif DB} lines before a record make it apply to
 * some engines only; {@code statement ok} / {@code statement error} are followed by the SQL;
 * {@code query TYPES SORT [LABEL]} by the SQL, a {@code ----} line and the expected values, one
 * per line, or {@code N values hashing to MD5}; {@code hash-threshold N} and {@code halt} stand
 * alone.
 */
final class SltScript {

  /** The engine name that {@code skipif} and {@code onlyif} are matched against. */
  static final String ENGINE = "cellar";

  private static final Pattern HASHED = Pattern.compile("(\\d+) values hashing to ([0-9a-f]{32})");

  sealed interface Record permits Statement, Query, Halt {
    int line();

    /** Whether the record's conditions exclude this engine. */
    boolean skipped();
  }

  record Statement(int line, boolean skipped, String sql, boolean expectOk) implements Record {}

  record Query(
      int line,
      boolean skipped,
      String sql,
      String types,
      SortMode sort,
      String label,
      List<String> expected,
      int hashedCount,
      String hash)
      implements Record {

    /** Whether the expected result is given as a count and an MD5 hash. */
    boolean isHashed() {
      return hash != null;
    }

    /** Number of values expected. */
    int expectedCount() {
      return isHashed() ? hashedCount : expected.size();
    }
  }

  record Halt(int line, boolean skipped) implements Record {}

  enum SortMode {
    NOSORT,
    ROWSORT,
    VALUESORT;

    static SortMode of(String s) {
      return switch (s) {
        case "nosort" -> NOSORT;
        case "rowsort" -> ROWSORT;
        case "valuesort" -> VALUESORT;
        default -> throw new IllegalArgumentException("unknown sort mode " + s);
      };
    }
  }

  final String name;
  final List<Record> records;

  private SltScript(String name, List<Record> records) {
    this.name = name;
    this.records = records;
  }

  /** Parses the text of a test file. */
  static SltScript parse(String name, String text) {
    String[] lines = text.split("\r?\n", -1);
    List<Record> records = new ArrayList<>();
    int i = 0;
    while (i < lines.length) {
      String line = lines[i];
      if (line.isBlank() || line.startsWith("#")) {
        i++;
        continue;
      }
      // Conditions, then the record's first line.
      boolean skipped = false;
      while (line.startsWith("skipif ") || line.startsWith("onlyif ")) {
        String engine = line.substring(7).trim();
        if (line.startsWith("onlyif ") && !engine.equalsIgnoreCase(ENGINE)) {
          skipped = true;
        }
        if (line.startsWith("skipif ") && engine.equalsIgnoreCase(ENGINE)) {
          skipped = true;
        }
        line = lines[++i];
      }
      int start = i + 1; // 1-based line number of the record
      String[] head = line.trim().split("\\s+");
      i++;
      switch (head[0]) {
        case "hash-threshold" -> {
          // The expected results say themselves whether they are hashed.
        }
        case "halt" -> records.add(new Halt(start, skipped));
        case "statement" -> {
          StringBuilder sql = new StringBuilder();
          while (i < lines.length && !lines[i].isBlank()) {
            append(sql, lines[i++]);
          }
          boolean ok =
              switch (head[1]) {
                case "ok" -> true;
                case "error" -> false;
                default -> throw new IllegalArgumentException(
                    name + ":" + start + ": unknown statement kind " + head[1]);
              };
          records.add(new Statement(start, skipped, sql.toString(), ok));
        }
        case "query" -> {
          StringBuilder sql = new StringBuilder();
          while (i < lines.length && !lines[i].isBlank() && !lines[i].equals("----")) {
            append(sql, lines[i++]);
          }
          List<String> expected = new ArrayList<>();
          int hashedCount = 0;
          String hash = null;
          if (i < lines.length && lines[i].equals("----")) {
            i++;
            while (i < lines.length && !lines[i].isEmpty()) {
              String value = lines[i++];
              Matcher m = HASHED.matcher(value);
              if (expected.isEmpty() && hash == null && m.matches()) {
                hashedCount = Integer.parseInt(m.group(1));
                hash = m.group(2);
              } else {
                expected.add(value);
              }
            }
          }
          records.add(
              new Query(
                  start,
                  skipped,
                  sql.toString(),
                  head[1],
                  head.length > 2 ? SortMode.of(head[2]) : SortMode.NOSORT,
                  head.length > 3 ? head[3] : null,
                  expected,
                  hashedCount,
                  hash));
        }
        default -> throw new IllegalArgumentException(
            name + ":" + start + ": cannot parse '" + line + "'");
      }
    }
    return new SltScript(name, records);
  }

  private static void append(StringBuilder sql, String line) {
    if (sql.length() > 0) {
      sql.append('\n');
    }
    sql.append(line);
  }

  long queryCount() {
    return records.stream().filter(r -> r instanceof Query).count();
  }
}
