package dev.cellar.console.sql;

import dev.cellar.jdbc.CellarDriver;
import java.io.FilterInputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.jline.reader.History;
import org.jline.reader.LineReader;
import org.jline.terminal.Terminal;
import sqlline.SqlLine;

/**
 * {@code cellar sql [URL] [SQLLINE-OPTION...]}: SQLLine connected to a Cellar database.
 * {@code URL} defaults to {@value #DEFAULT_URL}; a {@code ~} right after {@code file:} stands
 * for the user's home directory. Other arguments go to SQLLine as they are, for example
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
   * @return the exit status: 0 unless the arguments were wrong or a script ({@code -f}) failed
   */
  public static int run(String[] args, InputStream in, OutputStream out, OutputStream err) throws IOException {
    if (System.getProperty("calcite.default.charset") == null) {
      System.setProperty("calcite.default.charset", "UTF-8");
    }
    SqlLine sqlLine = new CellarSqlLine();
    sqlLine.setOutputStream(in == null ? out : new NoCarriageReturns(out));
    sqlLine.setErrorStream(err);
    return sqlLine.begin(sqlLineArgs(args), in, in == null).ordinal();
  }

  /** SQLLine's command line for {@code cellar sql}'s arguments. */
  static String[] sqlLineArgs(String[] args) {
    String url = DEFAULT_URL;
    List<String> rest = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      if (i == 0 && args[i].startsWith("jdbc:")) {
        url = args[i];
      } else {
        rest.add(args[i]);
      }
    }
    // Cellar has no users or passwords, and no transaction isolation levels.
    // fastConnect=false: read the table and column names for completion when connecting.
    List<String> out = new ArrayList<>(List.of("--connectInteractionMode=notAskCredentials",
        "--isolation=TRANSACTION_NONE", "--fastConnect=false",
        "-d", CellarDriver.class.getName(), "-u", expandHome(url), "-n", "", "-p", ""));
    out.addAll(rest);
    return out.toArray(new String[0]);
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
   * its prompt.
   */
  private static final class CellarSqlLine extends SqlLine {
    @Override
    public LineReader getConsoleReader(InputStream inputStream, History history) throws IOException {
      if (inputStream == null) {
        LineReader reader = super.getConsoleReader(null, history);
        reader.setOpt(LineReader.Option.CASE_INSENSITIVE);
        return reader;
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
