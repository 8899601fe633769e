package dev.cellar.server;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.apache.calcite.avatica.jdbc.JdbcMeta.ConnectionCacheSettings;
import org.apache.calcite.avatica.jdbc.JdbcMeta.StatementCacheSettings;

/** The embedded connections behind remote ones: their cache settings, properties and statements. */
final class EmbeddedConnections {
  private EmbeddedConnections() {}

  /**
   * Avatica's cache settings for {@code o}. The caches' own expiry counts from a request's start
   * and would close a connection in the middle of a statement running longer than the idle
   * timeout, so it is set far beyond it: the server expires what is idle itself
   * ({@code ServerMeta.expireIdle}), counting from the end of the last request.
   */
  static Properties cacheSettings(ServerOptions o) {
    Properties p = new Properties();
    long backstop = Math.max(Duration.ofDays(7).toMillis(), 2 * o.idleTimeout().toMillis());
    p.setProperty(ConnectionCacheSettings.EXPIRY_DURATION.key(), Long.toString(backstop));
    p.setProperty(ConnectionCacheSettings.EXPIRY_UNIT.key(), TimeUnit.MILLISECONDS.name());
    p.setProperty(StatementCacheSettings.EXPIRY_DURATION.key(), Long.toString(backstop));
    p.setProperty(StatementCacheSettings.EXPIRY_UNIT.key(), TimeUnit.MILLISECONDS.name());
    // the server refuses connections past its limit before the cache would evict one
    p.setProperty(ConnectionCacheSettings.MAX_CAPACITY.key(), Long.toString(o.maxConnections() + 16L));
    return p;
  }

  /** {@code info} without the cache settings JdbcMeta adds to every connection's properties. */
  static Properties withoutCacheSettings(Properties info) {
    Properties props = new Properties();
    for (String k : info.stringPropertyNames()) {
      if (!k.startsWith("avatica.")) {
        props.setProperty(k, info.getProperty(k));
      }
    }
    return props;
  }

  /**
   * {@code c}, with each statement it creates given the statement timeout (if not 0) and passed
   * to {@code created}, so that the remote statement made of it can be cancelled.
   */
  static Connection watched(Connection c, int timeoutSeconds, Consumer<Statement> created) {
    return (Connection) Proxy.newProxyInstance(EmbeddedConnections.class.getClassLoader(),
        new Class<?>[] {Connection.class}, (proxy, method, args) -> {
          Object result;
          try {
            result = method.invoke(c, args);
          } catch (InvocationTargetException e) {
            throw e.getCause();
          }
          if (result instanceof Statement st && !method.getName().equals("unwrap")) {
            if (timeoutSeconds > 0) {
              st.setQueryTimeout(timeoutSeconds);
            }
            created.accept(st);
          }
          return result;
        });
  }
}
