package dev.cellar.jdbc;

import static dev.cellar.jdbc.Sql.rows;
import static dev.cellar.jdbc.Sql.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** DDL round trip through DatabaseMetaData, as BI tools discover a database. */
class MetadataTest extends FreshDatabaseTest {
  private DatabaseMetaData md;

  @BeforeEach
  void open() throws Exception {
    md = c.getMetaData();
    run(c, "CREATE TABLE shop (shop_id VARCHAR(8) NOT NULL, region INTEGER NOT NULL, info.name VARCHAR(40), "
        + "info.regdate DATE, info.rating DECIMAL(3,1) NOT NULL, CONSTRAINT pk PRIMARY KEY (region DESC, shop_id))",
        "CREATE VIEW good_shop AS SELECT shop_id, name FROM shop WHERE rating > 4");
  }

  private static List<String> column(ResultSet rs, String name) throws Exception {
    List<String> out = new ArrayList<>();
    try (rs) {
      while (rs.next()) {
        out.add(rs.getString(name));
      }
    }
    return out;
  }

  @Test
  void tablesAndViews() throws Exception {
    assertEquals(List.of("SHOP", "GOOD_SHOP"), column(md.getTables(null, "PUBLIC", "%", null), "TABLE_NAME"));
    // the system tables of CELLAR come first, as JDBC orders by type
    assertEquals(List.of("ADVICE", "COMPACTIONS", "FAMILIES", "INDEXES", "INDEX_INFO", "OPERATIONS", "PRIMARY_KEYS",
        "REGIONS", "SEQUENCES", "STORE_FILES", "SHOP", "GOOD_SHOP"), column(md.getTables(null, null, null, null), "TABLE_NAME"));
    assertEquals(java.util.Collections.nCopies(10, "SYSTEM TABLE"),
        column(md.getTables(null, "CELLAR", "%", null), "TABLE_TYPE"));
    assertEquals(List.of("SHOP"), column(md.getTables(null, "PUBLIC", "SHOP", null), "TABLE_NAME"));
    assertEquals(List.of("SHOP"), column(md.getTables(null, "PUBLIC", "%", new String[] {"TABLE"}), "TABLE_NAME"));
    assertEquals(List.of("VIEW"), column(md.getTables(null, "PUBLIC", "GOOD%", null), "TABLE_TYPE"));
    assertEquals(List.of("SYSTEM TABLE", "TABLE", "VIEW"), column(md.getTableTypes(), "TABLE_TYPE"));
    assertEquals(List.of("CELLAR", "PUBLIC"), column(md.getSchemas(), "TABLE_SCHEM"));
    // another connection's DDL shows up at once
    run(c, "CREATE TABLE later (id INTEGER PRIMARY KEY)");
    assertTrue(column(md.getTables(null, "PUBLIC", "%", null), "TABLE_NAME").contains("LATER"));
  }

