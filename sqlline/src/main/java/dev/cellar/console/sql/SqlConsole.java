package dev.cellar.console.sql;

import dev.cellar.jdbc.CellarDriver;
import java.io.FilterInputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.file.Paths;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.jline.reader.EndOfFileException;
import org.jline.reader.History;
import org.jline.reader.LineReader;
import org.jline.reader.impl.LineReaderImpl;
import org.jline.terminal.Terminal;
import sqlline.SqlLine;
import sqlline.SqlLineAccess;

/**
 * {@code cellar sql [URL | DIR] [SQLLINE-OPTION...]}: SQLLine connected to a Cellar database.
 * {@code URL} defaults to {@value #DEFAULT_URL}; a {@code ~} right after {@code file:} stands
 * for the user's home directory. A directory instead of a URL opens the database in it
 * ({@code jdbc:cellar:file:DIR}); anything else that is not a URL is refused with a line saying
 * a URL was expected (exit status 2). Other arguments go to SQLLine as they are, for example
 * {@code --outputFormat=csv}.
 *
 * <p>On a terminal SQLLine runs interactively, with line editing, history and completion of
 * table and column names (read through {@code DatabaseMetaData}). Otherwise it reads commands
 * from standard input and writes a plain transcript: each command after its prompt, then its
 * output, without terminal control sequences.
 *
 * <p>String literals in SQL are read as UTF-8 ({@code calcite.default.charset}), so text such
 * as {@code '中国好声音%'} can be written in queries.
 */
public final class SqlConsole {
  /** The database the console opens when given none. */
  public static final String DEFAULT_URL = "jdbc:cellar:file:~/.cellar/demo-sql";

  private static final String TERMINAL_TYPE = "org.jline.terminal.type";
  private static final String TERMINAL_ENCODING = "org.jline.terminal.encoding";

  private SqlConsole() {}

  public static void main(String[] args) throws IOException {
    boolean interactive = System.console() != null;
    System.exit(run(args, interactive ? null : System.in, System.out, System.err));
  }

