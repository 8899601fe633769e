package dev.cellar.jdbc;

import static dev.cellar.jdbc.Sql.rows;
import static dev.cellar.jdbc.Sql.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** DDL round trip through DatabaseMetaData, as BI tools discover a database. */
class MetadataTest {
  private Connection c;
  private DatabaseMetaData md;

  @BeforeEach
  void open() throws Exception {
    c = Sql.connect(Sql.freshMem());
    md = c.getMetaData();
    run(c, "CREATE TABLE shop (shop_id VARCHAR(8) NOT NULL, region INTEGER NOT NULL, info.name VARCHAR(40), "
        + "info.regdate DATE, info.rating DECIMAL(3,1) NOT NULL, CONSTRAINT pk PRIMARY KEY (region DESC, shop_id))",
        "CREATE VIEW good_shop AS SELECT shop_id, name FROM shop WHERE rating > 4");
  }

  @AfterEach
  void close() throws Exception {
    c.close();
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
    assertEquals(List.of("SHOP"), column(md.getTables(null, "PUBLIC", "SHOP", null), "TABLE_NAME"));
    assertEquals(List.of("SHOP"), column(md.getTables(null, "PUBLIC", "%", new String[] {"TABLE"}), "TABLE_NAME"));
    assertEquals(List.of("VIEW"), column(md.getTables(null, "PUBLIC", "GOOD%", null), "TABLE_TYPE"));
    assertEquals(List.of("SYSTEM TABLE", "TABLE", "VIEW"), column(md.getTableTypes(), "TABLE_TYPE"));
    assertTrue(column(md.getSchemas(), "TABLE_SCHEM").contains("PUBLIC"));
    // another connection's DDL shows up at once
    run(c, "CREATE TABLE later (id INTEGER PRIMARY KEY)");
    assertTrue(column(md.getTables(null, "PUBLIC", "%", null), "TABLE_NAME").contains("LATER"));
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
}