  /**
   * JDBC orders getTables by TABLE_TYPE, TABLE_CAT, TABLE_SCHEM, TABLE_NAME. Only the schemas
   * SQL can query are listed: not Calcite's internal {@code metadata} schema, and not the
   * store's catalog table, which no SQL reaches; so no type is listed that no table has.
   */
  @Test
  void tablesInJdbcOrderAndOnlyWhatSqlSees() throws Exception {
    run(c, "CREATE VIEW a_view AS SELECT shop_id FROM shop", "CREATE TABLE zeta (id INTEGER PRIMARY KEY)",
        "CREATE TABLE alpha (id INTEGER PRIMARY KEY)", "CREATE TABLE log (a INTEGER)");
    List<String> rows = new ArrayList<>();
    try (ResultSet rs = md.getTables(null, null, "%", null)) {
      while (rs.next()) {
        rows.add(rs.getString("TABLE_TYPE") + " " + rs.getString("TABLE_SCHEM") + "." + rs.getString("TABLE_NAME"));
      }
    }
    assertEquals(List.of("SYSTEM TABLE CELLAR.ADVICE", "SYSTEM TABLE CELLAR.COMPACTIONS", "SYSTEM TABLE CELLAR.FAMILIES",
        "SYSTEM TABLE CELLAR.INDEXES", "SYSTEM TABLE CELLAR.INDEX_INFO", "SYSTEM TABLE CELLAR.OPERATIONS",
        "SYSTEM TABLE CELLAR.PRIMARY_KEYS", "SYSTEM TABLE CELLAR.REGIONS", "SYSTEM TABLE CELLAR.SEQUENCES",
        "SYSTEM TABLE CELLAR.STORE_FILES",
        "TABLE PUBLIC.ALPHA", "TABLE PUBLIC.LOG", "TABLE PUBLIC.SHOP", "TABLE PUBLIC.ZETA", "VIEW PUBLIC.A_VIEW",
        "VIEW PUBLIC.GOOD_SHOP"), rows);
    assertEquals(List.of("A_VIEW", "GOOD_SHOP"),
        column(md.getTables(null, "PUBLIC", "%", new String[] {"VIEW"}), "TABLE_NAME"));
    assertEquals(List.of("ADVICE", "COMPACTIONS", "FAMILIES", "INDEXES", "INDEX_INFO", "OPERATIONS", "PRIMARY_KEYS",
        "REGIONS", "SEQUENCES", "STORE_FILES"), column(md.getTables(null, null, "%", new String[] {"SYSTEM TABLE"}),
        "TABLE_NAME"));
    assertEquals(List.of(), column(md.getTables(null, "metadata", "%", null), "TABLE_NAME"));
    assertEquals(List.of(), column(md.getTables(null, null, "_cellar_catalog", null), "TABLE_NAME"));
    assertEquals(List.of(), column(md.getColumns(null, "metadata", "%", "%"), "COLUMN_NAME"));
    Sql.assertFails(c, "42S02", "SELECT * FROM \"metadata\".TABLES");
    Sql.assertFails(c, "42S02", "SELECT * FROM \"_cellar_catalog\"");
    // every type getTables reports is one getTableTypes lists
    List<String> types = column(md.getTableTypes(), "TABLE_TYPE");
    for (String r : rows) {
      assertTrue(types.contains(r.substring(0, r.lastIndexOf(' '))), r);
    }
  }

