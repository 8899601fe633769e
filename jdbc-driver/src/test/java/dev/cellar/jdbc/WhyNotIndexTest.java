package dev.cellar.jdbc;

import static dev.cellar.jdbc.Sql.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * EXPLAIN's lines after the plan: each path to a table's rows (its primary key, each index)
 * considered or rejected with the reason, and a suggestion that, run, gives the query a path.
 * The classic questions of Phoenix's users over the seed schemas' SQL tables.
 */
class WhyNotIndexTest extends FreshStoreTest {
  @BeforeEach
  void seed() throws SQLException {
    StringBuilder sales = new StringBuilder("INSERT INTO sale VALUES ");
    String[] products = {"kettle", "teapot", "cups", "spoons", "tray"};
    for (int i = 0; i < 60; i++) {
      sales.append(i == 0 ? "" : ", ").append(String.format("('u%04d', TIMESTAMP '2012-09-%02d 10:00:00', '%s', %d)",
          1 + i % 6, 1 + i % 28, products[i % 5] + i, 1 + i % 3));
    }
    run(c, "CREATE TABLE sale (user_id VARCHAR NOT NULL, sold_at TIMESTAMP NOT NULL, product VARCHAR NOT NULL, "
        + "name.quantity INTEGER, CONSTRAINT pk PRIMARY KEY (user_id, sold_at DESC, product))",
        sales.toString(), "CREATE INDEX sale_by_product ON sale (product) INCLUDE (quantity)",
        "CREATE TABLE users (id VARCHAR NOT NULL PRIMARY KEY, info.nickname VARCHAR, info.gender CHAR(1), "
            + "info.dob DATE, info.address VARCHAR)",
        "INSERT INTO users VALUES ('U1', 'ann', 'f', DATE '1990-04-12', '1 Main St'), "
            + "('U2', 'bob', 'm', DATE '1985-11-03', '9 Quay Rd'), ('U3', 'cy', 'm', NULL, NULL)",
        "CREATE INDEX users_nick ON users (nickname)");
  }

  @Test
  void aRangeOnANonLeadingKeyColumnNamesTheColumnAndSuggestsAnIndex() throws SQLException {
    String q = "SELECT product, quantity FROM sale WHERE sold_at > TIMESTAMP '2012-09-20 00:00:00'";
    List<String> why = report(q);
    assertEquals("CONSIDERED PRIMARY KEY OF SALE (USER_ID, SOLD_AT, PRODUCT): chosen, reads every row: the filter "
        + "constrains only SOLD_AT, a later key column; the leading column USER_ID is free, so no key range holds "
        + "the rows, est. ", why.get(0).substring(0, why.get(0).lastIndexOf("est. ") + 5), why.toString());
    assertEquals("REJECTED INDEX SALE_BY_PRODUCT (PRODUCT) INCLUDE (QUANTITY): the filter does not constrain its "
        + "leading column PRODUCT", why.get(1));
    assertEquals("SUGGESTION: CREATE INDEX SALE_SOLD_AT ON SALE (SOLD_AT) INCLUDE (QUANTITY); or a key order that "
        + "starts with SOLD_AT: PRIMARY KEY (SOLD_AT, USER_ID, PRODUCT)", why.get(2));
    assertEquals(3, why.size(), why.toString());
    // the suggestion, run, serves the query: a key range of the new index, nothing more suggested
    assertSuggestionServes(q, why.get(2), "CONSIDERED INDEX SALE_SOLD_AT (SOLD_AT) INCLUDE (QUANTITY): chosen, "
        + "key range (SOLD_AT > ");
  }

  @Test
  void aQueryNeedingAnUncoveredColumnNamesItAndSuggestsInclude() throws SQLException {
    String q = "SELECT id, address FROM users WHERE nickname = 'bob'";
    List<String> why = report(q);
    assertTrue(why.get(0).startsWith("REJECTED PRIMARY KEY OF USERS (ID): the filter does not constrain its leading "
        + "column ID"), why.toString());
    assertTrue(why.get(1).startsWith("CONSIDERED INDEX USERS_NICK (NICKNAME): chosen, key range (NICKNAME = 'bob'); "
        + "it does not cover ADDRESS, so each row it finds is read again from USERS by key"), why.toString());
    assertEquals("SUGGESTION: DROP INDEX USERS_NICK; CREATE INDEX USERS_NICK ON USERS (NICKNAME) INCLUDE (ADDRESS) "
        + "(covers the query)", why.get(2));
    assertSuggestionServes(q, why.get(2).replace(" (covers the query)", ""),
        "CONSIDERED INDEX USERS_NICK (NICKNAME) INCLUDE (ADDRESS): chosen, key range (NICKNAME = 'bob'), est. ");
    assertEquals(List.of("U2, 9 Quay Rd"), Sql.strings(c, q));
  }

