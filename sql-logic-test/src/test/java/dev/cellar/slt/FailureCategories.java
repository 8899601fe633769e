package dev.cellar.slt;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Sorts failures into causes, so that the most common cause can be fixed first. */
final class FailureCategories {
  private static final Pattern QUOTED =
      Pattern.compile("(near |Encountered )?('[^']*'|\"[^\"]*\")");

  private FailureCategories() {}

  /** A cause, how many failures it explains and the first of them. */
  static final class Category {
    final String name;
    int count;
    final SltRunner.Failure example;

    Category(String name, SltRunner.Failure example) {
      this.name = name;
      this.example = example;
    }
  }

  /** Categories of the failures, most frequent first. */
  static List<Category> of(List<SltRunner.Failure> failures) {
    Map<String, Category> byName = new LinkedHashMap<>();
    for (SltRunner.Failure f : failures) {
      String name = categorize(f);
      byName.computeIfAbsent(name, n -> new Category(n, f)).count++;
    }
    return byName.values().stream()
        .sorted((a, b) -> Integer.compare(b.count, a.count))
        .toList();
  }

  static String categorize(SltRunner.Failure f) {
    if (f.cascade() != null) {
      return "consequence: reads a table that an earlier failed statement created or wrote";
    }
    String sql = f.sql().trim().toUpperCase(Locale.ROOT);
    if (f.error() != null) {
      String what = f.kind().startsWith("statement") ? "statement " + verb(sql) : "query";
      String e = exception(f.error());
      if (sql.startsWith("CREATE TABLE") && !sql.contains("PRIMARY KEY")
          && !e.contains("Syntax error")) {
        return "table without primary key (hidden rowkey) not created: " + e;
      }
      return what + ": " + e;
    }
    if (f.kind().equals("statement should have failed")) {
      return "statement accepted that should fail: " + verb(sql);
    }
    if (f.kind().equals("wrong column count")) {
      return "wrong number of columns";
    }
    // A wrong result.
    String declared = f.declaredTypes();
    String actual = f.actualTypes();
    if (declared != null && actual != null) {
      String[] jdbc = actual.split(",");
      for (int i = 0; i < declared.length() && i < jdbc.length; i++) {
        char d = declared.charAt(i);
        String t = jdbc[i];
        boolean integral = SltRunner.letter(t) == 'I' || t.equals("DECIMAL");
        if (d == 'R' && SltRunner.letter(t) == 'I') {
          return "type of expression: declared R (real), column is " + t
              + " (e.g. AVG or division of integers)";
        }
        if (d == 'I' && !integral) {
          return "type of expression: declared I (integer), column is " + t;
        }
      }
    }
    List<String> expected = f.expectedValues();
    List<String> values = f.actualValues();
    if (expected != null && values != null) {
      if (expected.size() != values.size()) {
        return "wrong result: wrong number of values";
      }
      List<String> a = new ArrayList<>(expected);
      List<String> b = new ArrayList<>(values);
      a.sort(null);
      b.sort(null);
      if (a.equals(b)) {
        return values.contains("NULL") ? "wrong result: order (NULL sorting?)"
            : "wrong result: order";
      }
      for (int i = 0; i < expected.size(); i++) {
        if (expected.get(i).equals("NULL") != values.get(i).equals("NULL")) {
          return "wrong result: NULL where a value is expected or the reverse";
        }
      }
      return "wrong result: values differ";
    }
    return "wrong result (hashed)";
  }

  /** Exception class and the start of its message, with numbers and quoted names blanked. */
  static String exception(Throwable e) {
    Throwable t = e;
    String state = e instanceof SQLException s && s.getSQLState() != null
        ? " [" + s.getSQLState() + "]" : "";
    String message = SltRunner.firstLine(t.getMessage());
    // Avatica wraps: "Error while executing SQL "...": cause"
    int executing = message.indexOf("Error while executing SQL \"");
    int wrapped = executing < 0 ? -1 : message.indexOf("\": ", executing);
    if (wrapped > 0) {
      message = message.substring(wrapped + 3);
    }
    message = message.replaceFirst("^Error \\d+ \\([^)]*\\) : ", "");
    // the statement the driver names at the end of a message
    int statement = message.indexOf("; SQL statement: ");
    if (statement >= 0) {
      message = message.substring(0, statement);
    }
    // Names and positions vary; the token a syntax error is near does not.
    Matcher m = QUOTED.matcher(message);
    StringBuilder b = new StringBuilder();
    while (m.find()) {
      String quote = m.group(2).substring(0, 1);
      m.appendReplacement(b, Matcher.quoteReplacement(
          m.group(1) != null ? m.group() : quote + "…" + quote));
    }
    m.appendTail(b);
    message = b.toString()
        .replaceAll("line \\d+, column \\d+", "line N, column N")
        .replaceAll("for column \\w+", "for column …");
    if (message.length() > 90) {
      message = message.substring(0, 90) + "…";
    }
    return t.getClass().getSimpleName() + state + ": " + message;
  }

  /** The kind of statement: {@code CREATE TABLE}, {@code INSERT OR REPLACE}, {@code UPDATE}. */
  private static String verb(String sql) {
    String[] w = sql.split("[^A-Z_]+");
    if (w.length > 1 && (w[0].equals("CREATE") || w[0].equals("DROP"))) {
      return w.length > 2 && (w[1].equals("UNIQUE") || w[1].equals("TEMP"))
          ? w[0] + " " + w[1] + " " + w[2] : w[0] + " " + w[1];
    }
    if (w.length > 2 && w[0].equals("INSERT") && w[1].equals("OR")) {
      return "INSERT OR " + w[2];
    }
    return w[0];
  }
}
