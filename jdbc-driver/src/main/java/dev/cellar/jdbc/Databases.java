package dev.cellar.jdbc;

import dev.cellar.sql.SqlErrors;
import dev.cellar.sql.database.CellarDatabase;
import dev.cellar.sql.ddl.IndexBuilds;
import dev.cellar.storage.CellarStore;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The databases the driver has open in this JVM, shared by every connection to the same URL
 * location. Lifetimes:
 * <ul>
 *   <li>{@code mem:NAME}: opened by the first connection, kept (with its data) after the last
 *       one closes, until the JVM exits — unless a connection asked for {@code shutdown=true},
 *       in which case it is dropped when its last connection closes;</li>
 *   <li>{@code mem:} (no name): private to one connection, dropped when it closes;</li>
 *   <li>{@code file:PATH} and every other backend that is not volatile
 *       ({@link dev.cellar.storage.spi.StoreProvider#isVolatile}): opened by the first connection
 *       and closed (releasing the directory, or the cluster connection) when the last one closes.</li>
 * </ul>
 */
final class Databases {
  private static final Logger LOG = LoggerFactory.getLogger(Databases.class);
  private static final Map<String, Entry> OPEN = new HashMap<>();
  private static final AtomicLong PRIVATE = new AtomicLong();

  private Databases() {}

  /** One open database and the connections using it. */
  static final class Entry {
    final String key;
    final CellarDatabase db;
    final boolean keepWhenUnused;
    int connections;
    boolean shutdown;

    Entry(String key, CellarDatabase db, boolean keepWhenUnused) {
      this.key = key;
      this.db = db;
      this.keepWhenUnused = keepWhenUnused;
    }
  }

  /** Opens (or joins) the database of {@code url}; release it when the connection closes. */
  static synchronized Entry acquire(CellarUrl url, Properties props) throws SQLException {
    boolean anonymous = url.isVolatile() && url.name().isEmpty();
    String key = anonymous ? url.scheme() + ":#" + PRIVATE.incrementAndGet() : url.key();
    Entry e = OPEN.get(key);
    if (e == null || e.db.isClosed()) {
      CellarStore store;
      try {
        store = url.provider().open(url.scheme(), url.name(), url.storeSettings(props));
      } catch (IllegalArgumentException | java.io.UncheckedIOException ex) {
        throw CellarUrl.error("cannot open " + url.describe() + ": " + ex.getMessage());
      } catch (RuntimeException ex) {
        throw JdbcErrors.toSql(SqlErrors.translate(ex), "cannot open " + url.describe() + ": ");
      }
      CellarDatabase db;
      try {
        db = CellarDatabase.open(store, url.describe());
        IndexBuilds.resume(db);
      } catch (RuntimeException ex) {
        store.close();
        throw JdbcErrors.toSql(SqlErrors.translate(ex), "cannot open " + url.describe() + ": ");
      }
      e = new Entry(key, db, url.isVolatile() && !anonymous);
      OPEN.put(key, e);
      LOG.debug("opened database {}", url.describe());
    }
    e.connections++;
    if (anonymous || CellarProperty.SHUTDOWN.getBoolean(props)) {
      e.shutdown = true;
    }
    return e;
  }

  /** A connection of {@code e} closed. */
  static synchronized void release(Entry e) {
    e.connections--;
    if (e.connections == 0 && (!e.keepWhenUnused || e.shutdown)) {
      OPEN.remove(e.key);
      try {
        e.db.close();
      } catch (RuntimeException ex) {
        LOG.warn("closing database {} failed", e.db.description(), ex);
      }
      LOG.debug("closed database {}", e.db.description());
    }
  }
}
