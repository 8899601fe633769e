package dev.cellar.jdbc;

import static dev.cellar.jdbc.Sql.assertFails;
import static dev.cellar.jdbc.Sql.assertRows;
import static dev.cellar.jdbc.Sql.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Apache Phoenix's built-in functions, each with the examples of Phoenix's reference and the
 * results Phoenix gives, on constants (folded when the statement is planned) and on columns
 * (evaluated per row); the table of {@code sql-planner/docs/sql.md} lists the same examples.
 */
class PhoenixFunctionsTest extends FreshDatabaseTest {
  @BeforeEach
  void open() throws Exception {
    run(c, "CREATE TABLE f (id INTEGER PRIMARY KEY, s VARCHAR, n INTEGER, d DECIMAL(10,4), ts TIMESTAMP, dt DATE)",
        "UPSERT INTO f VALUES (1, 'Hello World', 36, 1234.5678, TIMESTAMP '2001-02-03 04:35:06', DATE '2024-01-07')",
        "UPSERT INTO f VALUES (2, '[Hello]', 37, -2.5, TIMESTAMP '2004-01-18 10:11:12', DATE '2024-02-01')",
        "UPSERT INTO f VALUES (3, NULL, NULL, NULL, NULL, NULL)");
  }

  /** {@code SELECT expr} gives {@code expected} (as {@code getString} reads it). */
  private void value(String expr, String expected) throws SQLException {
    assertRows(c, "SELECT " + expr, expected);
  }

  @Test
  void stringFunctions() throws Exception {
    value("SUBSTR('[Hello]', 2, 5)", "Hello");
    value("SUBSTR('Hello World', -5)", "World");
    value("SUBSTR('Hello', 0, 2)", "He");
    value("INSTR('Hello World', 'World')", "7");
    value("INSTR('Simon says', 'mon')", "3");
    value("INSTR('Peace on earth', 'war')", "0");
    value("TRIM('  Hello  ') || '|'", "Hello|");
    value("LTRIM('  Hello')", "Hello");
    value("RTRIM('Hello   ') || '|'", "Hello|");
    value("LPAD('John', 8)", "    John");
    value("LPAD('John', 8, '*')", "****John");
    value("LENGTH('Hello')", "5");
    value("UPPER('Hello')", "HELLO");
    value("LOWER('HELLO')", "hello");
    value("REVERSE('Hello')", "olleH");
    value("REGEXP_SUBSTR('na1-appsrv35-sj35', '[^-]+')", "na1");
    value("REGEXP_SUBSTR('na1-appsrv35-sj35', '[^-]+', 5)", "appsrv35");
    value("REGEXP_REPLACE('abc123ABC', '[0-9]+', '#')", "abc#ABC");
    value("REGEXP_REPLACE('abc123ABC', '[0-9]+')", "abcABC");
    value("NVL(CAST(NULL AS VARCHAR), 'x')", "x");
    value("CONCAT('a', CAST(NULL AS VARCHAR), 'b')", "ab");
    // over columns, NULL in NULL out
    assertRows(c, "SELECT SUBSTR(s, 2, 5), INSTR(s, 'o'), LENGTH(s), REGEXP_REPLACE(s, 'l+', 'L') FROM f ORDER BY id",
        "ello , 5, 11, HeLo WorLd", "Hello, 6, 7, [HeLo]", "null, null, null, null");
  }

  @Test
  void numericFunctions() throws Exception {
    value("ROUND(2.567, 2)", "2.57");
    value("TRUNC(12.345, 1)", "12.3");
    value("TRUNC(-12.345, 5)", "-12.345");
    // A floating-point number is cut to the places asked for, not to its binary expansion.
    value("TRUNC(1.55e0, 1)", "1.5");
    value("TRUNC(CAST(-1.99 AS DOUBLE), 0)", "-1");
    value("TO_NUMBER('$123.33', '\u00A4###.##')", "123.33");
    value("TO_NUMBER('12.5')", "12.5");
    value("SIGN(-1)", "-1");
    value("ABS(-1.1)", "1.1");
    value("SQRT(4)", "2.0");
    value("CBRT(-8)", "-2.0");
    value("EXP(0)", "1.0");
    value("POWER(3, 2)", "9.0");
    value("POWER(2, 3)", "8.0");
    value("LN(1)", "0.0");
    value("LOG(8, 2)", "3.0");
    value("LOG(100)", "2.0");
    value("7 % 3", "1");
    value("-7 % 3", "-1");
    value("RAND(5) = RAND(5)", "true");
    assertRows(c, "SELECT n % 5, TRUNC(d, 2), TO_CHAR(d, '#,##0.00') FROM f ORDER BY id",
        "1, 1234.56, 1,234.57", "2, -2.50, -2.50", "null, null, null");
  }

