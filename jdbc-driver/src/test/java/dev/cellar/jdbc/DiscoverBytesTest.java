package dev.cellar.jdbc;

import static dev.cellar.jdbc.Sql.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Put;
import dev.cellar.storage.Table;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code CELLAR.DISCOVER} over a table an HBase client wrote with {@code Bytes.toBytes}: binary
 * keys and values proposed as {@code FORMAT BYTES} columns that read back what was written.
 */
class DiscoverBytesTest extends FreshStoreTest {
  @Test
  void binaryKeysAndValuesAreProposedWithFormatBytes() throws SQLException {
    Table t = RawTables.create(store, "counters", "d");
    for (int id = 1; id <= 40; id++) {
      t.put(new Put(Bytes.toBytes(id)).addColumn(Bytes.toBytes("d"), Bytes.toBytes("hits"), Bytes.toBytes(1000L * id))
          .addColumn(Bytes.toBytes("d"), Bytes.toBytes("size"), Bytes.toBytes(-id))
          .addColumn(Bytes.toBytes("d"), Bytes.toBytes("on"), new byte[] {(byte) (id % 2 == 0 ? 0xff : 0)})
          .addColumn(Bytes.toBytes("d"), Bytes.toBytes("label"), Bytes.toBytes("c" + id)));
    }
    List<String> found = new ArrayList<>();
    String ddl = null;
    try (Statement s = c.createStatement();
        ResultSet r = s.executeQuery("SELECT kind, qualifier, column_name, likely_type, encoding, ddl "
            + "FROM TABLE(CELLAR.DISCOVER('counters', 100))")) {
      while (r.next()) {
        found.add(r.getString(1) + " " + r.getString(3) + " " + r.getString(4) + " " + r.getString(5));
        if (r.getString(1).equals("VIEW")) {
          ddl = r.getString(6);
        }
      }
    }
    assertEquals(List.of("KEY ID INTEGER 4-byte big-endian, the rest of the key",
        "COLUMN hits BIGINT 8-byte big-endian", "COLUMN label VARCHAR text", "COLUMN on BOOLEAN 1 byte, 00 or ff",
        "COLUMN size INTEGER 4-byte big-endian", "VIEW COUNTERS null null"),
        found.stream().map(f -> f.replace("FIXED: ", "")).toList());
    assertTrue(ddl.startsWith("CREATE VIEW COUNTERS (ID INTEGER FORMAT BYTES NOT NULL,\n  \"d\".\"hits\" BIGINT FORMAT "
        + "BYTES, \"d\".\"label\" VARCHAR, \"d\".\"on\" BOOLEAN FORMAT BYTES, \"d\".\"size\" INTEGER FORMAT "
        + "BYTES,"), ddl);
    run(c, ddl);
    assertEquals(List.of("7, 7000, c7, false, -7"), Sql.strings(c, "SELECT * FROM counters WHERE id = 7"));
    assertEquals(List.of("40, 20"), Sql.strings(c, "SELECT COUNT(*), SUM(CASE WHEN \"on\" THEN 1 ELSE 0 END) "
        + "FROM counters"));
  }

  @Test
  void parametersAndNullsOfTheFunction() throws SQLException {
    Table t = RawTables.create(store, "raw", "f");
    RawTables.shellPut(t, "r1", "f:q", "42");
    try (java.sql.PreparedStatement p = c.prepareStatement(
        "SELECT column_name, likely_type FROM TABLE(CELLAR.DISCOVER(?, ?)) WHERE kind = 'COLUMN'")) {
      p.setString(1, "raw");
      p.setInt(2, 10);
      try (ResultSet r = p.executeQuery()) {
        assertTrue(r.next());
        assertEquals("q INTEGER", r.getString(1) + " " + r.getString(2));
      }
      p.setString(1, "raw");
      p.setNull(2, java.sql.Types.INTEGER);
      SQLException e = org.junit.jupiter.api.Assertions.assertThrows(SQLException.class, p::executeQuery);
      assertEquals("22023", e.getSQLState(), e.getMessage());
    }
    Sql.assertFails(c, "22023", "SELECT * FROM TABLE(CELLAR.DISCOVER('raw', -1))", "-1");
  }

  @Test
  void anEmptyTableProposesNothingAndSaysSo() throws SQLException {
    RawTables.create(store, "empty", "f");
    assertEquals(List.of("VIEW, -- store table 'empty' has no rows to sample"),
        Sql.strings(c, "SELECT kind, ddl FROM TABLE(CELLAR.DISCOVER('empty', 10))"));
  }
}
