package dev.cellar.server;

import dev.cellar.jdbc.CellarDriver;
import dev.cellar.storage.CellarStore;
import java.io.IOException;
import java.net.InetAddress;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.calcite.avatica.metrics.noop.NoopMetricsSystem;
import org.apache.calcite.avatica.remote.AuthenticationType;
import org.apache.calcite.avatica.remote.LocalService;
import org.apache.calcite.avatica.remote.Service;
import org.apache.calcite.avatica.server.AvaticaHandler;
import org.apache.calcite.avatica.server.AvaticaJsonHandler;
import org.apache.calcite.avatica.server.AvaticaProtobufHandler;
import org.apache.calcite.avatica.server.AvaticaServerConfiguration;
import org.apache.calcite.avatica.server.HttpRequestRemoteUserExtractor;
import org.apache.calcite.avatica.server.HttpServer;
import org.apache.calcite.avatica.server.RemoteUserDisallowedException;
import org.apache.calcite.avatica.server.RemoteUserExtractor;
import org.eclipse.jetty.security.ConstraintMapping;
import org.eclipse.jetty.security.ConstraintSecurityHandler;
import org.eclipse.jetty.security.authentication.BasicAuthenticator;
import org.eclipse.jetty.security.authentication.DigestAuthenticator;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.security.Constraint;
import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A Cellar database served over Avatica's HTTP protocol (protobuf, or JSON): Avatica's Jetty
 * server around a {@link ServerMeta}. Listens on loopback unless told otherwise; with a users
 * file, every request must authenticate (HTTP Basic over TLS, Digest over plain HTTP; 401
 * otherwise) and runs as its user. The server keeps one connection to the database open while
 * it runs, so that a {@code file:} directory stays open and locked by it.
 */
