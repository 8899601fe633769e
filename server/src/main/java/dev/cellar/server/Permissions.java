package dev.cellar.server;

import dev.cellar.sql.ddl.AdminVerbs;
import java.util.Locale;

/** What the server's users may do: admin verbs, read-only users and the limit on open statements. */
final class Permissions {
  private Permissions() {}

  /** Refuses a new statement if the connection's user has the most statements the server allows. */
  static void checkStatementLimit(Sessions sessions, String connectionId, long maxStatementsPerUser) {
    Sessions.Session s = sessions.get(connectionId);
    if (s == null || s.caller().user() == null) {
      return;
    }
    long open = sessions.statementsOf(s.caller().user());
    if (open >= maxStatementsPerUser) {
      throw ServerErrors.of(ServerErrors.LIMIT_EXCEEDED, "user '" + s.caller().user() + "' has " + open
          + " statements open, the most the server allows (--max-statements-per-user); close some");
    }
  }

  /** Refuses {@code sql} if it is an admin verb and the connection's user has not the admin role. */
  static void checkAdmin(Sessions.Session s, String sql) {
    if (s == null || s.caller().admin()) {
      return;
    }
    String verb = AdminVerbs.verbOf(sql);
    if (verb != null) {
      throw ServerErrors.of(ServerErrors.INSUFFICIENT_PRIVILEGE, "user '" + s.caller().user() + "' may not run "
          + verb + ": admin verbs need the admin role (cellar server passwd --admin)");
    }
  }

  /** The refusal of {@code sql}, not a query, to a read-only user. */
  static RuntimeException readOnly(Sessions.Session s, String sql) {
    String verb = sql.trim().split("\\s+", 2)[0].toUpperCase(Locale.ROOT);
    return ServerErrors.of(ServerErrors.INSUFFICIENT_PRIVILEGE, "user '" + s.caller().user() + "' may only read: "
        + verb + " is refused");
  }
}
