package dev.cellar.console.sql;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jline.reader.Candidate;
import org.jline.reader.Completer;
import org.jline.reader.LineReader;
import org.jline.reader.ParsedLine;

/**
 * Completion that offers names before keywords: SQLLine's candidates (commands, keywords,
 * functions, tables), with the tables and columns of the database read when Tab is pressed, the
 * aliases the statement gives its tables ({@code FROM shop s}), the columns of the tables it
 * names, and after {@code alias.} or {@code table.} that table's columns. When a name fits what
 * is typed, only names are offered, so {@code SELECT * FROM sa<Tab>} gives {@code SALE} rather
 * than {@code SAFE_CAST}; keywords and functions are offered when no name fits ({@code saf<Tab>}).
 */
final class NameCompleter implements Completer {
  /** Sort rank of tables, columns and aliases. */
  static final int NAMES = 0;
  /** Sort rank of everything else: keywords, functions, commands. */
  static final int OTHERS = 10;

  /** A quoted name, a word, or a comma. */
  private static final Pattern TOKEN = Pattern.compile("\"[^\"]*\"|[\\w$]+|,|'[^']*'");
  /** Words that follow a table name without being its alias. */
  private static final Set<String> NOT_ALIASES = Set.of("WHERE", "ON", "JOIN", "INNER", "LEFT", "RIGHT", "FULL",
      "CROSS", "NATURAL", "GROUP", "ORDER", "LIMIT", "OFFSET", "HAVING", "UNION", "EXCEPT", "INTERSECT", "SET", "VALUES",
      "USING", "FETCH", "WINDOW", "SELECT", "AS", "OUTER");

  private final Completer sqlLine;
  private final Supplier<Connection> connection;

  /**
   * @param sqlLine SQLLine's completer
   * @param connection the console's connection when Tab is pressed, or null
   */
  NameCompleter(Completer sqlLine, Supplier<Connection> connection) {
    this.sqlLine = sqlLine;
    this.connection = connection;
  }

  @Override
  public void complete(LineReader reader, ParsedLine line, List<Candidate> candidates) {
    List<Candidate> theirs = new ArrayList<>();
    sqlLine.complete(reader, line, theirs);
    Map<String, Candidate> out = new LinkedHashMap<>();
    if (line.line().stripLeading().startsWith("!")) {
      candidates.addAll(theirs);
      return;
    }
    Connection c = connection.get();
    if (c != null) {
      try {
        ours(c, line, out);
      } catch (SQLException | RuntimeException e) {
        // completion offers what it has
      }
    }
    for (Candidate k : theirs) {
      boolean name = isNameKind(k.descr());
      // no suffix: JLine takes a suffix as part of the value and removes it, a character of the name, on Enter
      out.putIfAbsent(k.value(), new Candidate(k.value(), k.displ(), k.group(), k.descr(), name ? null : k.suffix(),
          k.key(), k.complete(), name ? NAMES : OTHERS));
    }
    // names that fit what is typed are all that is offered; keywords and functions when none does
    String word = line.word().substring(0, Math.min(line.wordCursor(), line.word().length())).toUpperCase(Locale.ROOT);
    boolean nameFits = out.values().stream()
        .anyMatch(k -> k.sort() == NAMES && k.value().toUpperCase(Locale.ROOT).startsWith(word));
    for (Candidate k : out.values()) {
      if (!nameFits || k.sort() == NAMES) {
        candidates.add(k);
      }
    }
  }

  private static boolean isNameKind(String descr) {
    return descr != null && (descr.equals("Table") || descr.equals("Column") || descr.equals("Schema"));
  }

  private void ours(Connection c, ParsedLine line, Map<String, Candidate> out) throws SQLException {
    String word = line.word().substring(0, Math.min(line.wordCursor(), line.word().length()));
    Map<String, String> refs = references(line.line());
    DatabaseMetaData md = c.getMetaData();
    int dot = word.lastIndexOf('.');
    if (dot > 0) {
      String qualifier = word.substring(0, dot);
      String table = refs.getOrDefault(upper(qualifier), unquoted(qualifier));
      for (String column : columns(md, table)) {
        String value = qualifier + "." + column;
        out.put(value, new Candidate(value, column, null, "Column", null, null, true, NAMES));
      }
      return;
    }
    Set<String> tables = new LinkedHashSet<>(refs.values());
    for (Map.Entry<String, String> r : refs.entrySet()) {
      if (!r.getKey().equals(r.getValue())) {
        out.put(r.getKey(), new Candidate(r.getKey(), r.getKey(), null, "Alias of " + r.getValue(), null, null, false,
            NAMES));
      }
    }
    for (String table : tables) {
      for (String column : columns(md, table)) {
        out.putIfAbsent(column, new Candidate(column, column, null, "Column of " + table, null, null, true, NAMES));
      }
    }
    try (ResultSet rs = md.getTables(null, null, "%", null)) {
      while (rs.next()) {
        String t = rs.getString("TABLE_NAME");
        out.putIfAbsent(t, new Candidate(t, t, null, "Table", null, null, false, NAMES));
      }
    }
  }

  private static List<String> columns(DatabaseMetaData md, String table) throws SQLException {
    List<String> out = new ArrayList<>();
    try (ResultSet rs = md.getColumns(null, null, table.replace("_", "\\_").replace("%", "\\%"), "%")) {
      while (rs.next()) {
        if (table.equals(rs.getString("TABLE_NAME"))) {
          out.add(rs.getString("COLUMN_NAME"));
        }
      }
    }
    return out;
  }

  /**
   * The tables a statement names, by the name it refers to each with (its alias, upper case, or
   * the table's own name).
   */
  static Map<String, String> references(String sql) {
    List<String> tokens = new ArrayList<>();
    Matcher m = TOKEN.matcher(sql);
    while (m.find()) {
      tokens.add(m.group());
    }
    Map<String, String> out = new LinkedHashMap<>();
    for (int i = 0; i < tokens.size(); i++) {
      String k = upper(tokens.get(i));
      if (!k.equals("FROM") && !k.equals("JOIN") && !k.equals("UPDATE") && !k.equals("INTO")) {
        continue;
      }
      int j = i + 1;
      while (j < tokens.size() && isName(tokens.get(j))) {
        String table = unquoted(tokens.get(j++));
        out.putIfAbsent(table, table);
        if (j < tokens.size() && upper(tokens.get(j)).equals("AS")) {
          j++;
        }
        if (j < tokens.size() && isName(tokens.get(j)) && !tokens.get(j).startsWith("\"")) {
          out.put(upper(tokens.get(j++)), table);
        }
        if (!k.equals("FROM") || j >= tokens.size() || !tokens.get(j).equals(",")) {
          break;
        }
        j++;
      }
      i = j - 1;
    }
    return out;
  }

  /** Whether {@code token} can be a table name or alias: a quoted name, or a word that is not a keyword here. */
  private static boolean isName(String token) {
    return token.startsWith("\"") || Character.isLetter(token.charAt(0)) && !NOT_ALIASES.contains(upper(token));
  }

  /** A name as the catalog holds it: quoted as written, otherwise upper case. */
  private static String unquoted(String name) {
    return name.startsWith("\"") && name.endsWith("\"") && name.length() > 1 ? name.substring(1, name.length() - 1)
        : upper(name);
  }

  private static String upper(String s) {
    return s.toUpperCase(Locale.ROOT);
  }
}