public final class CellarServer implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(CellarServer.class);

  private final ServerOptions options;
  private final ServerMeta meta;
  private final HttpServer http;
  private final Connection keeper;
  private final ScheduledExecutorService janitor;
  private final ServerMetrics metrics;

  private CellarServer(ServerOptions options, ServerMeta meta, HttpServer http, Connection keeper,
      ScheduledExecutorService janitor, ServerMetrics metrics) {
    this.options = options;
    this.meta = meta;
    this.http = http;
    this.keeper = keeper;
    this.janitor = janitor;
    this.metrics = metrics;
  }

  private static boolean healthy(Connection keeper) {
    try {
      return keeper.isValid(1);
    } catch (SQLException e) {
      return false;
    }
  }

  /**
   * Starts serving {@code options.url()}.
   *
   * @throws SQLException if the database cannot be opened
   * @throws IOException if the users file cannot be read
   * @throws IllegalArgumentException if the options are unsafe or inconsistent (no users on a non-loopback address)
   */
  public static CellarServer start(ServerOptions options) throws SQLException, IOException {
    return start(options, new ServerMeta(options));
  }

  /** Starts serving with {@code meta}, a {@link ServerMeta} for {@code options}. */
  public static CellarServer start(ServerOptions options, ServerMeta meta) throws SQLException, IOException {
    if (options.users() == null && !InetAddress.getByName(options.bind()).isLoopbackAddress()) {
      throw new IllegalArgumentException("serving on " + options.bind() + ", beyond loopback, needs --users FILE: "
          + "without users anyone who reaches the port could read and write the database");
    }
    Connection keeper = DriverManager.getConnection(options.url());
    try {
      UsersLoginService login = options.users() == null ? null : new UsersLoginService(options.users());
      AvaticaServerConfiguration config = login == null ? null : new Authentication(options, login, meta);
      CellarStore store = CellarDriver.database(keeper).store();
      ServerMetrics metrics = new ServerMetrics(meta::openConnections, meta::openStatements, store::openScanners);
      Service service = ServiceMonitor.watch(new LocalService(meta), metrics, options.slowQuery(),
          () -> meta.caller().user());
      AvaticaHandler avatica = options.json()
          ? new AvaticaJsonHandler(service, NoopMetricsSystem.getInstance(), config)
          : new AvaticaProtobufHandler(service, NoopMetricsSystem.getInstance(), config);
      AvaticaHandler handler = new MonitorHandler(avatica, metrics, () -> healthy(keeper));
      SslContextFactory.Server ssl = null;
      if (options.tlsKeystore() != null) {
        ssl = new SslContextFactory.Server();
        ssl.setKeyStorePath(options.tlsKeystore().toAbsolutePath().toString());
        ssl.setKeyStorePassword(options.tlsKeystorePassword());
      }
      HttpServer http = new Http(options, handler, config, ssl, login, metrics);
      http.start();
      ScheduledExecutorService janitor = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "cellar-server-expiry");
        t.setDaemon(true);
        return t;
      });
      janitor.scheduleWithFixedDelay(() -> {
        try {
          meta.expireIdle();
        } catch (RuntimeException e) {
          LOG.warn("closing idle connections failed: {}", e.toString());
        }
      }, 1, 1, TimeUnit.SECONDS);
      CellarServer server = new CellarServer(options, meta, http, keeper, janitor, metrics);
      LOG.info("serving {} at {} ({}, {})", options.url(), server.clientUrl(), options.json() ? "JSON" : "protobuf",
          login == null ? "no authentication" : options.tlsKeystore() != null ? "HTTP Basic over TLS" : "HTTP Digest");
      return server;
    } catch (RuntimeException | IOException e) {
      keeper.close();
      throw e;
    }
  }

  /** The port listened on. */
  public int port() {
    return http.getPort();
  }

  /** The URL a thin client connects with: {@code jdbc:cellar:remote:http[s]://HOST:PORT}. */
  public String clientUrl() {
    String host = options.bind().contains(":") ? "[" + options.bind() + "]" : options.bind();
    if (host.equals("0.0.0.0")) {
      host = "127.0.0.1";
    }
    return "jdbc:cellar:remote:" + (options.tlsKeystore() != null ? "https" : "http") + "://" + host + ":" + port();
  }

  /** The server's metrics, as {@code /metrics} shows them. */
  public ServerMetrics metrics() {
    return metrics;
  }

  /** The server's base URL, {@code http[s]://HOST:PORT}, to which {@code /health} and {@code /metrics} are relative. */
  public String httpUrl() {
    return clientUrl().substring("jdbc:cellar:remote:".length());
  }

  /** The server's Meta: its connections and statements. */
  public ServerMeta meta() {
    return meta;
  }

  /** Stops serving: closes every remote connection (rolling back what is not committed), then the database. */
  @Override
  public void close() throws SQLException {
    http.stop();
    janitor.shutdownNow();
    meta.closeAll();
    keeper.close();
    LOG.info("stopped serving {}", options.url());
  }

  /** Avatica's Jetty server bound to the options' address, with Cellar's users. */
  private static final class Http extends HttpServer {
    private final String bind;
    private final UsersLoginService login;
    private final ServerMetrics metrics;

    Http(ServerOptions options, AvaticaHandler handler, AvaticaServerConfiguration config,
        SslContextFactory.Server ssl, UsersLoginService login, ServerMetrics metrics) {
      super(options.port(), handler, config, null, ssl);
      this.bind = options.bind();
      this.login = login;
      this.metrics = metrics;
    }

    /** The connector on the options' address; every response's status is counted. */
    @Override
    protected ServerConnector getServerConnector() {
      ServerConnector c = super.getServerConnector();
      c.setHost(bind);
      c.getServer().setRequestLog((request, response) -> metrics.response(response.getCommittedMetaData().getStatus()));
      return c;
    }

    @Override
    protected ConstraintSecurityHandler configureBasicAuthentication(Server server,
        AvaticaServerConfiguration config) {
      server.addBean(login);
      return healthOpen(configureCommonAuthentication(Constraint.__BASIC_AUTH, new String[] {Constraint.ANY_AUTH},
          new BasicAuthenticator(), UsersFile.REALM, login));
    }

    @Override
    protected ConstraintSecurityHandler configureDigestAuthentication(Server server,
        AvaticaServerConfiguration config) {
      server.addBean(login);
      return healthOpen(configureCommonAuthentication(Constraint.__DIGEST_AUTH, new String[] {Constraint.ANY_AUTH},
          new DigestAuthenticator(), UsersFile.REALM, login));
    }

    /** {@code security}, letting {@code /health} through without credentials (it tells only that the server is up). */
    private static ConstraintSecurityHandler healthOpen(ConstraintSecurityHandler security) {
      Constraint open = new Constraint();
      open.setName("health");
      open.setAuthenticate(false);
      ConstraintMapping m = new ConstraintMapping();
      m.setConstraint(open);
      m.setPathSpec(MonitorHandler.HEALTH);
      security.addConstraintMapping(m);
      return security;
    }
  }

  /** Authentication by the users file; each request runs as its user in the {@link ServerMeta}. */
  private static final class Authentication implements AvaticaServerConfiguration {
    private final ServerOptions options;
    private final UsersLoginService login;
    private final ServerMeta meta;
    private final RemoteUserExtractor extractor = new HttpRequestRemoteUserExtractor();

    Authentication(ServerOptions options, UsersLoginService login, ServerMeta meta) {
      this.options = options;
      this.login = login;
      this.meta = meta;
    }

    @Override
    public AuthenticationType getAuthenticationType() {
      return options.tlsKeystore() != null ? AuthenticationType.BASIC : AuthenticationType.DIGEST;
    }

    @Override
    public String getKerberosRealm() {
      return null;
    }

    @Override
    public String getKerberosServiceName() {
      return null;
    }

    @Override
    public String getKerberosHostName() {
      return null;
    }

    @Override
    public String getKerberosPrincipal() {
      return null;
    }

    @Override
    public String[] getAllowedRoles() {
      return new String[] {Constraint.ANY_AUTH};
    }

    @Override
    public String getHashLoginServiceRealm() {
      return UsersFile.REALM;
    }

    @Override
    public String getHashLoginServiceProperties() {
      return options.users().toString();
    }

    @Override
    public boolean supportsImpersonation() {
      return true;
    }

    @Override
    public <T> T doAsRemoteUser(String remoteUserName, String remoteAddress, Callable<T> action) throws Exception {
      UsersFile.User u = login.user(remoteUserName);
      if (u == null) {
        throw new RemoteUserDisallowedException("user '" + remoteUserName + "' is not in the users file");
      }
      return meta.runAs(new ServerMeta.Caller(u.name(), u.readOnly(), u.admin()), action);
    }

    @Override
    public RemoteUserExtractor getRemoteUserExtractor() {
      return extractor;
    }
  }
}
