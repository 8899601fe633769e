package dev.cellar.jdbc;

import static dev.cellar.jdbc.Check.check;
import static dev.cellar.jdbc.Sql.assertFails;
import static dev.cellar.jdbc.Sql.assertRows;
import static dev.cellar.jdbc.Sql.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.sql.parser.CellarParser;
import java.io.StringReader;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.calcite.sql.parser.SqlAbstractParserImpl;
import org.junit.jupiter.api.Test;

/**
 * Everyday words that SQL has as keywords ({@code value}, {@code user}, {@code date},
 * {@code year}, ...) are names in every statement, unquoted, and keep their other meanings; the
 * words Cellar's parser reserves are names only when quoted, in DDL as in queries; and
 * {@code EXPLAIN query} is {@code EXPLAIN PLAN FOR query}.
 */
class KeywordNamesTest extends FreshDatabaseTest {
  /** Words users name columns with that standard SQL (and Calcite's default parser) reserves. */
  private static final List<String> WORDS = List.of("value", "user", "time", "date", "timestamp", "datetime", "year",
      "month", "day", "hour", "minute", "second", "monday", "sunday", "count", "sum", "min", "max", "avg", "rank",
      "lower", "upper", "position", "uuid", "language", "result", "start", "global", "percent", "search", "show",
      "sql", "old", "none", "open", "close", "return", "returns", "trigger", "method", "module", "function",
      "initial", "large", "condition", "cycle", "scope", "static", "identity", "parameter", "release", "ref",
      "import", "hold", "free", "translation", "groups");
  /** Words that were names already, and others that are no keyword at all. */
  private static final List<String> ALREADY_NAMES = List.of("key", "name", "type", "status", "data", "comment", "role",
      "level", "source", "version");

  @Test
  void everydayWordsAreColumnsInEveryStatement() throws SQLException {
    List<String> words = new ArrayList<>(WORDS);
    words.addAll(ALREADY_NAMES);
    for (String w : words) {
      String t = "t_" + w;
      // CREATE TABLE with each word: ddlAndQueriesAcceptTheSameNames
      run(c, "CREATE TABLE " + t + " (id INTEGER NOT NULL PRIMARY KEY, n INTEGER)",
          "ALTER TABLE " + t + " ADD " + w + " VARCHAR",
          "INSERT INTO " + t + " (id, " + w + ", n) VALUES (1, 'a', 1), (2, 'b', 2), (3, 'b', 3)",
          "UPSERT INTO " + t + " (id, " + w + ") VALUES (4, 'c')",
          "UPDATE " + t + " SET " + w + " = 'd', n = 4 WHERE " + w + " = 'c'",
          "DELETE FROM " + t + " WHERE " + w + " = 'a'");
      assertRows(c, "SELECT id, " + w + " FROM " + t + " WHERE (" + w + " <> 'x') ORDER BY " + w + " DESC, id",
          "4, d", "2, b", "3, b");
      assertRows(c, "SELECT " + w + ", COUNT(*), SUM(n) FROM " + t + " GROUP BY " + w + " ORDER BY " + w,
          "b, 2, 5", "d, 1, 4");
      assertRows(c, "SELECT " + t + "." + w + ", x." + w + " FROM " + t + " JOIN " + t + " AS x ON x.id = " + t
          + ".id + 1 WHERE " + t + ".id = 2", "b, b");
      assertRows(c, "SELECT n AS " + w + " FROM " + t + " AS " + w + " WHERE " + w + ".id = 4", "4");
      run(c, "CREATE INDEX i_" + w + " ON " + t + " (" + w + ")");
      check(c, "SELECT id FROM " + t + " WHERE " + w + " = 'b' ORDER BY id")
          .explainContains("INDEX I_" + w.toUpperCase(Locale.ROOT))
          .returns("2", "3");
      run(c, "DROP INDEX i_" + w + " ON " + t, "ALTER TABLE " + t + " DROP COLUMN " + w);
      assertRows(c, "SELECT * FROM " + t + " WHERE id = 4", "4, 4");
    }
  }

