package dev.cellar.console.load;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * Follows the operations of a database through {@code CELLAR.OPERATIONS} on a connection of its
 * own, showing the progress of those of one kind (and detail) on a {@link ProgressLine} until it
 * is stopped.
 */
final class OperationWatch implements AutoCloseable {
  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(OperationWatch.class);

  private final Thread thread;
  private volatile boolean stop;

  /**
   * Starts following operations of {@code kind} ({@code detail}: only that one, or any if null).
   *
   * @param c a connection of its own, used only by the watch
   */
  OperationWatch(Connection c, String kind, String detail, ProgressLine line, long pollMillis) {
    this.thread = new Thread(() -> {
      try (PreparedStatement s = c.prepareStatement("SELECT kind, table_name, detail, rows_done, rows_total, "
          + "rows_per_second FROM cellar.operations WHERE kind = ? ORDER BY id")) {
        s.setString(1, kind);
        while (!stop) {
          try (ResultSet rs = s.executeQuery()) {
            while (rs.next()) {
              if (detail == null || detail.equals(rs.getString(3))) {
                String table = rs.getString(2);
                long total = rs.getLong(5);
                line.show(rs.getString(1) + (table == null ? "" : " " + table), rs.getLong(4),
                    rs.wasNull() ? -1 : total, rs.getDouble(6));
                break;
              }
            }
          }
          Thread.sleep(pollMillis);
        }
      } catch (SQLException e) {
        LOG.debug("progress not shown: {}", e.toString());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }, "cellar-progress");
    thread.setDaemon(true);
    thread.start();
  }

  @Override
  public void close() {
    stop = true;
    try {
      thread.join(5_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
