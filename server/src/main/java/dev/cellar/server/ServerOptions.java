package dev.cellar.server;

import java.nio.file.Path;
import java.time.Duration;

/**
 * What {@code cellar server} serves and how.
 *
 * @param url the database, a {@code jdbc:cellar:} URL ({@code file:}, {@code hbase:}, {@code mem:})
 * @param port the HTTP port; 0 picks a free one
 * @param bind the address listened on; loopback unless told otherwise
 * @param users the users file, or null for no authentication (loopback only)
 * @param tlsKeystore a keystore with the server's key and certificate, or null for plain HTTP
 * @param tlsKeystorePassword the keystore's password, or null
 * @param json whether requests are JSON rather than protobuf
 * @param idleTimeout how long a connection or statement may stay unused before it is closed
 * @param statementTimeout the longest a statement may run; zero for no limit
 * @param maxConnections connections the server keeps open at most
 * @param maxConnectionsPerUser connections one user may have open
 * @param maxStatementsPerUser statements one user may have open
 * @param maxRowsPerFrame rows one response carries at most
 * @param slowQuery statements (and fetches) that take at least this long are written to the
 *     slow-query log ({@link ServiceMonitor#SLOW_LOG}); zero logs every one
 */
public record ServerOptions(String url, int port, String bind, Path users, Path tlsKeystore,
    String tlsKeystorePassword, boolean json, Duration idleTimeout, Duration statementTimeout, int maxConnections,
    int maxConnectionsPerUser, int maxStatementsPerUser, int maxRowsPerFrame, Duration slowQuery) {
  /** The port Avatica servers use by default. */
  public static final int DEFAULT_PORT = 8765;

  /** The defaults for serving {@code url}: port 8765 on 127.0.0.1, no users, plain HTTP, protobuf. */
  public static ServerOptions defaults(String url) {
    return new ServerOptions(url, DEFAULT_PORT, "127.0.0.1", null, null, null, false, Duration.ofMinutes(10),
        Duration.ZERO, 1000, 100, 1000, 10_000, Duration.ofSeconds(1));
  }

  /** These options on {@code port}. */
  public ServerOptions withPort(int port) {
    return new ServerOptions(url, port, bind, users, tlsKeystore, tlsKeystorePassword, json, idleTimeout,
        statementTimeout, maxConnections, maxConnectionsPerUser, maxStatementsPerUser, maxRowsPerFrame, slowQuery);
  }

  /** These options with the users of {@code file}. */
  public ServerOptions withUsers(Path file) {
    return new ServerOptions(url, port, bind, file, tlsKeystore, tlsKeystorePassword, json, idleTimeout,
        statementTimeout, maxConnections, maxConnectionsPerUser, maxStatementsPerUser, maxRowsPerFrame, slowQuery);
  }

  /** These options with TLS from {@code keystore}. */
  public ServerOptions withTls(Path keystore, String password) {
    return new ServerOptions(url, port, bind, users, keystore, password, json, idleTimeout, statementTimeout,
        maxConnections, maxConnectionsPerUser, maxStatementsPerUser, maxRowsPerFrame, slowQuery);
  }

  /** These options with JSON requests. */
  public ServerOptions withJson(boolean json) {
    return new ServerOptions(url, port, bind, users, tlsKeystore, tlsKeystorePassword, json, idleTimeout,
        statementTimeout, maxConnections, maxConnectionsPerUser, maxStatementsPerUser, maxRowsPerFrame, slowQuery);
  }

  /** These options with {@code idle} as the idle timeout. */
  public ServerOptions withIdleTimeout(Duration idle) {
    return new ServerOptions(url, port, bind, users, tlsKeystore, tlsKeystorePassword, json, idle,
        statementTimeout, maxConnections, maxConnectionsPerUser, maxStatementsPerUser, maxRowsPerFrame, slowQuery);
  }

  /** These options with {@code timeout} as the statement timeout. */
  public ServerOptions withStatementTimeout(Duration timeout) {
    return new ServerOptions(url, port, bind, users, tlsKeystore, tlsKeystorePassword, json, idleTimeout, timeout,
        maxConnections, maxConnectionsPerUser, maxStatementsPerUser, maxRowsPerFrame, slowQuery);
  }

  /** These options with the limits given. */
  public ServerOptions withLimits(int connections, int connectionsPerUser, int statementsPerUser, int rowsPerFrame) {
    return new ServerOptions(url, port, bind, users, tlsKeystore, tlsKeystorePassword, json, idleTimeout,
        statementTimeout, connections, connectionsPerUser, statementsPerUser, rowsPerFrame, slowQuery);
  }

  /** These options with {@code threshold} as the slow-query log's threshold. */
  public ServerOptions withSlowQuery(Duration threshold) {
    return new ServerOptions(url, port, bind, users, tlsKeystore, tlsKeystorePassword, json, idleTimeout,
        statementTimeout, maxConnections, maxConnectionsPerUser, maxStatementsPerUser, maxRowsPerFrame, threshold);
  }

  /** These options listening on {@code address}. */
  public ServerOptions withBind(String address) {
    return new ServerOptions(url, port, address, users, tlsKeystore, tlsKeystorePassword, json, idleTimeout,
        statementTimeout, maxConnections, maxConnectionsPerUser, maxStatementsPerUser, maxRowsPerFrame, slowQuery);
  }
}
