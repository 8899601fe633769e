package dev.cellar.server;

import java.sql.Statement;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * The server's bookkeeping of remote connections and statements: who opened each connection,
 * which connection each statement belongs to, the embedded statement behind it (to cancel it),
 * and counts per user for the limits.
 */
final class Sessions {
  /** A remote connection: the caller who opened it. */
  record Session(ServerMeta.Caller caller) {}

  private final Map<String, Session> sessions = new ConcurrentHashMap<>();
  private final Map<Integer, String> statements = new ConcurrentHashMap<>();
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
        return true;
      }
      return false;
    });
  }

  /** Notes statement {@code statementId} of connection {@code connectionId}. */
  void track(String connectionId, int statementId) {
    statements.put(statementId, connectionId);
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
  }

  /** Forgets the connections and statements no longer open. */
  void retain(Predicate<String> connectionOpen, Predicate<Integer> statementOpen) {
    sessions.keySet().removeIf(connectionOpen.negate());
    statements.entrySet().removeIf(e -> {
      if (statementOpen.test(e.getKey()) && sessions.containsKey(e.getValue())) {
        return false;
      }
      embedded.remove(e.getKey());
      return true;
    });
  }

  /** Forgets everything. */
  void clear() {
    sessions.clear();
    statements.clear();
    embedded.clear();
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