  @Test
  void everydayWordsNameTablesViewsAndIndexes() throws SQLException {
    run(c, "CREATE TABLE user (id INTEGER PRIMARY KEY, value INTEGER, date DATE)",
        "INSERT INTO user VALUES (1, 10, DATE '2024-01-02'), (2, 20, DATE '2024-03-04')",
        "CREATE INDEX value ON user (value)",
        "CREATE VIEW year AS SELECT id, value, EXTRACT(YEAR FROM date) AS year FROM user",
        "ALTER TABLE user ADD time TIME");
    assertRows(c, "SELECT user.id, user.value FROM user WHERE user.date > DATE '2024-02-01'", "2, 20");
    assertRows(c, "SELECT user.* FROM user WHERE value = 10", "1, 10, 2024-01-02, null");
    assertRows(c, "SELECT year, value FROM year ORDER BY value DESC", "2024, 20", "2024, 10");
    check(c, "SELECT id FROM user WHERE value = 20").explainContains("INDEX VALUE").returns("2");
    run(c, "DROP VIEW year", "DROP INDEX value ON user", "DROP TABLE user");
  }

  @Test
  void wordsKeepTheirOtherMeanings() throws SQLException {
    run(c, "CREATE TABLE ev (id INTEGER PRIMARY KEY, date DATE, time TIME, timestamp TIMESTAMP, year INTEGER, "
        + "count INTEGER, position VARCHAR, value VARCHAR)",
        "INSERT INTO ev VALUES (1, DATE '2024-05-06', TIME '07:08:09', TIMESTAMP '2024-05-06 07:08:09', 1999, 7, "
            + "'abc', 'b')");
    assertRows(c, "SELECT DATE '2024-01-01', TIME '10:11:12', TIMESTAMP '2024-01-01 10:11:12' FROM ev",
        "2024-01-01, 10:11:12, 2024-01-01 10:11:12");
    assertRows(c, "SELECT date, EXTRACT(YEAR FROM date), year, EXTRACT(DAY FROM timestamp), EXTRACT(HOUR FROM time) "
        + "FROM ev", "2024-05-06, 2024, 1999, 6, 7");
    assertRows(c, "SELECT date + INTERVAL '1' DAY, timestamp - INTERVAL '2' HOUR, date + INTERVAL '1' YEAR FROM ev",
        "2024-05-07, 2024-05-06 05:08:09.000, 2025-05-06");
    assertRows(c, "SELECT COUNT(*), count, COUNT(count), MAX(count) FROM ev GROUP BY count", "1, 7, 1, 7");
    assertRows(c, "SELECT POSITION(value IN position), position FROM ev", "2, abc");
    assertRows(c, "SELECT CAST(date AS TIMESTAMP), CAST('2024-01-02' AS DATE), CAST(timestamp AS TIME) FROM ev",
        "2024-05-06 00:00:00.000, 2024-01-02, 07:08:09.000");
    assertRows(c, "SELECT CURRENT_DATE = CAST(CURRENT_TIMESTAMP AS DATE) FROM ev", "true");
    assertRows(c, "SELECT FLOOR(timestamp TO DAY), YEAR(date), MONTH(date) FROM ev", "2024-05-06 00:00:00.000, 2024, 5");
  }

  @Test
  void userIsTheColumnWhereThereIsOneAndTheFunctionElsewhere() throws SQLException {
    run(c, "CREATE TABLE ev (id INTEGER PRIMARY KEY, user VARCHAR)", "CREATE TABLE other (id INTEGER PRIMARY KEY)",
        "INSERT INTO ev VALUES (1, 'ann'), (2, 'bob')", "INSERT INTO other VALUES (1)");
    String name = Sql.strings(c, "SELECT CURRENT_USER FROM other").get(0);
    assertFalse(name.equals("ann") || name.equals("bob"));
    assertRows(c, "SELECT user FROM ev WHERE user <> 'bob'", "ann");
    assertRows(c, "SELECT USER, CURRENT_USER FROM ev WHERE id = 2", "bob, " + name);
    assertRows(c, "SELECT USER FROM other", name);
    assertRows(c, "SELECT id AS user FROM other ORDER BY user", "1");
    assertRows(c, "SELECT u.user FROM (SELECT user FROM ev) AS u WHERE u.user = 'ann'", "ann");
    run(c, "CREATE VIEW named AS SELECT id, user FROM ev");
    assertRows(c, "SELECT user FROM named WHERE id = 1", "ann");
    // an INSERT's values cannot refer to the columns of its target: USER is the function there
    run(c, "INSERT INTO ev (id, user) VALUES (3, USER)");
    assertRows(c, "SELECT user FROM ev WHERE id = 3", name);
    // index expressions read names as queries do
    run(c, "CREATE INDEX i_user ON ev (UPPER(user))");
    check(c, "SELECT id FROM ev WHERE UPPER(user) = 'ANN'").explainContains("INDEX I_USER").returns("1");
    assertFails(c, "42000", "CREATE INDEX i_other ON other (id || USER)", "I_OTHER", "does not always give the same "
        + "value");
  }

