package dev.cellar.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The thin driver against a server started in the test: queries, writes, metadata, errors. */
class RemoteDriverTest {
  @Test
  void queriesAndWritesThroughTheServer() throws Exception {
    for (boolean json : new boolean[] {false, true}) {
      try (CellarServer server = CellarServer.start(Servers.fresh().withJson(json));
          Connection c = DriverManager.getConnection(server.clientUrl() + ";serialization=" + (json ? "json" : "protobuf"));
          Statement s = c.createStatement()) {
        s.execute("CREATE TABLE t (id INTEGER NOT NULL PRIMARY KEY, name VARCHAR(20))");
        try (PreparedStatement p = c.prepareStatement("UPSERT INTO t VALUES (?, ?)")) {
          for (int i = 1; i <= 250; i++) {
            p.setInt(1, i);
            p.setString(2, "n" + i);
            p.addBatch();
          }
          p.executeBatch();
        }
        s.setFetchSize(7);
        int rows = 0;
        try (ResultSet rs = s.executeQuery("SELECT id, name FROM t ORDER BY id")) {
          while (rs.next()) {
            rows++;
            assertEquals("n" + rs.getInt(1), rs.getString(2));
          }
        }
        assertEquals(250, rows, json ? "JSON" : "protobuf");
      }
    }
  }

  @Test
  void copyOfFilesIsRefusedToRemoteClients() throws Exception {
    java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("cellar-copy");
    java.nio.file.Path f = dir.resolve("t.csv");
    java.nio.file.Files.writeString(f, "1\n");
    try (CellarServer server = CellarServer.start(Servers.fresh()); Connection c = Servers.connect(server);
        Statement s = c.createStatement()) {
      s.execute("CREATE TABLE t (id INTEGER PRIMARY KEY)");
      for (String sql : List.of("COPY t FROM '" + f + "'", "COPY t TO '" + dir.resolve("out.csv") + "'")) {
        SQLException e = assertThrows(SQLException.class, () -> s.execute(sql), sql);
        assertEquals("42501", e.getSQLState(), e.getMessage());
        assertTrue(e.getMessage().contains("may not read or write files"), e.getMessage());
      }
      assertFalse(java.nio.file.Files.exists(dir.resolve("out.csv")));
      try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM t")) {
        rs.next();
        assertEquals(0, rs.getLong(1));
      }
    } finally {
      java.nio.file.Files.deleteIfExists(f);
      java.nio.file.Files.deleteIfExists(dir);
    }
  }

  @Test
  void productAndMetadataAreCellars() throws Exception {
    try (CellarServer server = CellarServer.start(Servers.fresh()); Connection c = Servers.connect(server);
        Statement s = c.createStatement()) {
      s.execute("CREATE TABLE sale (user_id VARCHAR(10) NOT NULL, sold_at BIGINT NOT NULL, product VARCHAR(10), "
          + "price INTEGER, CONSTRAINT pk PRIMARY KEY (user_id, sold_at DESC))");
      s.execute("CREATE INDEX sale_by_product ON sale (product)");
      DatabaseMetaData md = c.getMetaData();
      assertEquals("Cellar", md.getDatabaseProductName());
      assertFalse(md.getDatabaseProductVersion().contains("unknown"), md.getDatabaseProductVersion());
      assertTrue(md.getDriverName().startsWith("Cellar"), md.getDriverName());
      List<String> pk = new ArrayList<>();
      try (ResultSet rs = md.getPrimaryKeys(null, null, "SALE")) {
        while (rs.next()) {
          pk.add(rs.getString("TABLE_NAME") + "." + rs.getString("COLUMN_NAME") + "#" + rs.getShort("KEY_SEQ") + " "
              + rs.getString("PK_NAME"));
        }
      }
      assertEquals(List.of("SALE.SOLD_AT#2 PK_SALE", "SALE.USER_ID#1 PK_SALE"), pk);
      List<String> ix = new ArrayList<>();
      try (ResultSet rs = md.getIndexInfo(null, null, "SALE", false, true)) {
        while (rs.next()) {
          ix.add(rs.getString("INDEX_NAME") + " " + rs.getBoolean("NON_UNIQUE") + " " + rs.getShort("ORDINAL_POSITION")
              + " " + rs.getString("COLUMN_NAME") + " " + rs.getString("ASC_OR_DESC"));
        }
      }
      assertEquals(List.of("PK_SALE false 1 USER_ID A", "PK_SALE false 2 SOLD_AT D",
          "SALE_BY_PRODUCT true 1 PRODUCT A"), ix);
      try (ResultSet rs = md.getIndexInfo(null, null, "SALE", true, true)) {
        int n = 0;
        while (rs.next()) {
          n++;
        }
        assertEquals(2, n, "unique indexes only: the primary key");
      }
      try (ResultSet rs = md.getTables(null, null, "SALE", null)) {
        assertTrue(rs.next());
        assertEquals("TABLE", rs.getString("TABLE_TYPE"));
      }
    }
  }

  @Test
  void errorsKeepTheirSqlState() throws Exception {
    try (CellarServer server = CellarServer.start(Servers.fresh()); Connection c = Servers.connect(server);
        Statement s = c.createStatement()) {
      s.execute("CREATE TABLE t (id INTEGER NOT NULL PRIMARY KEY)");
      s.execute("INSERT INTO t VALUES (1)");
      SQLException dup = assertThrows(SQLException.class, () -> s.execute("INSERT INTO t VALUES (1)"));
      assertEquals("23505", dup.getSQLState(), dup.getMessage());
      assertTrue(dup.getMessage().contains("T"), dup.getMessage());
      SQLException missing = assertThrows(SQLException.class, () -> s.executeQuery("SELECT * FROM nowhere"));
      assertEquals("42S02", missing.getSQLState(), missing.getMessage());
      assertFalse(missing.getMessage().contains("Exception"), missing.getMessage());
    }
  }

  @Test
  void theEmbeddedDriverLeavesRemoteUrlsAlone() throws Exception {
    java.sql.Driver embedded = new dev.cellar.jdbc.CellarDriver();
    assertFalse(embedded.acceptsURL("jdbc:cellar:remote:http://127.0.0.1:8765"));
    assertTrue(embedded.acceptsURL("jdbc:cellar:mem:x"));
    assertTrue(DriverManager.getDriver("jdbc:cellar:remote:http://127.0.0.1:1") instanceof
        dev.cellar.jdbc.remote.CellarRemoteDriver);
  }
}
