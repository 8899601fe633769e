package dev.cellar.jdbc.hbase;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;

/** Run by {@link HBaseDriverJarIT} in a JVM whose class path is the driver jar and this class only. */
public final class JarProbe {
  private JarProbe() {}

  /** Creates a table at the URL in {@code args[0]}, writes two rows and prints the one with id 2. */
  public static void main(String[] args) throws Exception {
    try (Connection c = DriverManager.getConnection(args[0]); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, info.name VARCHAR)");
      s.executeUpdate("INSERT INTO t VALUES (1, 'ann'), (2, 'bob')");
      try (ResultSet rs = s.executeQuery("SELECT id, name FROM t WHERE id = 2")) {
        while (rs.next()) {
          System.out.println("row " + rs.getInt(1) + " " + rs.getString(2));
        }
      }
    }
  }
}