  @Test
  void reservedWordsAreRefusedAsNamesUnlessQuoted() throws SQLException {
    run(c, "CREATE TABLE t (id INTEGER PRIMARY KEY)");
    assertFails(c, "42000", "CREATE TABLE u (id INTEGER PRIMARY KEY, select VARCHAR)", "SELECT", "line 1, column 41",
        "reserved word", "\"SELECT\"");
    assertFails(c, "42000", "CREATE TABLE order (id INTEGER PRIMARY KEY)", "ORDER", "line 1, column 14", "\"ORDER\"");
    assertFails(c, "42000", "ALTER TABLE t ADD\n  from VARCHAR", "FROM", "line 2, column 3", "\"FROM\"");
    assertFails(c, "42000", "CREATE INDEX where ON t (id)", "WHERE", "line 1, column 14", "\"WHERE\"");
    assertFails(c, "42000", "CREATE VIEW v (group) AS SELECT id FROM t", "GROUP", "line 1, column 16", "\"GROUP\"");
    assertFails(c, "42000", "CREATE VIEW table AS SELECT id FROM t", "TABLE", "line 1, column 13", "\"TABLE\"");
    // the same words quoted are names everywhere
    run(c, "CREATE TABLE \"ORDER\" (id INTEGER PRIMARY KEY, \"SELECT\" VARCHAR)",
        "ALTER TABLE \"ORDER\" ADD \"FROM\" INTEGER",
        "INSERT INTO \"ORDER\" (id, \"SELECT\", \"FROM\") VALUES (1, 'a', 2)",
        "CREATE INDEX \"WHERE\" ON \"ORDER\" (\"SELECT\")",
        "CREATE VIEW \"TABLE\" (\"GROUP\") AS SELECT \"SELECT\" FROM \"ORDER\"");
    assertRows(c, "SELECT \"SELECT\", \"FROM\" FROM \"ORDER\" WHERE \"SELECT\" = 'a'", "a, 2");
    assertRows(c, "SELECT \"GROUP\" FROM \"TABLE\"", "a");
  }