  /**
   * For every type DDL accepts, getColumns and the ResultSetMetaData of {@code SELECT *} agree on
   * the type, its size (JDBC's: precision of numbers, length of strings, characters of a
   * datetime's text), its digits after the point, and nullability.
   */
  @Test
  void columnsAgreeWithResultSetMetaDataForEveryType() throws Exception {
    run(c, "CREATE TABLE each_type (id INTEGER PRIMARY KEY, b BOOLEAN, ti TINYINT, si SMALLINT, i INTEGER NOT NULL, "
        + "bi BIGINT, de DECIMAL(7,3), r REAL, d DOUBLE, c CHAR(4) NOT NULL, vc VARCHAR(10), v VARCHAR, bn BINARY(3), "
        + "vb VARBINARY, dt DATE, tm TIME, ts TIMESTAMP)");
    Object none = "null";
    int unbounded = Integer.MAX_VALUE;
    // name, DATA_TYPE, TYPE_NAME, COLUMN_SIZE, DECIMAL_DIGITS, NUM_PREC_RADIX, NULLABLE, IS_NULLABLE
    List<List<Object>> expected = List.of(
        List.of("ID", Types.INTEGER, "INTEGER", 10, 0, 10, DatabaseMetaData.columnNoNulls, "NO"),
        List.of("B", Types.BOOLEAN, "BOOLEAN", 1, none, none, DatabaseMetaData.columnNullable, "YES"),
        List.of("TI", Types.TINYINT, "TINYINT", 3, 0, 10, DatabaseMetaData.columnNullable, "YES"),
        List.of("SI", Types.SMALLINT, "SMALLINT", 5, 0, 10, DatabaseMetaData.columnNullable, "YES"),
        List.of("I", Types.INTEGER, "INTEGER", 10, 0, 10, DatabaseMetaData.columnNoNulls, "NO"),
        List.of("BI", Types.BIGINT, "BIGINT", 19, 0, 10, DatabaseMetaData.columnNullable, "YES"),
        List.of("DE", Types.DECIMAL, "DECIMAL", 7, 3, 10, DatabaseMetaData.columnNullable, "YES"),
        List.of("R", Types.REAL, "REAL", 7, none, 10, DatabaseMetaData.columnNullable, "YES"),
        List.of("D", Types.DOUBLE, "DOUBLE", 15, none, 10, DatabaseMetaData.columnNullable, "YES"),
        List.of("C", Types.CHAR, "CHAR", 4, none, none, DatabaseMetaData.columnNoNulls, "NO"),
        List.of("VC", Types.VARCHAR, "VARCHAR", 10, none, none, DatabaseMetaData.columnNullable, "YES"),
        List.of("V", Types.VARCHAR, "VARCHAR", unbounded, none, none, DatabaseMetaData.columnNullable, "YES"),
        List.of("BN", Types.BINARY, "BINARY", 3, none, none, DatabaseMetaData.columnNullable, "YES"),
        List.of("VB", Types.VARBINARY, "VARBINARY", unbounded, none, none, DatabaseMetaData.columnNullable, "YES"),
        List.of("DT", Types.DATE, "DATE", 10, none, none, DatabaseMetaData.columnNullable, "YES"),
        List.of("TM", Types.TIME, "TIME", 12, 3, none, DatabaseMetaData.columnNullable, "YES"),
        List.of("TS", Types.TIMESTAMP, "TIMESTAMP", 23, 3, none, DatabaseMetaData.columnNullable, "YES"));
    List<List<Object>> actual = new ArrayList<>();
    try (ResultSet rs = md.getColumns(null, "PUBLIC", "EACH_TYPE", "%")) {
      while (rs.next()) {
        actual.add(List.of(rs.getString("COLUMN_NAME"), rs.getInt("DATA_TYPE"), rs.getString("TYPE_NAME"),
            rs.getInt("COLUMN_SIZE"), orNone(rs, "DECIMAL_DIGITS"), orNone(rs, "NUM_PREC_RADIX"),
            rs.getInt("NULLABLE"), rs.getString("IS_NULLABLE")));
        String name = rs.getString("COLUMN_NAME");
        int type = rs.getInt("DATA_TYPE");
        Object octets = orNone(rs, "CHAR_OCTET_LENGTH");
        if (type == Types.CHAR || type == Types.VARCHAR || type == Types.BINARY || type == Types.VARBINARY) {
          assertTrue(octets instanceof Integer n && n >= rs.getInt("COLUMN_SIZE"), name + " octets " + octets);
        } else {
          assertEquals(none, octets, name);
        }
      }
    }
    assertEquals(expected, actual);
    try (ResultSet rs = c.createStatement().executeQuery("SELECT * FROM each_type")) {
      ResultSetMetaData m = rs.getMetaData();
      assertEquals(expected.size(), m.getColumnCount());
      for (int i = 1; i <= m.getColumnCount(); i++) {
        List<Object> e = expected.get(i - 1);
        String what = "column " + e.get(0);
        assertEquals(e.get(0), m.getColumnName(i), what);
        assertEquals(e.get(1), m.getColumnType(i), what);
        assertEquals(e.get(2), m.getColumnTypeName(i), what);
        assertEquals(e.get(3), m.getPrecision(i), what);
        assertEquals(e.get(4) == none ? 0 : e.get(4), m.getScale(i), what);
        assertEquals(e.get(6), m.isNullable(i), what);
        assertTrue(m.getColumnDisplaySize(i) >= Math.min(m.getPrecision(i), 10) && m.getColumnDisplaySize(i) > 0,
            what + " display size " + m.getColumnDisplaySize(i));
      }
    }
  }

  private static Object orNone(ResultSet rs, String column) throws Exception {
    int v = rs.getInt(column);
    return rs.wasNull() ? "null" : (Object) v;
  }

