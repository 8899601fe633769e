package dev.cellar.jdbc.remote;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Properties;
import org.apache.calcite.avatica.AvaticaClientRuntimeException;
import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.CellarRemoteFactory;
import org.apache.calcite.avatica.DriverVersion;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.remote.CellarRemoteMeta;
import org.apache.calcite.avatica.remote.Driver;
import org.apache.calcite.avatica.remote.Service.ErrorResponse;

/**
 * The thin Cellar JDBC driver: {@code jdbc:cellar:remote:http[s]://HOST:PORT[;property=value]*}
 * reaches a database served by {@code cellar server} over Avatica's HTTP protocol. It is
 * Avatica's remote driver with Cellar's URL ({@link RemoteUrl}), name and version, and the
 * metadata Avatica's protocol has no call for (primary keys, index info) answered by SQL over
 * the server's system tables ({@link RemoteDatabaseMetaData}). It holds no Calcite and no
 * storage engine. A query's results continue on any server over the same database
 * ({@link CellarRemoteMeta}). Registered with {@link java.sql.DriverManager} through
 * {@code META-INF/services/java.sql.Driver}.
 */
public class CellarRemoteDriver extends Driver {
  /** The URL prefix. */
  public static final String PREFIX = RemoteUrl.PREFIX;

  static {
    new CellarRemoteDriver().register();
  }

  /** A driver; {@link java.sql.DriverManager} gets one when the class loads. */
  public CellarRemoteDriver() {
    super();
  }

  @Override
  protected String getConnectStringPrefix() {
    return PREFIX;
  }

  @Override
  protected String getFactoryClassName(JdbcVersion jdbcVersion) {
    return CellarRemoteFactory.class.getName();
  }

  @Override
  protected DriverVersion createDriverVersion() {
    return DriverVersion.load(CellarRemoteDriver.class, "dev/cellar/jdbc/remote/driver.properties",
        "Cellar Remote JDBC Driver", "0.1", "Cellar", "0.1");
  }

  /** Avatica's remote Meta, which continues a query's results on another server ({@link CellarRemoteMeta}). */
  @Override
  public Meta createMeta(AvaticaConnection connection) {
    super.createMeta(connection);
    return new CellarRemoteMeta(connection, connection.getService());
  }

  /**
   * Connects to the server the URL names. The URL and {@code info} become Avatica's settings
   * ({@link RemoteUrl#toAvatica}); the password goes only into the HTTP authentication.
   *
   * @return null if {@code url} is not a {@code jdbc:cellar:remote:} URL
   * @throws SQLException with SQLState 08001 if the URL is malformed or the server cannot be reached
   */
  @Override
  public Connection connect(String url, Properties info) throws SQLException {
    if (url == null || !acceptsURL(url)) {
      return null;
    }
    Properties avatica = RemoteUrl.parse(url).toAvatica(info);
    try {
      return super.connect(PREFIX, avatica);
    } catch (RuntimeException e) {
      throw connectError(avatica.getProperty("url"), e);
    }
  }

  /**
   * A failed connection's error: the server's own (its SQLState and message), 28000 if the
   * server refused the credentials (HTTP 401), else 08001 with the cause's message.
   */
  private static SQLException connectError(String server, RuntimeException e) {
    Throwable root = e;
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof AvaticaClientRuntimeException a && a.getSqlState() != null
          && !a.getSqlState().equals(ErrorResponse.UNKNOWN_SQL_STATE)) {
        return RemoteErrors.toSql(e);
      }
      if (t.getMessage() != null && t.getMessage().contains("HTTP/401")) {
        return RemoteErrors.of("the Cellar server at " + server + " refused the credentials (HTTP 401): give a "
            + "user and password it knows", "28000", 0, e);
      }
      root = t;
    }
    return new SQLException("cannot connect to the Cellar server at " + server + ": "
        + (root.getMessage() == null ? "no answer" : root.getMessage()), "08001", e);
  }
}