  @Test
  void anIndexThatWouldCostMoreThanTheFullScanSaysSo() throws SQLException {
    StringBuilder more = new StringBuilder("INSERT INTO users VALUES ");
    for (int i = 0; i < 200; i++) {
      more.append(i == 0 ? "" : ", ").append(String.format("('V%03d', 'n%d', 'f', NULL, '%d High St')", i, i, i));
    }
    run(c, more.toString());
    List<String> why = report("SELECT * FROM users WHERE nickname IN ('n1', 'n2', 'n3', 'n4', 'n5', 'n6', 'n7', "
        + "'n8', 'n9', 'n10', 'n11')");
    assertTrue(why.get(0).startsWith("CONSIDERED PRIMARY KEY OF USERS (ID): chosen, reads every row"), why.toString());
    assertTrue(why.get(1).matches("REJECTED INDEX USERS_NICK \\(NICKNAME\\): it does not cover GENDER, DOB, ADDRESS: "
        + "each row it finds would be read again from USERS by key; est\\. \\d+ rows through it cost more than "
        + "reading the whole table \\(est\\. \\d+ rows\\)"), why.toString());
    assertTrue(why.get(2).startsWith("SUGGESTION: DROP INDEX USERS_NICK; CREATE INDEX USERS_NICK ON USERS (NICKNAME) "
        + "INCLUDE (GENDER, DOB, ADDRESS)"), why.toString());
  }

  @Test
  void aFunctionOnTheKeyNamesTheFunctionAndSuggestsAnExpressionIndex() throws SQLException {
    String q = "SELECT id, nickname FROM users WHERE UPPER(id) = 'U2'";
    List<String> why = report(q);
    assertTrue(why.get(0).startsWith("CONSIDERED PRIMARY KEY OF USERS (ID): chosen, reads every row: a function "
        + "(UPPER) on its key column ID: the key holds ID itself, so only a comparison of ID with a value bounds it"),
        why.toString());
    assertEquals("SUGGESTION: CREATE INDEX USERS_ID_EXPR ON USERS (UPPER(ID)) INCLUDE (NICKNAME)", why.get(2));
    assertSuggestionServes(q, why.get(2), "CONSIDERED INDEX USERS_ID_EXPR (UPPER(ID)) INCLUDE (NICKNAME): chosen, "
        + "key range ");
    assertEquals(List.of("U2, bob"), Sql.strings(c, q));
    List<String> cast = report("SELECT * FROM sale WHERE CAST(sold_at AS DATE) = DATE '2012-09-03'");
    assertTrue(cast.get(0).contains(": a cast of its key column SOLD_AT to DATE")
        || cast.get(0).contains("constrains only SOLD_AT"), cast.toString());
  }

  @Test
  void anOrAcrossKeysSaysNoRangeHoldsItAndSuggestsAUnion() throws SQLException {
    List<String> why = report("SELECT * FROM sale WHERE user_id = 'u0001' OR product = 'tray4'");
    assertTrue(why.get(0).startsWith("CONSIDERED PRIMARY KEY OF SALE (USER_ID, SOLD_AT, PRODUCT): chosen, reads "
        + "every row: an OR across different columns (USER_ID, PRODUCT): a disjunct without USER_ID leaves its "
        + "leading column free"), why.toString());
    assertEquals("REJECTED INDEX SALE_BY_PRODUCT (PRODUCT) INCLUDE (QUANTITY): an OR across different columns "
        + "(USER_ID, PRODUCT): a disjunct without PRODUCT leaves its leading column free", why.get(1));
    assertEquals("SUGGESTION: no single key range holds an OR across USER_ID, PRODUCT: write it as a UNION ALL of one "
        + "query per column, each read through that column's key or index", why.get(2));
  }

  @Test
  void aServedQueryGetsNoSuggestionAndAQueryWithoutFilterSaysSo() throws SQLException {
    List<String> keyed = report("SELECT * FROM sale WHERE user_id = 'u0002'");
    assertTrue(keyed.get(0).startsWith("CONSIDERED PRIMARY KEY OF SALE (USER_ID, SOLD_AT, PRODUCT): chosen, key range "
        + "(USER_ID = 'u0002'), est. "), keyed.toString());
    assertEquals(2, keyed.size(), keyed.toString());
    List<String> all = report("SELECT COUNT(*) FROM users");
    assertTrue(all.get(0).startsWith("CONSIDERED PRIMARY KEY OF USERS (ID): chosen, reads every row: the query has "
        + "no filter, est. ") || all.get(1).startsWith("CONSIDERED INDEX USERS_NICK"), all.toString());
    assertTrue(all.stream().noneMatch(l -> l.startsWith("SUGGESTION")), all.toString());
  }