  @Test
  void columnsMatchTheQueries() throws Exception {
    List<List<Object>> cols = new ArrayList<>();
    try (ResultSet rs = md.getColumns(null, "PUBLIC", "SHOP", "%")) {
      while (rs.next()) {
        cols.add(List.of(rs.getString("COLUMN_NAME"), rs.getInt("DATA_TYPE"), rs.getString("TYPE_NAME"),
            rs.getInt("COLUMN_SIZE"), rs.getInt("NULLABLE"), rs.getInt("ORDINAL_POSITION")));
      }
    }
    assertEquals(List.of(
        List.of("SHOP_ID", Types.VARCHAR, "VARCHAR", 8, DatabaseMetaData.columnNoNulls, 1),
        List.of("REGION", Types.INTEGER, "INTEGER", 10, DatabaseMetaData.columnNoNulls, 2),
        List.of("NAME", Types.VARCHAR, "VARCHAR", 40, DatabaseMetaData.columnNullable, 3),
        List.of("REGDATE", Types.DATE, "DATE", 10, DatabaseMetaData.columnNullable, 4),
        List.of("RATING", Types.DECIMAL, "DECIMAL", 3, DatabaseMetaData.columnNoNulls, 5)), cols);
    try (ResultSet rs = md.getColumns(null, "PUBLIC", "SHOP", "RATING")) {
      assertTrue(rs.next());
      assertEquals(1, rs.getInt("DECIMAL_DIGITS"));
    }
    assertEquals(List.of("SHOP_ID", "NAME"), column(md.getColumns(null, "PUBLIC", "GOOD_SHOP", "%"), "COLUMN_NAME"));
  }

  @Test
  void primaryKeysAndIndexInfo() throws Exception {
    List<List<Object>> pk = new ArrayList<>();
    try (ResultSet rs = md.getPrimaryKeys(null, "PUBLIC", "SHOP")) {
      while (rs.next()) {
        pk.add(List.of(rs.getString("TABLE_NAME"), rs.getString("COLUMN_NAME"), rs.getInt("KEY_SEQ"),
            rs.getString("PK_NAME")));
      }
    }
    assertEquals(List.of(List.of("SHOP", "REGION", 1, "PK_SHOP"), List.of("SHOP", "SHOP_ID", 2, "PK_SHOP")), pk);
    assertFalse(md.getPrimaryKeys(null, "PUBLIC", "GOOD_SHOP").next());
    assertFalse(md.getPrimaryKeys(null, "PUBLIC", "NOSUCH").next());
    List<List<Object>> idx = new ArrayList<>();
    try (ResultSet rs = md.getIndexInfo(null, "PUBLIC", "SHOP", true, false)) {
      while (rs.next()) {
        idx.add(List.of(rs.getString("INDEX_NAME"), rs.getBoolean("NON_UNIQUE"), rs.getInt("ORDINAL_POSITION"),
            rs.getString("COLUMN_NAME"), rs.getString("ASC_OR_DESC")));
      }
    }
    assertEquals(List.of(List.of("PK_SHOP", false, 1, "REGION", "D"), List.of("PK_SHOP", false, 2, "SHOP_ID", "A")),
        idx);
    // secondary indexes follow the key, unique ones first
    String col = "NAME";
    Sql.run(c, "CREATE INDEX shop_by_col ON shop (name DESC)");
    List<List<Object>> all = new ArrayList<>();
    try (ResultSet rs = md.getIndexInfo(null, "PUBLIC", "SHOP", false, false)) {
      while (rs.next()) {
        all.add(List.of(rs.getString("INDEX_NAME"), rs.getBoolean("NON_UNIQUE"), rs.getInt("ORDINAL_POSITION"),
            rs.getString("COLUMN_NAME"), rs.getString("ASC_OR_DESC")));
      }
    }
    assertEquals(List.of(List.of("PK_SHOP", false, 1, "REGION", "D"), List.of("PK_SHOP", false, 2, "SHOP_ID", "A"),
        List.of("SHOP_BY_COL", true, 1, col, "D")), all);
    Sql.run(c, "DROP INDEX shop_by_col");
  }

  /** The system tables a remote client reads for getPrimaryKeys and getIndexInfo hold the same rows. */
  @Test
  void primaryKeysAndIndexInfoAsSystemTables() throws Exception {
    assertEquals(List.of(List.of("SHOP", "REGION", (short) 1, "PK_SHOP"), List.of("SHOP", "SHOP_ID", (short) 2,
        "PK_SHOP")), rows(c, "SELECT table_name, column_name, key_seq, pk_name FROM cellar.primary_keys "
        + "WHERE table_name = 'SHOP' ORDER BY column_name"));
    Sql.run(c, "CREATE INDEX shop_by_name ON shop (name DESC)");
    try {
      assertEquals(List.of(List.of("PK_SHOP", false, (short) 1, "REGION", "D"),
          List.of("PK_SHOP", false, (short) 2, "SHOP_ID", "A"), List.of("SHOP_BY_NAME", true, (short) 1, "NAME", "D")),
          rows(c, "SELECT index_name, non_unique, ordinal_position, column_name, asc_or_desc FROM cellar.index_info "
              + "WHERE table_name = 'SHOP' ORDER BY non_unique, index_name, ordinal_position"));
    } finally {
      Sql.run(c, "DROP INDEX shop_by_name");
    }
  }

