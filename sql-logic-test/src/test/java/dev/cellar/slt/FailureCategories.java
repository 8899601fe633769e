package dev.cellar.slt;

import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Sorts failures into causes, so that the most common cause can be fixed first. */
final class FailureCategories {
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
    String sql = f.sql().toUpperCase(Locale.ROOT);
    if (f.error() != null) {
      if (f.kind().equals("statement failed") && sql.startsWith("CREATE TABLE")
          && !sql.contains("PRIMARY KEY")) {
        return "table without primary key (hidden rowkey) not created: " + exception(f.error());
      }
      return (f.kind().startsWith("statement") ? "statement: " : "query: ") + exception(f.error());
    }
    if (f.kind().equals("statement should have failed")) {
      return "statement accepted that should fail: " + firstWords(f.sql(), 3);
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
        char a = SltRunner.letter(jdbc[i]);
        if (d != a && !(d == 'I' && jdbc[i].equals("DECIMAL"))) {
          return "type of expression: declared " + d + ", column is " + jdbc[i];
        }
      }
    }
    return "wrong result";
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
    message = message
        .replaceAll("'[^']*'", "'…'")
        .replaceAll("\"[^\"]*\"", "\"…\"")
        .replaceAll("\\b\\d+\\b", "N");
    if (message.length() > 90) {
      message = message.substring(0, 90) + "…";
    }
    return t.getClass().getSimpleName() + state + ": " + message;
  }

  private static String firstWords(String sql, int n) {
    String[] words = sql.trim().split("\\s+");
    return String.join(" ", java.util.Arrays.copyOf(words, Math.min(n, words.length)));
  }
}
