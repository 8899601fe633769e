package dev.cellar.server;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.calcite.avatica.remote.Service;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Avatica's {@link Service} watched: every request timed and counted by type in the
 * {@link ServerMetrics}, every failure counted by SQLState, and each statement or fetch that
 * takes at least the slow-query threshold written to the slow-query log, the SLF4J logger
 * {@value #SLOW_LOG}: its duration, user, connection and statement text with every literal
 * replaced by {@code ?} ({@link #mask}). Parameters and rows are never logged.
 */
final class ServiceMonitor implements InvocationHandler {
  /** The slow-query log's logger name. */
  static final String SLOW_LOG = "dev.cellar.server.slowlog";

  private static final Logger SLOW = LoggerFactory.getLogger(SLOW_LOG);
  /** Statements whose text a slow fetch can be logged with; the oldest forgotten first. */
  private static final int TEXTS_KEPT = 10_000;
  /** The longest statement text logged. */
  private static final int MAX_TEXT = 2000;

  private final Service service;
  private final ServerMetrics metrics;
  private final long slowNanos;
  private final Supplier<String> user;
  private final Map<Integer, String> texts = Collections.synchronizedMap(new LinkedHashMap<>(64, 0.75f, true) {
    @Override
    protected boolean removeEldestEntry(Map.Entry<Integer, String> eldest) {
      return size() > TEXTS_KEPT;
    }
  });

  private ServiceMonitor(Service service, ServerMetrics metrics, Duration slow, Supplier<String> user) {
    this.service = service;
    this.metrics = metrics;
    this.slowNanos = slow.toNanos();
    this.user = user;
  }

  /** {@code service}, watched; {@code user} names the user the current request runs as (or null). */
  static Service watch(Service service, ServerMetrics metrics, Duration slow, Supplier<String> user) {
    return (Service) Proxy.newProxyInstance(ServiceMonitor.class.getClassLoader(), new Class<?>[] {Service.class},
        new ServiceMonitor(service, metrics, slow, user));
  }

  @Override
  public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
    if (!method.getName().equals("apply") || args == null || args.length != 1
        || !(args[0] instanceof Service.Request request)) {
      return call(method, args);
    }
    String type = ServerMetrics.typeLabel(request.getClass().getSimpleName());
    long start = System.nanoTime();
    try {
      return call(method, args);
    } catch (Throwable t) {
      metrics.error(ServerErrors.toClient(t).getSqlState());
      throw t;
    } finally {
      long nanos = System.nanoTime() - start;
      metrics.request(type, nanos);
      statement(request, nanos);
    }
  }

  private Object call(Method method, Object[] args) throws Throwable {
    try {
      return method.invoke(service, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }

  /** Keeps the text of the statement {@code request} runs, and logs it if it was slow. */
  private void statement(Service.Request request, long nanos) {
    String connection;
    String sql;
    if (request instanceof Service.PrepareAndExecuteRequest r) {
      connection = r.connectionId;
      sql = remember(r.statementId, r.sql);
    } else if (request instanceof Service.ExecuteRequest r) {
      connection = r.statementHandle.connectionId;
      sql = r.statementHandle.signature == null ? texts.get(r.statementHandle.id)
          : remember(r.statementHandle.id, r.statementHandle.signature.sql);
    } else if (request instanceof Service.PrepareAndExecuteBatchRequest r) {
      connection = r.connectionId;
      sql = String.join("; ", r.sqlCommands);
    } else if (request instanceof Service.ExecuteBatchRequest r) {
      connection = r.connectionId;
      sql = texts.get(r.statementId);
    } else if (request instanceof Service.FetchRequest r) {
      connection = r.connectionId;
      String text = texts.get(r.statementId);
      sql = text == null ? null : "(fetch) " + text;
    } else if (request instanceof Service.CloseStatementRequest r) {
      texts.remove(r.statementId);
      return;
    } else {
      return;
    }
    if (nanos >= slowNanos && SLOW.isInfoEnabled()) {
      String who = user.get();
      SLOW.info("{} ms, user {}, connection {}: {}", nanos / 1_000_000, who == null ? "(none)" : who, connection,
          sql == null ? "(statement text unknown)" : mask(sql));
    }
  }

  private String remember(int statementId, String sql) {
    if (sql != null) {
      texts.put(statementId, sql);
    }
    return sql;
  }

  /**
   * {@code sql} with every string, number and binary literal replaced by {@code ?}, comments
   * dropped and white space runs made one space, cut at {@value #MAX_TEXT} characters: the
   * statement's shape without the values it carries.
   */
  static String mask(String sql) {
    StringBuilder b = new StringBuilder(Math.min(sql.length(), MAX_TEXT) + 16);
    int n = sql.length();
    int i = 0;
    while (i < n && b.length() < MAX_TEXT) {
      char c = sql.charAt(i);
      if (c == '\'') {
        i = skipQuoted(sql, i, '\'');
        // X'0A', N'...', E'...': the prefix letter goes with its literal
        int last = b.length() - 1;
        if (last >= 0 && Character.isLetter(b.charAt(last)) && (last == 0 || !identifierPart(b.charAt(last - 1)))) {
          b.setLength(last);
        }
        b.append('?');
      } else if (c == '"') {
        int end = skipQuoted(sql, i, '"');
        b.append(sql, i, end);
        i = end;
      } else if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
        while (i < n && sql.charAt(i) != '\n') {
          i++;
        }
        space(b);
      } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
        int end = sql.indexOf("*/", i + 2);
        i = end < 0 ? n : end + 2;
        space(b);
      } else if (Character.isWhitespace(c)) {
        while (i < n && Character.isWhitespace(sql.charAt(i))) {
          i++;
        }
        space(b);
      } else if ((Character.isDigit(c) || c == '.' && i + 1 < n && Character.isDigit(sql.charAt(i + 1)))
          && (b.length() == 0 || !identifierPart(b.charAt(b.length() - 1)))) {
        i++;
        while (i < n && (Character.isLetterOrDigit(sql.charAt(i)) || sql.charAt(i) == '.'
            || (sql.charAt(i) == '+' || sql.charAt(i) == '-') && Character.toLowerCase(sql.charAt(i - 1)) == 'e')) {
          i++;
        }
        b.append('?');
      } else {
        b.append(c);
        i++;
      }
    }
    if (i < n) {
      b.append(" ...");
    }
    return b.toString().trim();
  }

  /** Ends {@code b} with one space (none at its start). */
  private static void space(StringBuilder b) {
    if (b.length() > 0 && b.charAt(b.length() - 1) != ' ') {
      b.append(' ');
    }
  }

  /** The index after the quoted text that starts at {@code start} (a doubled quote stays inside). */
  private static int skipQuoted(String s, int start, char quote) {
    int i = start + 1;
    while (i < s.length()) {
      if (s.charAt(i) == quote) {
        if (i + 1 < s.length() && s.charAt(i + 1) == quote) {
          i += 2;
          continue;
        }
        return i + 1;
      }
      i++;
    }
    return s.length();
  }

  private static boolean identifierPart(char c) {
    return Character.isLetterOrDigit(c) || c == '_' || c == '$' || c == '"';
  }
}
