package dev.cellar.jdbc;

import dev.cellar.server.CellarServer;
import dev.cellar.server.ServerMeta;
import dev.cellar.server.ServerOptions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;

/**
 * How the JDBC behaviour tests run through a server: each connection they open goes through
 * the thin driver to one server started for the test run on a free loopback port, which opens
 * the embedded connection to the database URL the test asked for (a test-only property names
 * it). The server module's surefire configuration names this class in
 * {@code cellar.test.connector}.
 */
public final class RemoteConnector implements Sql.Connector {
  /** The property naming the database a connection of the test server opens. */
  static final String DATABASE = "cellarTestDatabase";

  private static CellarServer server;

  @Override
  public Connection connect(String url) throws SQLException {
    Properties p = new Properties();
    p.setProperty(DATABASE, url);
    return DriverManager.getConnection(server().clientUrl(), p);
  }

  private static synchronized CellarServer server() throws SQLException {
    if (server == null) {
      ServerOptions options = ServerOptions.defaults("jdbc:cellar:mem:remote-behaviour").withPort(0);
      try {
        server = CellarServer.start(options, new ServerMeta(options) {
          @Override
          protected Connection connect(String url, Properties info) throws SQLException {
            Properties rest = new Properties();
            rest.putAll(info);
            Object database = rest.remove(DATABASE);
            return super.connect(database == null ? url : database.toString(), rest);
          }
        });
      } catch (java.io.IOException e) {
        throw new SQLException("the test server did not start: " + e.getMessage(), "08001", e);
      }
      Runtime.getRuntime().addShutdownHook(new Thread(() -> {
        try {
          server.close();
        } catch (SQLException e) {
          // the JVM is ending
        }
      }));
    }
    return server;
  }
}