  @Test
  void averageOfExactNumbersIsDecimal() throws Exception {
    run(c, "CREATE TABLE a (id INTEGER PRIMARY KEY, i INTEGER, b BIGINT)");
    for (int i = 1; i <= 50; i++) {
      run(c, "UPSERT INTO a VALUES (" + i + ", " + (i == 50 ? 9 : 36) + ", " + i + ")");
    }
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT AVG(i), AVG(b), AVG(CAST(i AS DOUBLE)) FROM a")) {
      rs.next();
      assertEquals(0, new BigDecimal("35.46").compareTo(rs.getBigDecimal(1)), rs.getString(1));
      assertEquals(0, new BigDecimal("25.5").compareTo(rs.getBigDecimal(2)), rs.getString(2));
      assertEquals(35.46, rs.getDouble(3), 1e-9);
    }
    assertRows(c, "SELECT AVG(x) FROM (VALUES (1), (2)) t(x)", "1.500000");
  }

  @Test
  void dateAndTimeFunctions() throws Exception {
    value("TO_CHAR(TIMESTAMP '2001-02-03 04:05:06')", "2001-02-03 04:05:06");
    value("TO_CHAR(TIMESTAMP '2001-02-03 04:05:06', 'yyyy/MM/dd HH:mm')", "2001/02/03 04:05");
    value("TO_CHAR(DATE '2001-02-03')", "2001-02-03 00:00:00");
    value("TO_CHAR(1234.5678)", "1,234.568");
    value("TO_CHAR(12345.6789, '#,##0.###')", "12,345.679");
    value("TO_DATE('Sat, 3 Feb 2001 03:05:06 GMT', 'EEE, d MMM yyyy HH:mm:ss z')", "2001-02-03 03:05:06.000");
    value("TO_DATE('1970-01-01', 'yyyy-MM-dd', 'GMT+1')", "1969-12-31 23:00:00.000");
    value("TO_DATE('2015-6-05')", "2015-06-05 00:00:00.000");
    value("TO_TIMESTAMP('2015-06-05 10:11:12')", "2015-06-05 10:11:12.000");
    value("TO_TIME('2015-06-05 10:11:12')", "10:11:12.000");
    value("YEAR(TO_DATE('2015-6-05'))", "2015");
    value("MONTH(TO_TIMESTAMP('2015-6-05'))", "6");
    value("DAYOFMONTH(TO_DATE('2004-01-18 10:00:10'))", "18");
    value("HOUR(TO_TIMESTAMP('2015-6-05'))", "0");
    value("MINUTE(TO_DATE('2004-01-18 10:11:10'))", "11");
    value("SECOND(TO_DATE('2004-01-18 10:11:12'))", "12");
    value("CONVERT_TZ(TIMESTAMP '2020-01-01 00:00:00', 'UTC', 'Europe/Prague')", "2020-01-01 01:00:00.000");
    value("TIMEZONE_OFFSET('Indian/Cocos', TIMESTAMP '2020-01-01 00:00:00')", "390");
    value("TRUNC(TIMESTAMP '2001-02-03 04:35:06', 'HOUR')", "2001-02-03 04:00:00.000");
    value("TRUNC(TIMESTAMP '2001-02-03 04:35:06', 'MINUTE', 30)", "2001-02-03 04:30:00.000");
    value("ROUND(TIMESTAMP '2001-02-03 04:35:06', 'HOUR')", "2001-02-03 05:00:00.000");
    value("TO_NUMBER(TIMESTAMP '1970-01-01 00:00:01')", "1000");
    value("NOW() = CURRENT_TIMESTAMP", "true");
    value("CURRENT_DATE() = CURRENT_DATE", "true");
    value("CURRENT_TIME() IS NOT NULL", "true");
    assertRows(c, "SELECT TO_CHAR(ts, 'HH:mm'), TRUNC(ts, 'DAY'), TO_CHAR(dt, 'yyyy-MM-dd') FROM f ORDER BY id",
        "04:35, 2001-02-03 00:00:00.000, 2024-01-07", "10:11, 2004-01-18 00:00:00.000, 2024-02-01", "null, null, null");
  }

  @Test
  void nowIsTakenWhenTheStatementRunsNotWhenItIsPlanned() throws Exception {
    try (PreparedStatement ps = c.prepareStatement("SELECT NOW() FROM f WHERE id = 1")) {
      long first;
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
        first = rs.getTimestamp(1).getTime();
      }
      Thread.sleep(1100);
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
        assertTrue(rs.getTimestamp(1).getTime() > first, "NOW() of the second execution is later");
      }
    }
  }

  @Test
  void withinGroupAggregates() throws Exception {
    run(c, "CREATE TABLE w (id INTEGER PRIMARY KEY, g VARCHAR, x INTEGER, salary DECIMAL(10,2), name VARCHAR)",
        "UPSERT INTO w VALUES (1, 'a', 1, 10.50, 'ann')", "UPSERT INTO w VALUES (2, 'a', 2, 30.00, 'bob')",
        "UPSERT INTO w VALUES (3, 'a', 3, 20.25, 'cy')", "UPSERT INTO w VALUES (4, 'a', 4, NULL, 'dee')",
        "UPSERT INTO w VALUES (5, 'b', 5, 7.00, 'eve')");
    assertRows(c, "SELECT g, PERCENTILE_CONT(0.9) WITHIN GROUP (ORDER BY x ASC),"
        + " PERCENTILE_DISC(0.5) WITHIN GROUP (ORDER BY x DESC), PERCENT_RANK(3) WITHIN GROUP (ORDER BY x ASC),"
        + " FIRST_VALUE(name) WITHIN GROUP (ORDER BY salary DESC), LAST_VALUE(name) WITHIN GROUP (ORDER BY salary DESC)"
        + " FROM w GROUP BY g ORDER BY g",
        "a, 3.7, 3, 0.5, bob, ann", "b, 5, 5, 0, eve, eve");
    // NULL salaries are left out: 7.00, 10.50, 20.25, 30.00
    assertRows(c, "SELECT PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY salary) FROM w", "15.375");
    assertRows(c, "SELECT PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY x) FROM w WHERE x > 100", "null");
    assertFails(c, "22023", "SELECT PERCENTILE_CONT(1.5) WITHIN GROUP (ORDER BY x) FROM w", "PERCENTILE_CONT", "1.5");
  }

  @Test
  void generalFunctions() throws Exception {
    value("MD5('a')", "0cc175b9c0f1b6a831c399e269772661");
    value("ENCODE(100, 'BASE62')", "1c");
    value("ENCODE(0, 'BASE62')", "0");
    value("DECODE('0aff', 'HEX')", "0aff");
    value("COALESCE(CAST(NULL AS INTEGER), 2)", "2");
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT MD5(s) FROM f WHERE id = 1")) {
      rs.next();
      assertEquals(16, rs.getBytes(1).length);
    }
  }

  @Test
  void floorCeilAndCalendarUnitsOfDates() throws Exception {
    // FLOOR is TRUNC; CEIL leaves a whole unit as it is
    value("FLOOR(TIMESTAMP '2001-02-03 04:35:06', 'HOUR')", "2001-02-03 04:00:00.000");
    value("FLOOR(TIMESTAMP '2001-02-03 04:35:06', 'MINUTE', 15)", "2001-02-03 04:30:00.000");
    value("CEIL(TIMESTAMP '2001-02-03 04:35:06', 'HOUR')", "2001-02-03 05:00:00.000");
    value("CEIL(TIMESTAMP '2001-02-03 04:00:00', 'HOUR')", "2001-02-03 04:00:00.000");
    value("CEIL(TIMESTAMP '2001-02-03 04:35:06', 'MINUTE', 20)", "2001-02-03 04:40:00.000");
    // weeks start on Monday (2001-02-03 is a Saturday), months and years on their first day
    value("TRUNC(TIMESTAMP '2001-02-03 04:35:06', 'WEEK')", "2001-01-29 00:00:00.000");
    value("CEIL(TIMESTAMP '2001-02-03 04:35:06', 'WEEK')", "2001-02-05 00:00:00.000");
    value("FLOOR(TIMESTAMP '2001-02-03 04:35:06', 'MONTH')", "2001-02-01 00:00:00.000");
    value("CEIL(TIMESTAMP '2001-02-03 04:35:06', 'MONTH')", "2001-03-01 00:00:00.000");
    value("ROUND(TIMESTAMP '2001-02-20 00:00:00', 'MONTH')", "2001-03-01 00:00:00.000");
    value("ROUND(TIMESTAMP '2001-02-03 04:35:06', 'YEAR')", "2001-01-01 00:00:00.000");
    value("CEIL(TIMESTAMP '2001-02-03 04:35:06', 'YEAR')", "2002-01-01 00:00:00.000");
    // a DATE is taken at its midnight
    value("TRUNC(DATE '2024-05-08', 'MONTH')", "2024-05-01 00:00:00.000");
    value("CEIL(DATE '2024-05-08', 'WEEK')", "2024-05-13 00:00:00.000");
    // a number to a scale
    value("FLOOR(2.567, 2)", "2.56");
    value("CEIL(2.561, 2)", "2.57");
    value("FLOOR(-2.561, 1)", "-2.6");
    // Phoenix counts the days of the week from Monday = 1 to Sunday = 7
    value("DAYOFWEEK(DATE '2024-05-06')", "1");
    value("DAYOFWEEK(TIMESTAMP '2024-05-05 23:00:00')", "7");
    assertRows(c, "SELECT FLOOR(ts, 'DAY'), CEIL(dt, 'MONTH'), DAYOFWEEK(dt) FROM f ORDER BY id",
        "2001-02-03 00:00:00.000, 2024-02-01 00:00:00.000, 7", "2004-01-18 00:00:00.000, 2024-02-01 00:00:00.000, 4",
        "null, null, null");
    assertFails(c, "22023", "SELECT CEIL(ts, 'MONTH', 2) FROM f", "CEIL", "MONTH", "2");
    assertFails(c, "22023", "SELECT FLOOR(ts, 'FORTNIGHT') FROM f", "FLOOR", "FORTNIGHT");
    assertFails(c, "42000", "SELECT FLOOR(s, 'DAY') FROM f", "FLOOR");
  }

  @Test
  void bitsAndBytes() throws Exception {
    // bit n is bit n % 8 of byte n / 8, from the least significant; offsets count round
    value("GET_BIT(X'0F', 0)", "1");
    value("GET_BIT(X'0F', 4)", "0");
    value("GET_BIT(X'0080', 15)", "1");
    value("GET_BIT(X'0080', -1)", "1");
    value("GET_BYTE(X'FF01', 0)", "-1");
    value("GET_BYTE(X'FF01', 1)", "1");
    value("SET_BIT(X'00', 1, 1)", "02");
    value("SET_BIT(X'FF', 0, 0)", "fe");
    value("SET_BYTE(X'0000', 1, 255)", "00ff");
    value("OCTET_LENGTH(X'0A0B0C')", "3");
    value("GET_BIT(X'', 0) IS NULL", "true");
    assertFails(c, "22023", "SELECT SET_BIT(X'00', 0, 2)", "SET_BIT", "2");
    assertFails(c, "22003", "SELECT SET_BYTE(X'00', 0, 256)", "SET_BYTE", "256");
  }

  @Test
  void invertSortsTheOtherWayRound() throws Exception {
    run(c, "CREATE TABLE inv (id INTEGER PRIMARY KEY, v VARCHAR)", "UPSERT INTO inv VALUES (1, 'b')",
        "UPSERT INTO inv VALUES (2, 'a')", "UPSERT INTO inv VALUES (3, 'c')");
    assertRows(c, "SELECT INVERT(v) FROM inv ORDER BY INVERT(v)", "c", "b", "a");
    assertRows(c, "SELECT id FROM inv ORDER BY INVERT(v) DESC", "2", "1", "3");
    assertRows(c, "SELECT id FROM inv ORDER BY INVERT(id) NULLS LAST LIMIT 2", "3", "2");
    assertRows(c, "SELECT id FROM inv WHERE INVERT(v) = 'a'", "2");
  }

  @Test
  void collationKeysSortAsTheLocaleDoes() throws Exception {
    run(c, "CREATE TABLE names (id INTEGER PRIMARY KEY, name VARCHAR)", "UPSERT INTO names VALUES (1, 'zebra')",
        "UPSERT INTO names VALUES (2, '\u00e4pple')", "UPSERT INTO names VALUES (3, 'apple')");
    // Swedish sorts \u00e4 after z, German beside a
    assertRows(c, "SELECT id FROM names ORDER BY COLLATION_KEY(name, 'sv')", "3", "1", "2");
    assertRows(c, "SELECT id FROM names ORDER BY COLLATION_KEY(name, 'de_DE')", "3", "2", "1");
    // primary strength: letters alike but for accents and case are one
    value("COLLATION_KEY('apple', 'de', false, 0, 0) = COLLATION_KEY('\u00c4pple', 'de', false, 0, 0)", "true");
    value("COLLATION_KEY('apple', 'de') = COLLATION_KEY('\u00c4pple', 'de')", "false");
    assertFails(c, "22023", "SELECT COLLATION_KEY('a', 'en', false, 7, 0)", "COLLATION_KEY", "7");
    assertFails(c, "0A000", "SELECT COLLATION_KEY('a', 'en', true, 1, 0)", "COLLATION_KEY");
  }

  @Test
  void regexpSplitGivesAnArrayOfVarchars() throws Exception {
    value("REGEXP_SPLIT('ONE,TWO,THREE', ',')[2]", "TWO");
    value("CARDINALITY(REGEXP_SPLIT('a1b22c3', '[0-9]+'))", "4");
    assertRows(c, "SELECT REGEXP_SPLIT(s, ' ')[2] FROM f ORDER BY id", "World", "null", "null");
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT REGEXP_SPLIT('ONE,TWO', ',') FROM f WHERE id = 1")) {
      rs.next();
      assertEquals("VARCHAR ARRAY", rs.getMetaData().getColumnTypeName(1));
      assertEquals(java.util.List.of("ONE", "TWO"), java.util.Arrays.asList((Object[]) rs.getArray(1).getArray()));
    }
    assertFails(c, "22023", "SELECT REGEXP_SPLIT(s, '[') FROM f", "REGEXP_SPLIT", "[");
  }

  @Test
  void nthValueWithinGroup() throws Exception {
    run(c, "CREATE TABLE nv (id INTEGER PRIMARY KEY, g VARCHAR, x INTEGER, name VARCHAR)",
        "UPSERT INTO nv VALUES (1, 'a', 10, 'ann')", "UPSERT INTO nv VALUES (2, 'a', 30, 'bob')",
        "UPSERT INTO nv VALUES (3, 'a', 20, 'cy')", "UPSERT INTO nv VALUES (4, 'b', 5, 'dee')");
    assertRows(c, "SELECT g, NTH_VALUE(name, 2) WITHIN GROUP (ORDER BY x DESC), NTH_VALUE(name, 1) WITHIN GROUP (ORDER BY x)"
        + " FROM nv GROUP BY g ORDER BY g", "a, cy, ann", "b, null, dee");
  }

  @Test
  void badArgumentsAreDataErrorsNamingTheFunction() throws Exception {
    assertFails(c, "22007", "SELECT TO_DATE('2001-02-31x', 'yyyy-MM-dd')", "TO_DATE", "2001-02-31x");
    assertFails(c, "22007", "SELECT TO_CHAR(ts, 'qqq') FROM f", "TO_CHAR", "qqq");
    assertFails(c, "22023", "SELECT TO_DATE('2001-02-03', 'yyyy-MM-dd', 'Mars/Olympus')", "TO_DATE", "Mars/Olympus");
    assertFails(c, "22023", "SELECT REGEXP_REPLACE(s, '([a-z', 'x') FROM f", "REGEXP_REPLACE", "([a-z");
    assertFails(c, "22018", "SELECT TO_NUMBER(s) FROM f WHERE id = 1", "TO_NUMBER", "Hello World");
    assertFails(c, "22023", "SELECT TRUNC(ts, 'FORTNIGHT') FROM f", "TRUNC", "FORTNIGHT");
    assertFails(c, "22023", "SELECT ENCODE(n, 'BASE64') FROM f", "ENCODE", "BASE64");
    assertFails(c, "22023", "SELECT DECODE('xyz', 'HEX')", "DECODE", "xyz");
  }
}
