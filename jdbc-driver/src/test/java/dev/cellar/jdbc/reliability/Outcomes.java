package dev.cellar.jdbc.reliability;

import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Judges how a fuzzed statement or call ended: a result, or an {@link SQLException} with a
 * five-character SQLState other than XX000 whose message names no Java class. Problems are kept
 * one per kind (SQLState and message shape), with the first input that showed each.
 */
final class Outcomes {
  /**
   * An exception or error class name ({@code NullPointerException}, qualified or not), or any
   * class of Calcite, Avatica, Janino or Cellar. (The class of an object the user passed, such as
   * {@code java.lang.Object} to {@code setObject}, may be named.)
   */
  private static final Pattern JAVA_NAME = Pattern.compile("\\b[A-Z][A-Za-z0-9]*(?:Exception|Error)\\b"
      + "|\\b(?:org\\.apache\\.calcite|org\\.codehaus|dev\\.cellar)\\.[\\w.$]+");

  /**
   * Problems known and left, each with its reason (TESTING.md lists them): counted and printed,
   * not failed. None now: every problem fails the run.
   */
  static final Map<Pattern, String> KNOWN = new LinkedHashMap<>();

  private final Map<String, Integer> known = new LinkedHashMap<>();

  private final Map<String, String> problems = new LinkedHashMap<>();
  /** The whole input that first showed each kind of problem, by kind. */
  private final Map<String, String> inputs = new LinkedHashMap<>();
  private int results;
  private int errors;

  /** Records the outcome of {@code input}: {@code thrown} is null when it ended in a result. */
  void record(String input, Throwable thrown) {
    if (thrown == null) {
      results++;
      return;
    }
    String problem = problem(thrown);
    if (problem == null) {
      errors++;
      return;
    }
    for (Map.Entry<Pattern, String> k : KNOWN.entrySet()) {
      if (k.getKey().matcher(problem).find()) {
        known.merge(k.getValue(), 1, Integer::sum);
        return;
      }
    }
    add(input, problem);
  }

  private void add(String input, String problem) {
    String kind = kind(problem);
    problems.putIfAbsent(kind, problem + "\n    after: " + shorten(input));
    inputs.putIfAbsent(kind, input);
  }

  /**
   * Writes the whole input of each problem to {@code file}, one paragraph per problem (the
   * problems above show inputs shortened), and returns the file.
   */
  java.nio.file.Path writeInputs(java.nio.file.Path file) throws java.io.IOException {
    StringBuilder b = new StringBuilder();
    for (Map.Entry<String, String> e : inputs.entrySet()) {
      b.append("-- ").append(problems.get(e.getKey()).lines().findFirst().orElse("")).append('\n')
          .append(e.getValue()).append("\n\n");
    }
    java.nio.file.Files.createDirectories(file.toAbsolutePath().getParent());
    return java.nio.file.Files.writeString(file, b);
  }

  /** How often each known problem was seen. */
  Map<String, Integer> known() {
    return known;
  }

  /** Records a problem found otherwise (a hang, an unusable connection). */
  void fail(String input, String problem) {
    add(input, problem);
  }

  /** What is wrong with {@code t} as the end of a user's action, or null if nothing is. */
  static String problem(Throwable t) {
    if (!(t instanceof SQLException)) {
      return "threw " + t.getClass().getName() + ": " + t.getMessage();
    }
    SQLException e = (SQLException) t;
    String state = e.getSQLState();
    String message = e.getMessage() == null ? "" : e.getMessage();
    int sql = message.indexOf("; SQL statement:");
    String text = sql < 0 ? message : message.substring(0, sql);
    if (state == null || state.length() != 5) {
      return "SQLState " + state + ": " + shorten(message);
    }
    if (state.equals("XX000")) {
      return "XX000: " + shorten(message);
    }
    if (JAVA_NAME.matcher(text).find()) {
      return state + " naming a Java class: " + shorten(message);
    }
    return null;
  }

  private static String kind(String problem) {
    String shape = problem.replaceAll("'[^']*'|\"[^\"]*\"|\\d+", "#");
    return shape.substring(0, Math.min(shape.length(), 90));
  }

  static String shorten(String s) {
    if (s == null) {
      return "null";
    }
    return s.length() <= 300 ? s : s.substring(0, 200) + " ... (" + s.length() + " chars) ... "
        + s.substring(s.length() - 80);
  }

  int results() {
    return results;
  }

  int errors() {
    return errors;
  }

  Map<String, String> problems() {
    return problems;
  }
}
