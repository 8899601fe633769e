package dev.cellar.jdbc.reliability;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The statements the fuzzer starts from: the SQL string literals of the driver's tests and of
 * the seed schemas ({@code SeedSql}), and the SQL in code spans and blocks of the SQL docs.
 */
final class SqlCorpus {
  private static final Pattern START = Pattern.compile(
      "(?is)\\s*(SELECT|INSERT|UPSERT|UPDATE|DELETE|CREATE|DROP|ALTER|EXPLAIN|WITH|VALUES)\\b.*");
  /** A Java string literal, or several joined by {@code +} across lines. */
  private static final Pattern JAVA_STRINGS = Pattern.compile("\"((?:[^\"\\\\\\n]|\\\\.)*)\"(\\s*\\+\\s*\"((?:[^\"\\\\\\n]|\\\\.)*)\")*");
  private static final Pattern ONE_STRING = Pattern.compile("\"((?:[^\"\\\\\\n]|\\\\.)*)\"");
  private static final Pattern CODE_SPAN = Pattern.compile("`([^`\\n]+)`");

  private SqlCorpus() {}

  /** The project's root: the first directory upwards holding {@code sql-planner/docs}. */
  static Path root() {
    Path p = Path.of("").toAbsolutePath();
    while (p != null && !Files.isDirectory(p.resolve("sql-planner/docs"))) {
      p = p.getParent();
    }
    if (p == null) {
      throw new IllegalStateException("no project root above " + Path.of("").toAbsolutePath());
    }
    return p;
  }

  /** Every statement found, each once, in a stable order. */
  static List<String> load() {
    Path root = root();
    Set<String> out = new LinkedHashSet<>();
    try (Stream<Path> tests = Files.list(root.resolve("jdbc-driver/src/test/java/dev/cellar/jdbc"))) {
      for (Path p : tests.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
        fromJava(Files.readString(p), out);
      }
      fromJava(Files.readString(root.resolve("examples/src/main/java/dev/cellar/examples/SeedSql.java")), out);
      for (String doc : List.of("sql-planner/docs/sql.md", "sql-planner/docs/indexes.md", "sql-planner/docs/mapping.md",
          "sqlline/docs/sql.md")) {
        Path p = root.resolve(doc);
        if (Files.exists(p)) {
          fromMarkdown(Files.readString(p), out);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new ArrayList<>(out);
  }

  private static void fromJava(String source, Set<String> out) {
    Matcher m = JAVA_STRINGS.matcher(source);
    while (m.find()) {
      StringBuilder sql = new StringBuilder();
      Matcher one = ONE_STRING.matcher(m.group());
      while (one.find()) {
        sql.append(unescape(one.group(1)));
      }
      add(sql.toString(), out);
    }
  }

  private static void fromMarkdown(String doc, Set<String> out) {
    Matcher m = CODE_SPAN.matcher(doc);
    while (m.find()) {
      add(m.group(1), out);
    }
    boolean inBlock = false;
    StringBuilder block = new StringBuilder();
    for (String line : doc.split("\n")) {
      if (line.startsWith("```")) {
        if (inBlock) {
          for (String statement : block.toString().split(";")) {
            add(statement, out);
          }
          block.setLength(0);
        }
        inBlock = !inBlock;
      } else if (inBlock) {
        block.append(line).append('\n');
      }
    }
  }

  private static void add(String sql, Set<String> out) {
    String s = sql.strip();
    if (s.length() > 8 && START.matcher(s).matches()) {
      out.add(s);
    }
  }

  private static String unescape(String s) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c != '\\' || i + 1 == s.length()) {
        b.append(c);
        continue;
      }
      char n = s.charAt(++i);
      switch (n) {
        case 'n':
          b.append('\n');
          break;
        case 't':
          b.append('\t');
          break;
        case 'u':
          if (i + 4 < s.length()) {
            try {
              b.append((char) Integer.parseInt(s.substring(i + 1, i + 5), 16));
              i += 4;
              break;
            } catch (NumberFormatException e) {
              // not an escape after all
            }
          }
          b.append("\\u");
          break;
        default:
          b.append(n);
      }
    }
    return b.toString();
  }
}
