package dev.cellar.server;

import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The server's bookkeeping of remote connections and statements: who opened each connection,
 * which connection each statement belongs to, the embedded statement behind it (to cancel it),
 * counts per user for the limits, and how long each connection and statement has been idle: a
 * request in progress keeps them in use however long it runs, and their idle time starts when
 * the last request ends.
 */
final class Sessions {
  /** A remote connection: the caller who opened it, and its use. */
  static final class Session {
    private final ServerMeta.Caller caller;
    final Use use = new Use();

    Session(ServerMeta.Caller caller) {
      this.caller = caller;
    }

    /** The caller who opened the connection. */
    ServerMeta.Caller caller() {
      return caller;
    }
  }

  /** The use of a connection or statement: the requests on it in progress and when the last one ended. */
  static final class Use {
    private final AtomicInteger inProgress = new AtomicInteger();
    private volatile long lastUsed = System.nanoTime();

    void begin() {
      inProgress.incrementAndGet();
      lastUsed = System.nanoTime();
    }

    void end() {
      lastUsed = System.nanoTime();
      inProgress.decrementAndGet();
    }

    /** Whether no request is in progress and the last ended at least {@code nanos} before {@code now}. */
    boolean idleFor(long nanos, long now) {
      return inProgress.get() == 0 && now - lastUsed >= nanos;
    }
  }

  private final Map<String, Session> sessions = new ConcurrentHashMap<>();
  private final Map<Integer, String> statements = new ConcurrentHashMap<>();
  private final Map<Integer, Use> statementUse = new ConcurrentHashMap<>();
  private final Map<Integer, Statement> embedded = new ConcurrentHashMap<>();

  /** Notes connection {@code id} opened by {@code caller}. */
  void open(String id, ServerMeta.Caller caller) {
    sessions.put(id, new Session(caller));
  }

  /** The session of connection {@code id}, or null. */
  Session get(String id) {
    return sessions.get(id);
  }

  /** Forgets connection {@code id} and its statements. */
  void close(String id) {
    sessions.remove(id);
    statements.entrySet().removeIf(e -> {
      if (id.equals(e.getValue())) {
        embedded.remove(e.getKey());
        statementUse.remove(e.getKey());
        return true;
      }
      return false;
    });
  }

  /** Notes statement {@code statementId} of connection {@code connectionId}. */
  void track(String connectionId, int statementId) {
    statements.put(statementId, connectionId);
    statementUse.put(statementId, new Use());
  }

  /**
   * Runs a request on statement {@code statementId} of connection {@code connectionId}: both are
   * in use until it ends, however long it runs, and their idle time starts when it does.
   */
  <T> T inUse(String connectionId, int statementId, Supplier<T> request) {
    Session s = sessions.get(connectionId);
    Use st = statementUse.get(statementId);
    if (s != null) {
      s.use.begin();
    }
    if (st != null) {
      st.begin();
    }
    try {
      return request.get();
    } finally {
      if (st != null) {
        st.end();
      }
      if (s != null) {
        s.use.end();
      }
    }
  }

  /** The connections idle, with no request in progress, for at least {@code nanos}. */
  List<String> idleConnections(long nanos) {
    long now = System.nanoTime();
    List<String> idle = new ArrayList<>();
    sessions.forEach((id, s) -> {
      if (s.use.idleFor(nanos, now)) {
        idle.add(id);
      }
    });
    return idle;
  }

  /** The statements idle, with no request in progress, for at least {@code nanos}. */
  List<Integer> idleStatements(long nanos) {
    long now = System.nanoTime();
    List<Integer> idle = new ArrayList<>();
    statementUse.forEach((id, u) -> {
      if (u.idleFor(nanos, now)) {
        idle.add(id);
      }
    });
    return idle;
  }

  /** Notes the embedded statement behind remote statement {@code statementId}. */
  void embedded(int statementId, Statement statement) {
    embedded.put(statementId, statement);
  }

  /** The embedded statement behind remote statement {@code statementId}, or null. */
  Statement embedded(int statementId) {
    return embedded.get(statementId);
  }

  /** The connection statement {@code statementId} belongs to, or null. */
  String connectionOf(int statementId) {
    return statements.get(statementId);
  }

  /** Forgets statement {@code statementId}. */
  void untrack(int statementId) {
    statements.remove(statementId);
    embedded.remove(statementId);
    statementUse.remove(statementId);
  }

  /** Forgets the connections and statements no longer open. */
  void retain(Predicate<String> connectionOpen, Predicate<Integer> statementOpen) {
    sessions.keySet().removeIf(connectionOpen.negate());
    statements.entrySet().removeIf(e -> {
      if (statementOpen.test(e.getKey()) && sessions.containsKey(e.getValue())) {
        return false;
      }
      embedded.remove(e.getKey());
      statementUse.remove(e.getKey());
      return true;
    });
  }

  /** Forgets everything. */
  void clear() {
    sessions.clear();
    statements.clear();
    embedded.clear();
    statementUse.clear();
  }

  /** Connections open. */
  int connections() {
    return sessions.size();
  }

  /** Statements open. */
  int statements() {
    return statements.size();
  }

  /** Connections {@code user} has open. */
  long connectionsOf(String user) {
    return sessions.values().stream().filter(s -> user.equals(s.caller().user())).count();
  }

  /** Statements {@code user} has open. */
  long statementsOf(String user) {
    return statements.values().stream().map(sessions::get)
        .filter(s -> s != null && user.equals(s.caller().user())).count();
  }
}