  /**
   * Runs SQLLine until its input ends or {@code !quit}.
   *
   * @param in the commands; null for the interactive terminal
   * @param out where SQLLine writes results (and, reading {@code in}, the transcript)
   * @param err where it writes messages and errors
   * @return the exit status: 0 unless the arguments were wrong, the database could not be opened
   *     or a command of a script (standard input or {@code -f}) failed
   */
  public static int run(String[] args, InputStream in, OutputStream out, OutputStream err) throws IOException {
    if (System.getProperty("calcite.default.charset") == null) {
      System.setProperty("calcite.default.charset", "UTF-8");
    }
    String[] sqlLineArgs;
    try {
      sqlLineArgs = sqlLineArgs(args);
    } catch (IllegalArgumentException e) {
      err.write(("cellar sql: " + e.getMessage() + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
      err.flush();
      return 2;
    }
    CellarSqlLine sqlLine = new CellarSqlLine();
    List<sqlline.CommandHandler> commands = new ArrayList<>(sqlLine.getCommandHandlers());
    commands.add(new DiscoverCommand(sqlLine));
    sqlLine.updateCommandHandlers(commands);
    StatementProgress progress = null;
    if (in == null) {
      // on the terminal, a long statement shows its progress
      progress = new StatementProgress(urlOf(sqlLineArgs), () -> sqlLine.atPrompt, err);
      sqlLine.progress = progress;
      out = progress.clearing(out);
      err = progress.clearing(err);
    }
    sqlLine.setOutputStream(in == null ? out : new NoCarriageReturns(out));
    sqlLine.setErrorStream(err);
    try {
      int status = sqlLine.begin(sqlLineArgs, in, in == null).ordinal();
      return status == 0 && in != null && sqlLine.failed ? 1 : status;
    } finally {
      if (progress != null) {
        progress.close();
      }
    }
  }

  /** The URL of SQLLine's command line {@code args} ({@code -u URL}). */
  private static String urlOf(String[] args) {
    for (int i = 0; i + 1 < args.length; i++) {
      if (args[i].equals("-u")) {
        return args[i + 1];
      }
    }
    return DEFAULT_URL;
  }

  /**
   * SQLLine's command line for {@code cellar sql}'s arguments.
   *
   * @throws IllegalArgumentException if the first argument is neither a URL, an option nor a
   *     database directory
   */
  static String[] sqlLineArgs(String[] args) {
    String url = DEFAULT_URL;
    List<String> rest = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      if (i == 0 && args[i].startsWith("jdbc:")) {
        url = args[i];
      } else if (i == 0 && !args[i].startsWith("-")) {
        url = directoryUrl(args[i]);
      } else {
        rest.add(args[i]);
      }
    }
    // Cellar has no users or passwords; the isolation level is the driver's own.
    // fastConnect=false: read the table and column names for completion when connecting.
    // NULL reads the same in every column type, unlike the empty string.
    List<String> out = new ArrayList<>(List.of("--nullValue=NULL", "--connectInteractionMode=notAskCredentials",
        "--isolation=DEFAULT", "--fastConnect=false",
        "-d", CellarDriver.class.getName(), "-u", expandHome(url), "-n", "", "-p", ""));
    out.addAll(rest);
    return out.toArray(new String[0]);
  }

  /** The URL of the database in directory {@code path} (created if missing), or why {@code path} is none. */
  static String directoryUrl(String path) {
    String expected = "expected a JDBC URL (jdbc:cellar:mem:NAME, jdbc:cellar:file:PATH, jdbc:cellar:hbase:HOST:PORT)"
        + " or a database directory, not '" + path + "'";
    java.nio.file.Path p;
    try {
      p = Paths.get(path.startsWith("~/") ? System.getProperty("user.home") + path.substring(1) : path);
    } catch (java.nio.file.InvalidPathException e) {
      throw new IllegalArgumentException(expected);
    }
    if (!java.nio.file.Files.exists(p) && path.contains(":")) {
      throw new IllegalArgumentException(expected);
    }
    if (java.nio.file.Files.isRegularFile(p)) {
      throw new IllegalArgumentException(expected + ", which is a file; to run a script: cellar sql [URL] -f "
          + path + ", or cellar sql [URL] < " + path);
    }
    return CellarDriver.PREFIX + "file:" + p.toAbsolutePath().normalize();
  }

  /** {@code jdbc:cellar:file:~/x} with {@code ~} replaced by the user's home directory. */
  static String expandHome(String url) {
    String prefix = CellarDriver.PREFIX + "file:~";
    if (url.startsWith(prefix) && (url.length() == prefix.length() || "/;".indexOf(url.charAt(prefix.length())) >= 0)) {
      return CellarDriver.PREFIX + "file:" + Paths.get(System.getProperty("user.home")) + url.substring(prefix.length());
    }
    return url;
  }

  /**
   * SQLLine with completion that ignores case (tables and columns are stored upper case, and
   * typed in any case). Reading commands from a stream rather than the terminal, it uses a dumb
   * terminal that does not echo input, since the line reader already prints each command after
   * its prompt; it runs a last statement that lacks its {@code ;}, and if the database cannot be
   * opened it stops before reading any. Errors are one line each (message and SQLState), without
   * a stack trace unless {@code --verbose=true}.
   */
  private static final class CellarSqlLine extends SqlLine {
    /** Whether a command failed (or the database could not be opened). */
    boolean failed;
    /** Whether the first command was read: errors before it are the console's start failing. */
    boolean reading;
    /** Whether commands come from a stream rather than the terminal. */
    boolean script;
    /** Whether the console waits for a command on the terminal. */
    volatile boolean atPrompt = true;
    /** The progress of the terminal's statements, or null. */
    StatementProgress progress;

    @Override
    public boolean error(String msg) {
      if (!msg.startsWith("Warning:")) {
        failed();
      }
      return super.error(msg);
    }

    @Override
    public void handleException(Throwable e) {
      Throwable t = e;
      while (t instanceof InvocationTargetException && t.getCause() != null) {
        t = t.getCause();
      }
      if (!(t instanceof SQLException) && t.getCause() instanceof SQLException) {
        t = t.getCause();
      }
      if (getOpts().getVerbose() || t instanceof SQLWarning) {
        super.handleException(t);
        return;
      }
      if (t instanceof SQLException se) {
        error("Error: " + (se.getMessage() == null ? "" : se.getMessage().trim())
            + (se.getSQLState() == null ? "" : " (SQLState " + se.getSQLState() + ")"));
      } else {
        error("Error: " + (t.getMessage() == null ? t.toString() : t.getMessage().trim()));
      }
    }

    private void failed() {
      failed = true;
      if (script && !reading) {
        // the database could not be opened: run nothing
        setExit(true);
      }
    }

    @Override
    public LineReader getConsoleReader(InputStream inputStream, History history) throws IOException {
      LineReader reader = openReader(inputStream, history);
      if (inputStream == null) {
        return reader;
      }
      script = true;
      // At the end of the input, a statement without its ';' is run rather than dropped.
      return (LineReader) Proxy.newProxyInstance(LineReader.class.getClassLoader(),
          new Class<?>[] {LineReader.class}, (proxy, method, args) -> {
            boolean readLine = method.getName().equals("readLine");
            if (readLine) {
              reading = true;
            }
            try {
              return method.invoke(reader, args);
            } catch (InvocationTargetException e) {
              if (readLine && e.getCause() instanceof EndOfFileException eof
                  && eof.getPartialLine() != null && !eof.getPartialLine().isBlank()) {
                return eof.getPartialLine();
              }
              throw e.getCause();
            }
          });
    }

    /** {@code reader}, noting when it waits for a command and when a command starts. */
    private LineReader prompting(LineReader reader) {
      return (LineReader) Proxy.newProxyInstance(LineReader.class.getClassLoader(), new Class<?>[] {LineReader.class},
          (proxy, method, args) -> {
            boolean readLine = method.getName().equals("readLine");
            if (readLine) {
              progress.clear();
              atPrompt = true;
            }
            try {
              return method.invoke(reader, args);
            } catch (InvocationTargetException e) {
              throw e.getCause();
            } finally {
              if (readLine) {
                progress.commandStarted();
                atPrompt = false;
              }
            }
          });
    }

    private LineReader openReader(InputStream inputStream, History history) throws IOException {
      if (inputStream == null) {
        LineReader reader = super.getConsoleReader(null, history);
        reader.setOpt(LineReader.Option.CASE_INSENSITIVE);
        if (reader instanceof LineReaderImpl impl && !(impl.getCompleter() instanceof NameCompleter)) {
          impl.setCompleter(new NameCompleter(impl.getCompleter(), () -> SqlLineAccess.connection(this)));
        }
        return progress == null ? reader : prompting(reader);
      }
      // The terminal starts reading (and echoing) at once: hold its input back until echo is off.
      CountDownLatch echoOff = new CountDownLatch(1);
      InputStream held = new FilterInputStream(inputStream) {
        @Override
        public int read() throws IOException {
          await(echoOff);
          return super.read();
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
          await(echoOff);
          return super.read(b, off, len);
        }
      };
      // A script is read, and its transcript written, as UTF-8 (SQLLine writes results so too).
      Map<String, String> saved = new HashMap<>();
      for (String[] p : new String[][] {{TERMINAL_TYPE, Terminal.TYPE_DUMB}, {TERMINAL_ENCODING, "UTF-8"}}) {
        saved.put(p[0], System.getProperty(p[0]));
        System.setProperty(p[0], p[1]);
      }
      try {
        LineReader reader = super.getConsoleReader(held, history);
        reader.getTerminal().echo(false);
        return reader;
      } finally {
        saved.forEach((k, v) -> {
          if (v == null) {
            System.clearProperty(k);
          } else {
            System.setProperty(k, v);
          }
        });
        echoOff.countDown();
      }
    }

    private static void await(CountDownLatch latch) throws IOException {
      try {
        latch.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new java.io.InterruptedIOException();
      }
    }
  }

  /** Drops the carriage returns a dumb terminal writes before each line feed. */
  private static final class NoCarriageReturns extends FilterOutputStream {
    NoCarriageReturns(OutputStream out) {
      super(out);
    }

    @Override
    public void write(int b) throws IOException {
      if (b != '\r') {
        out.write(b);
      }
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      int start = off;
      for (int i = off; i < off + len; i++) {
        if (b[i] == '\r') {
          out.write(b, start, i - start);
          start = i + 1;
        }
      }
      out.write(b, start, off + len - start);
    }
  }
}
