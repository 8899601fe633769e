package dev.cellar.server;

import java.io.BufferedReader;
import java.io.Console;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;

/**
 * {@code cellar server}: the command line.
 * <pre>
 * cellar server --url URL [--port 8765] [--bind 127.0.0.1] [--users FILE] [--tls-keystore FILE] [--json]
 *               [--idle-timeout SECONDS] [--statement-timeout SECONDS] [--max-connections N]
 *               [--max-connections-per-user N] [--max-statements-per-user N] [--max-rows-per-frame N]
 *               [--slow-query-ms MS]
 * cellar server passwd --users FILE [--read-only | --admin] USER
 * </pre>
 * The keystore's password is read from the environment variable
 * {@code CELLAR_TLS_KEYSTORE_PASSWORD}, or asked on the terminal. {@code passwd} reads the
 * password twice from the terminal, or once (a line) from standard input when it is not one.
 * Exit status 2 for a usage error, 1 for a failure.
 */
public final class ServerMain {
  private static final String USAGE = """
      usage: cellar server --url URL [--port 8765] [--bind 127.0.0.1] [--users FILE] [--tls-keystore FILE] [--json]
                           [--idle-timeout SECONDS] [--statement-timeout SECONDS] [--max-connections N]
                           [--max-connections-per-user N] [--max-statements-per-user N] [--max-rows-per-frame N]
                           [--slow-query-ms MS]
             cellar server passwd --users FILE [--read-only | --admin] USER
      """;

  private ServerMain() {}

  /** Runs the command; see the class comment. */
  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  static int run(String[] args, PrintStream out, PrintStream err) {
    try {
      if (args.length > 0 && args[0].equals("passwd")) {
        return passwd(Arrays.copyOfRange(args, 1, args.length), out, err);
      }
      ServerOptions options = parse(args);
      CellarServer server = CellarServer.start(options);
      CountDownLatch stopped = new CountDownLatch(1);
      Runtime.getRuntime().addShutdownHook(new Thread(() -> {
        try {
          server.close();
        } catch (Exception e) {
          err.println("cellar server: stopping failed: " + e.getMessage());
        }
        stopped.countDown();
      }));
      out.println("Cellar server serving " + options.url());
      out.println("thin-client URL: " + server.clientUrl());
      out.flush();
      stopped.await();
      return 0;
    } catch (UsageException e) {
      err.println("cellar server: " + e.getMessage());
      err.print(USAGE);
      return 2;
    } catch (Exception e) {
      err.println("cellar server: " + e.getMessage());
      return 1;
    }
  }

