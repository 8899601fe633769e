package dev.cellar.server;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;

/** A thin client that opens a scan, reads part of it, and dies without closing anything. */
public final class FetchThenDie {
  private FetchThenDie() {}

  /** {@code args[0]}: the thin-client URL. */
  public static void main(String[] args) throws Exception {
    Connection c = DriverManager.getConnection(args[0]);
    Statement s = c.createStatement();
    s.setFetchSize(10);
    ResultSet rs = s.executeQuery("SELECT id, v FROM big ORDER BY id");
    for (int i = 0; i < 15; i++) {
      rs.next();
    }
    System.out.println("fetched " + rs.getInt(1));
    System.out.flush();
    Runtime.getRuntime().halt(9);
  }
}