  /**
   * The rule for names is one: every keyword of Cellar's parser that it does not reserve is a
   * column name through DDL and queries unquoted, and every one it reserves is refused by DDL.
   */
  @Test
  void ddlAndQueriesAcceptTheSameNames() throws SQLException {
    run(c, "CREATE TABLE r (id INTEGER PRIMARY KEY)");
    SqlAbstractParserImpl.Metadata metadata = CellarParser.FACTORY.getParser(new StringReader("")).getMetadata();
    List<String> names = new ArrayList<>();
    int reserved = 0;
    for (String token : metadata.getTokens()) {
      if (!token.matches("[A-Z][A-Z0-9_]*")) {
        continue;
      }
      assertEquals(metadata.isReservedWord(token), CellarParser.isReserved(token.toLowerCase(Locale.ROOT)), token);
      if (metadata.isReservedWord(token)) {
        reserved++;
        assertFails(c, "42000", "CREATE TABLE " + token + " (id INTEGER PRIMARY KEY)", token, "\"" + token + "\"");
        assertFails(c, "42000", "ALTER TABLE r ADD COLUMN " + token + " INTEGER", token, "\"" + token + "\"");
      } else {
        names.add(token);
      }
    }
    assertTrue(reserved > 200 && names.size() > 300, reserved + " reserved, " + names.size() + " not");
    // DatabaseMetaData lists the reserved words beyond SQL-92's, which the parser reports
    List<String> sqlKeywords = List.of(c.getMetaData().getSQLKeywords().split(","));
    assertTrue(sqlKeywords.contains("LIMIT") && sqlKeywords.contains("OFFSET"), sqlKeywords::toString);
    for (String w : List.of("UUID", "RANK", "RESULT", "MONDAY", "START")) {
      assertFalse(sqlKeywords.contains(w), w);
    }
    for (String w : WORDS) {
      assertTrue(names.contains(w.toUpperCase(Locale.ROOT)), w);
    }
    // in tables of 50 columns
    for (int from = 0; from < names.size(); from += 50) {
      List<String> cols = names.subList(from, Math.min(names.size(), from + 50));
      String t = "k" + from;
      String list = String.join(", ", cols);
      StringBuilder defs = new StringBuilder();
      StringBuilder values = new StringBuilder();
      StringBuilder where = new StringBuilder();
      for (int i = 0; i < cols.size(); i++) {
        defs.append(", ").append(cols.get(i)).append(" INTEGER");
        values.append(i > 0 ? ", " : "").append(i);
        where.append(i > 0 ? " AND " : "").append(cols.get(i)).append(" = ").append(i);
      }
      run(c, "CREATE TABLE " + t + " (id INTEGER PRIMARY KEY" + defs + ")",
          "INSERT INTO " + t + " (id, " + list + ") VALUES (1, " + values + ")",
          "UPDATE " + t + " SET " + cols.get(0) + " = " + cols.get(0) + " WHERE " + where);
      List<List<Object>> rows = Sql.rows(c, "SELECT " + list + " FROM " + t + " WHERE " + where + " GROUP BY " + list
          + " ORDER BY " + list);
      assertEquals(1, rows.size(), t + ": " + list);
      assertEquals(cols.size(), rows.get(0).size());
    }
  }

  @Test
  void explainWithoutPlanFor() throws SQLException {
    run(c, "CREATE TABLE t (id INTEGER PRIMARY KEY, value VARCHAR)", "INSERT INTO t VALUES (1, 'a'), (2, 'b')");
    for (String q : List.of("SELECT value FROM t WHERE id = 2", "SELECT COUNT(*) FROM t",
        "VALUES (1)", "WITH x AS (SELECT id FROM t) SELECT * FROM x", "UPSERT INTO t (id, value) VALUES (3, 'c')",
        "INSERT INTO t VALUES (3, 'c')", "UPDATE t SET value = 'z' WHERE id = 1", "DELETE FROM t WHERE value = 'a'")) {
      List<String> plan = Sql.strings(c, "EXPLAIN " + q);
      // EXPLAIN is EXPLAIN PLAN FOR's plan, then the paths considered (WhyNotIndexTest)
      List<String> planFor = Sql.strings(c, "EXPLAIN PLAN FOR " + q);
      assertEquals(planFor, plan.subList(0, Math.min(plan.size(), planFor.size())), q);
      assertEquals(plan, Sql.strings(c, "explain\n  " + q), q);
      assertFalse(plan.isEmpty(), q);
    }
    assertTrue(String.join("\n", Sql.strings(c, "EXPLAIN SELECT value FROM t WHERE id = 2")).contains("GET"));
    // EXPLAIN wrote nothing
    assertRows(c, "SELECT * FROM t", "1, a", "2, b");
    String analyzed = String.join("\n", Sql.strings(c, "EXPLAIN ANALYZE SELECT value FROM t"));
    assertTrue(analyzed.contains("rows returned 2"), analyzed);
    assertFalse(Sql.strings(c, "EXPLAIN PLAN WITHOUT IMPLEMENTATION FOR SELECT value FROM t").isEmpty());
    assertFails(c, "42000", "EXPLAIN", "line 1, column 7");
    assertFails(c, "42000", "EXPLAIN PLAN SELECT 1", "line 1, column 14");
  }
}