  /** The options of {@code args}. */
  static ServerOptions parse(String[] args) throws UsageException {
    String url = null;
    ServerOptions o = ServerOptions.defaults("");
    Path users = null;
    Path keystore = null;
    int[] limits = {o.maxConnections(), o.maxConnectionsPerUser(), o.maxStatementsPerUser(), o.maxRowsPerFrame()};
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (a.equals("--json")) {
        o = o.withJson(true);
        continue;
      }
      if (i + 1 >= args.length) {
        throw new UsageException(a.startsWith("--") ? a + " needs a value" : "unexpected argument '" + a + "'");
      }
      String v = args[++i];
      switch (a) {
        case "--url" -> url = v;
        case "--port" -> o = o.withPort(number(a, v, 0, 65535));
        case "--bind" -> o = o.withBind(v);
        case "--users" -> users = Path.of(v);
        case "--tls-keystore" -> keystore = Path.of(v);
        case "--idle-timeout" -> o = o.withIdleTimeout(Duration.ofSeconds(number(a, v, 1, Integer.MAX_VALUE)));
        case "--statement-timeout" -> o = o.withStatementTimeout(Duration.ofSeconds(number(a, v, 0, Integer.MAX_VALUE)));
        case "--max-connections" -> limits[0] = number(a, v, 1, Integer.MAX_VALUE);
        case "--max-connections-per-user" -> limits[1] = number(a, v, 1, Integer.MAX_VALUE);
        case "--max-statements-per-user" -> limits[2] = number(a, v, 1, Integer.MAX_VALUE);
        case "--max-rows-per-frame" -> limits[3] = number(a, v, 1, Integer.MAX_VALUE);
        case "--slow-query-ms" -> o = o.withSlowQuery(Duration.ofMillis(number(a, v, 0, Integer.MAX_VALUE)));
        default -> throw new UsageException("unknown option '" + a + "'");
      }
    }
    if (url == null) {
      throw new UsageException("--url URL is required: the database to serve, such as jdbc:cellar:file:/var/lib/db");
    }
    if (!url.startsWith("jdbc:cellar:") || url.startsWith("jdbc:cellar:remote:")) {
      throw new UsageException("--url " + url + " is not a Cellar database URL (jdbc:cellar:file:PATH, "
          + "jdbc:cellar:hbase:QUORUM, jdbc:cellar:mem:NAME)");
    }
    o = new ServerOptions(url, o.port(), o.bind(), users, null, null, o.json(), o.idleTimeout(),
        o.statementTimeout(), limits[0], limits[1], limits[2], limits[3], o.slowQuery());
    if (keystore != null) {
      o = o.withTls(keystore, keystorePassword());
    }
    return o;
  }

  private static String keystorePassword() {
    String p = System.getenv("CELLAR_TLS_KEYSTORE_PASSWORD");
    if (p != null) {
      return p;
    }
    Console console = System.console();
    if (console != null) {
      char[] typed = console.readPassword("keystore password: ");
      return typed == null ? null : new String(typed);
    }
    return null;
  }

  private static int number(String option, String value, int min, int max) throws UsageException {
    try {
      int n = Integer.parseInt(value);
      if (n < min || n > max) {
        throw new UsageException(option + " " + value + " must be between " + min + " and " + max);
      }
      return n;
    } catch (NumberFormatException e) {
      throw new UsageException(option + " " + value + " is not a whole number");
    }
  }

  /** {@code passwd --users FILE [--read-only | --admin] USER}: sets a user's password and role. */
  static int passwd(String[] args, PrintStream out, PrintStream err) throws IOException {
    Path file = null;
    boolean readOnly = false;
    boolean admin = false;
    String user = null;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--users" -> {
          if (i + 1 >= args.length) {
            err.println("cellar server passwd: --users needs a value");
            return 2;
          }
          file = Path.of(args[++i]);
        }
        case "--read-only" -> readOnly = true;
        case "--admin" -> admin = true;
        default -> {
          if (user != null || args[i].startsWith("--")) {
            err.println("cellar server passwd: unexpected argument '" + args[i] + "'");
            err.print(USAGE);
            return 2;
          }
          user = args[i];
        }
      }
    }
    if (readOnly && admin) {
      err.println("cellar server passwd: --read-only and --admin exclude each other");
      return 2;
    }
    if (file == null || user == null) {
      err.println("cellar server passwd: --users FILE and USER are required");
      err.print(USAGE);
      return 2;
    }
    char[] password = readPassword(user, err);
    if (password == null || password.length == 0) {
      err.println("cellar server passwd: no password given; nothing changed");
      return 1;
    }
    try {
      UsersFile.setPassword(file, user, password,
          readOnly ? UsersFile.Role.RO : admin ? UsersFile.Role.ADMIN : UsersFile.Role.RW);
    } catch (IllegalArgumentException e) {
      err.println("cellar server passwd: " + e.getMessage());
      return 2;
    } finally {
      Arrays.fill(password, '\0');
    }
    out.println("user " + user + (readOnly ? " (read-only)" : admin ? " (admin)" : "") + " set in " + file);
    return 0;
  }

  /** The password, twice from the terminal, or a line of standard input; null if they differ. */
  private static char[] readPassword(String user, PrintStream err) throws IOException {
    Console console = System.console();
    if (console != null) {
      char[] first = console.readPassword("password for %s: ", user);
      char[] second = console.readPassword("again: ");
      if (first == null || second == null || !Arrays.equals(first, second)) {
        err.println("cellar server passwd: the passwords differ");
        return null;
      }
      Arrays.fill(second, '\0');
      return first;
    }
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    String line = in.readLine();
    return line == null ? null : line.toCharArray();
  }

  /** A command line that does not parse. */
  static final class UsageException extends Exception {
    UsageException(String message) {
      super(message);
    }
  }
}
