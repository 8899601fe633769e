package dev.cellar.server;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicInteger;

/** Test helpers: a server on a free loopback port over a fresh in-memory database, and thin clients. */
final class Servers {
  private static final AtomicInteger NEXT = new AtomicInteger();

  private Servers() {}

  /** Options for a fresh in-memory database on a free loopback port. */
  static ServerOptions fresh() {
    return ServerOptions.defaults("jdbc:cellar:mem:served" + NEXT.incrementAndGet() + ";shutdown=true").withPort(0);
  }

  /** A thin-client connection to {@code server}. */
  static Connection connect(CellarServer server) throws SQLException {
    return DriverManager.getConnection(server.clientUrl());
  }

  /** A thin-client connection to {@code server} as {@code user}. */
  static Connection connect(CellarServer server, String user, String password) throws SQLException {
    Properties p = new Properties();
    p.setProperty("user", user);
    p.setProperty("password", password);
    return DriverManager.getConnection(server.clientUrl(), p);
  }
}