  @Test
  void typeInfoListsTheTypesDdlAccepts() throws Exception {
    List<String> types = column(md.getTypeInfo(), "TYPE_NAME");
    assertEquals(15, types.size());
    for (String t : types) {
      String ddlType = t.equals("CHAR") || t.equals("BINARY") ? t + "(2)" : t;
      run(c, "CREATE TABLE ty_" + t + " (id INTEGER PRIMARY KEY, v " + ddlType + ")");
    }
  }

  @Test
  void driverFacts() throws Exception {
    assertEquals("Cellar", md.getDatabaseProductName());
    assertEquals("Cellar JDBC Driver", md.getDriverName());
    assertEquals("\"", md.getIdentifierQuoteString());
    assertTrue(md.getURL().startsWith("jdbc:cellar:mem:"));
    assertEquals(1, rows(c, "SELECT COUNT(*) FROM shop").size());
  }

  /** The methods Avatica leaves unimplemented answer, and truthfully. */
  @Test
  void everyCapabilityAnswers() throws Exception {
    for (int type : new int[] {ResultSet.TYPE_FORWARD_ONLY, ResultSet.TYPE_SCROLL_INSENSITIVE}) {
      assertFalse(md.ownUpdatesAreVisible(type));
      assertFalse(md.ownDeletesAreVisible(type));
      assertFalse(md.ownInsertsAreVisible(type));
      assertFalse(md.othersUpdatesAreVisible(type));
      assertFalse(md.othersDeletesAreVisible(type));
      assertFalse(md.othersInsertsAreVisible(type));
      assertFalse(md.updatesAreDetected(type));
      assertFalse(md.deletesAreDetected(type));
      assertFalse(md.insertsAreDetected(type));
    }
    assertTrue(md.supportsResultSetHoldability(ResultSet.HOLD_CURSORS_OVER_COMMIT));
    assertFalse(md.supportsResultSetHoldability(ResultSet.CLOSE_CURSORS_AT_COMMIT));
    assertEquals(ResultSet.HOLD_CURSORS_OVER_COMMIT, md.getResultSetHoldability());
    assertFalse(md.isReadOnly());
    assertTrue(md.supportsGetGeneratedKeys());
    assertTrue(md.supportsAlterTableWithAddColumn());
    assertTrue(md.supportsAlterTableWithDropColumn());
    assertFalse(md.supportsCatalogsInTableDefinitions());
    // NULLs sort first ascending and last descending: low, the connection's defaultNullCollation
    assertTrue(md.nullsAreSortedLow());
    assertFalse(md.nullsAreSortedHigh() || md.nullsAreSortedAtStart() || md.nullsAreSortedAtEnd());
    assertEquals(java.util.Map.of(), c.getTypeMap());
    c.setTypeMap(new java.util.HashMap<>());
    java.sql.SQLException e = org.junit.jupiter.api.Assertions.assertThrows(java.sql.SQLException.class,
        () -> c.setTypeMap(java.util.Map.of("POINT", Object.class)));
    assertEquals("0A000", e.getSQLState());
    // every other method answers without an error
    for (java.lang.reflect.Method m : DatabaseMetaData.class.getMethods()) {
      Class<?>[] types = m.getParameterTypes();
      if (java.lang.reflect.Modifier.isStatic(m.getModifiers()) || m.getName().equals("unwrap")
          || m.getName().equals("isWrapperFor")) {
        continue;
      }
      Object[] args = new Object[types.length];
      for (int i = 0; i < types.length; i++) {
        args[i] = types[i] == int.class ? ResultSet.TYPE_FORWARD_ONLY : types[i] == boolean.class ? false : null;
      }
      try {
        Object result = m.invoke(md, args);
        if (result instanceof ResultSet rs) {
          rs.close();
        }
      } catch (java.lang.reflect.InvocationTargetException x) {
        throw new AssertionError(m.getName() + " failed: " + x.getCause(), x.getCause());
      }
    }
  }
}
