package dev.cellar.console.load;

import java.util.ArrayList;
import java.util.List;

/**
 * The options {@code cellar load} and {@code cellar export} share, as the {@code WITH (...)} of
 * their {@code COPY} statements, and the words left (URL, table or query, files).
 */
final class LoadOptions {
  final List<String> words = new ArrayList<>();
  final List<String> copyOptions = new ArrayList<>();
  String columns;
  /** {@code line}, {@code plain} or {@code none}; null: a line on a terminal, plain otherwise. */
  String progress;

  /**
   * Reads {@code args}.
   *
   * @throws IllegalArgumentException naming an unknown option or one without its value
   */
  static LoadOptions parse(String[] args) {
    LoadOptions o = new LoadOptions();
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (!a.startsWith("--")) {
        o.words.add(a);
        continue;
      }
      String name = a.substring(2);
      String value = null;
      int eq = name.indexOf('=');
      if (eq >= 0) {
        value = name.substring(eq + 1);
        name = name.substring(0, eq);
      }
      if (name.equals("header")) {
        o.copyOptions.add("HEADER");
        continue;
      }
      if (value == null) {
        if (i + 1 >= args.length) {
          throw new IllegalArgumentException("option --" + name + " needs a value");
        }
        value = args[++i];
      }
      switch (name) {
        case "format":
          o.copyOptions.add("FORMAT " + literal(value));
          break;
        case "delimiter":
          o.copyOptions.add("DELIMITER " + literal(value.equals("\\t") ? "\t" : value));
          break;
        case "quote":
          o.copyOptions.add("QUOTE " + literal(value));
          break;
        case "null":
          o.copyOptions.add("NULL " + literal(value));
          break;
        case "date-format":
          o.copyOptions.add("DATE_FORMAT " + literal(value));
          break;
        case "timestamp-format":
          o.copyOptions.add("TIMESTAMP_FORMAT " + literal(value));
          break;
        case "reject-limit":
          if (!value.matches("[0-9]{1,18}")) {
            throw new IllegalArgumentException("--reject-limit needs a whole number, not " + value);
          }
          o.copyOptions.add("REJECT_LIMIT " + value);
          break;
        case "reject-file":
          o.copyOptions.add("REJECT_FILE " + literal(value));
          break;
        case "columns":
          o.columns = value;
          break;
        case "progress":
          if (!value.equals("line") && !value.equals("plain") && !value.equals("none")) {
            throw new IllegalArgumentException("--progress is line, plain or none, not " + value);
          }
          o.progress = value;
          break;
        default:
          throw new IllegalArgumentException("unknown option --" + name);
      }
    }
    return o;
  }

  /** {@code (cols) } for a column list given, else "". */
  String columnList() {
    return columns == null ? "" : " (" + columns + ")";
  }

  /** {@code  WITH (...)} of the options given, or "". */
  String with() {
    return copyOptions.isEmpty() ? "" : " WITH (" + String.join(", ", copyOptions) + ")";
  }

  /** {@code s} as an SQL string literal. */
  static String literal(String s) {
    return "'" + s.replace("'", "''") + "'";
  }
}
