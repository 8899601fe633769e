package dev.cellar.console.sql;

import dev.cellar.console.load.ProgressLine;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.function.BooleanSupplier;

/**
 * The progress of a long statement of the interactive console (an index build, a load, an
 * {@code UPSERT SELECT}): while a command has run for a second, the operations the database
 * lists in {@code CELLAR.OPERATIONS} are read on a connection of its own and the newest shown as
 * a line rewritten in place on the terminal. The line is cleared before the console writes
 * anything ({@link #clearing}) and when the prompt comes back.
 */
final class StatementProgress implements AutoCloseable {
  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(StatementProgress.class);
  private static final long AFTER_MILLIS = 1_000;
  private static final long POLL_MILLIS = 250;

  private final String url;
  private final BooleanSupplier atPrompt;
  private final ProgressLine line;
  private final Object lock = new Object();
  private final Thread thread;
  private volatile boolean stop;
  private volatile long commandStart = Long.MAX_VALUE;
  private boolean shown;

  /**
   * @param url the database's URL, opened again for reading the operations
   * @param atPrompt whether the console waits for a command
   * @param terminal where the line is shown
   */
  StatementProgress(String url, BooleanSupplier atPrompt, OutputStream terminal) {
    this.url = url;
    this.atPrompt = atPrompt;
    this.line = new ProgressLine(new PrintStream(terminal, true, StandardCharsets.UTF_8), true, 0);
    this.thread = new Thread(this::watch, "cellar-statement-progress");
    thread.setDaemon(true);
    thread.start();
  }

  /** A command was read and starts running now. */
  void commandStarted() {
    commandStart = System.currentTimeMillis();
  }

  /** Clears the line, if one is shown. */
  void clear() {
    synchronized (lock) {
      if (shown) {
        line.end();
        shown = false;
      }
    }
  }

  /** {@code out}, clearing the progress line before anything is written to it. */
  OutputStream clearing(OutputStream out) {
    return new FilterOutputStream(out) {
      @Override
      public void write(int b) throws IOException {
        clear();
        out.write(b);
      }

      @Override
      public void write(byte[] b, int off, int len) throws IOException {
        clear();
        out.write(b, off, len);
      }
    };
  }

  private void watch() {
    Connection c = null;
    PreparedStatement query = null;
    try {
      while (!stop) {
        if (query == null) {
          // connected and prepared ahead, so that the first long statement shows its progress at once
          try {
            c = c != null ? c : DriverManager.getConnection(url);
            query = c.prepareStatement("SELECT kind, table_name, detail, rows_done, rows_total, rows_per_second "
                + "FROM cellar.operations ORDER BY id DESC");
            query.executeQuery().close();
          } catch (SQLException e) {
            LOG.debug("statement progress not shown yet: {}", e.toString());
            query = null;
            Thread.sleep(5_000);
            continue;
          }
        }
        Thread.sleep(POLL_MILLIS);
        if (atPrompt.getAsBoolean() || System.currentTimeMillis() - commandStart < AFTER_MILLIS) {
          clear();
          continue;
        }
        try {
          show(query);
        } catch (SQLException e) {
          LOG.debug("statement progress not shown: {}", e.toString());
          clear();
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      if (c != null) {
        try {
          c.close();
        } catch (SQLException e) {
          LOG.debug("closing the progress connection: {}", e.toString());
        }
      }
    }
  }

  /** Shows the newest operation running, or clears the line if none runs. */
  private void show(PreparedStatement query) throws SQLException {
    try (ResultSet rs = query.executeQuery()) {
      boolean any = rs.next();
      synchronized (lock) {
        if (!any || atPrompt.getAsBoolean()) {
          clear();
          return;
        }
        String table = rs.getString(2);
        String detail = rs.getString(3);
        long total = rs.getLong(5);
        boolean unknown = rs.wasNull();
        line.show(rs.getString(1) + (table == null ? "" : " " + table) + (detail == null ? "" : " " + detail),
            rs.getLong(4), unknown ? -1 : total, rs.getDouble(6));
        shown = true;
      }
    }
  }

  @Override
  public void close() {
    stop = true;
    try {
      thread.join(2_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