  @Test
  void overAMappingTheSuggestionIsAnIndexNotAKeyOrder() throws SQLException {
    dev.cellar.storage.Table files = RawTables.create(store, "files", "f");
    for (int i = 1; i <= 30; i++) {
      RawTables.shellPut(files, String.format("%06d201209%02d%06d", 1 + i % 3, i, i), "f:name", "file " + i);
    }
    run(c, "CREATE VIEW files (user_id CHAR(6) NOT NULL, ctime CHAR(8) NOT NULL, file_id CHAR(6) NOT NULL, "
        + "\"f\".\"name\" VARCHAR, CONSTRAINT pk PRIMARY KEY (user_id, ctime, file_id)) "
        + "STORE_TABLE='files', KEY_FORMAT='FIXED', VALUE_FORMAT='STRING'");
    String q = "SELECT \"name\" FROM files WHERE ctime > '20120925'";
    List<String> why = report(q);
    assertTrue(why.get(0).startsWith("CONSIDERED PRIMARY KEY OF FILES (USER_ID, CTIME, FILE_ID): chosen, reads every "
        + "row: the filter constrains only CTIME, a later key column"), why.toString());
    assertEquals("SUGGESTION: CREATE INDEX FILES_CTIME ON FILES (CTIME) INCLUDE (\"name\")", why.get(1));
    assertSuggestionServes(q, why.get(1), "CONSIDERED INDEX FILES_CTIME (CTIME) INCLUDE (name): chosen, key range");
    assertEquals(5, Sql.strings(c, q).size());
  }

  @Test
  void aTableWithoutPrimaryKeyIsReadByItsHiddenRowkey() throws SQLException {
    run(c, "CREATE TABLE events (kind VARCHAR, n INTEGER)", "INSERT INTO events VALUES ('a', 1), ('b', 2)");
    List<String> why = report("SELECT n FROM events WHERE kind = 'a'");
    assertTrue(why.get(0).startsWith("CONSIDERED ROWKEY OF EVENTS (no primary key): chosen, reads every row: the "
        + "table has no key columns to bound"), why.toString());
    assertEquals("SUGGESTION: CREATE INDEX EVENTS_KIND ON EVENTS (KIND) INCLUDE (N)", why.get(1));
    assertSuggestionServes("SELECT n FROM events WHERE kind = 'a'", why.get(1),
        "CONSIDERED INDEX EVENTS_KIND (KIND) INCLUDE (N): chosen, key range (KIND = 'a')");
  }

  @Test
  void explainAnalyzeEndsWithTheSameLinesAndExplainPlanForKeepsItsTree() throws SQLException {
    String q = "SELECT product, quantity FROM sale WHERE sold_at > TIMESTAMP '2012-09-20 00:00:00'";
    List<String> analyzed = Sql.strings(c, "EXPLAIN ANALYZE " + q);
    List<String> tail = analyzed.subList(analyzed.size() - 3, analyzed.size());
    assertEquals(report(q), tail);
    assertTrue(analyzed.get(analyzed.size() - 4).startsWith("rows returned "), analyzed.toString());
    List<String> explain = Sql.strings(c, "EXPLAIN " + q);
    List<String> planFor = Sql.strings(c, "EXPLAIN PLAN FOR " + q);
    assertEquals(planFor, explain.subList(0, planFor.size()));
    assertTrue(planFor.stream().noneMatch(l -> l.startsWith("CONSIDERED") || l.startsWith("REJECTED")),
        planFor.toString());
  }

  /** The lines of {@code EXPLAIN q} from the first CONSIDERED or REJECTED one on. */
  private List<String> report(String q) throws SQLException {
    List<String> plan = Sql.strings(c, "EXPLAIN " + q);
    List<String> out = new ArrayList<>();
    for (String line : plan) {
      if (!out.isEmpty() || line.startsWith("CONSIDERED ") || line.startsWith("REJECTED ")) {
        out.add(line);
      }
    }
    assertTrue(!out.isEmpty(), () -> String.join("\n", plan));
    return out;
  }

  private void assertSuggestionServes(String q, String suggestion, String expected) throws SQLException {
    for (String ddl : suggestion.substring("SUGGESTION: ".length()).split("; or ")[0].split("; ")) {
      run(c, ddl);
    }
    List<String> after = report(q);
    assertTrue(after.stream().anyMatch(l -> l.startsWith(expected)), () -> String.join("\n", after));
    assertTrue(after.stream().noneMatch(l -> l.startsWith("SUGGESTION")), () -> String.join("\n", after));
  }
}
