package dev.cellar.sql.ddl;

import dev.cellar.sql.catalog.IndexDef;
import dev.cellar.sql.catalog.TableDef;
import dev.cellar.sql.database.CellarDatabase;
import dev.cellar.sql.exec.IndexBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The indexes of a table loaded by the bulk path, which writes rows without their index entries:
 * {@link #suspend} empties them and leaves them unread ({@code BUILDING}) before the load writes
 * anything, {@link #rebuild} builds them over the loaded table afterwards, as
 * {@code ALTER INDEX ... REBUILD} does. A load that never finishes (a crash) leaves them
 * {@code BUILDING}, and they are rebuilt when the database opens: no query reads an index
 * lacking the loaded rows' entries. Each step runs under the database's DDL lock.
 */
public final class LoadIndexes {
  private final CellarDatabase db;
  private final List<IndexDef> suspended;

  private LoadIndexes(CellarDatabase db, List<IndexDef> suspended) {
    this.db = db;
    this.suspended = suspended;
  }

  /** Suspends the indexes of {@code t} (those FAILED stay so). */
  public static LoadIndexes suspend(CellarDatabase db, TableDef t) {
    ReentrantLock lock = db.ddlLock();
    lock.lock();
    try {
      db.checkOpen();
      IndexDdl ddl = new IndexDdl(db);
      List<IndexDef> out = new ArrayList<>();
      for (IndexDef ix : db.catalog().snapshot().indexesOf(t.name())) {
        if (ix.state() != IndexDef.State.FAILED) {
          IndexBuilds.stop(db, ix.name());
          out.add(ddl.clear(ix, t));
        }
      }
      return new LoadIndexes(db, out);
    } finally {
      lock.unlock();
    }
  }

  /**
   * Builds the suspended indexes (those dropped or rebuilt meanwhile excepted) and makes them read
   * again; returns rows indexed.
   *
   * @throws dev.cellar.sql.CellarSqlException 23505 when the rows break a unique index (it is then FAILED)
   */
  public long rebuild() {
    ReentrantLock lock = db.ddlLock();
    lock.lock();
    try {
      db.checkOpen();
      IndexDdl ddl = new IndexDdl(db);
      long rows = 0;
      for (IndexDef ix : suspended) {
        if (!ix.equals(db.catalog().snapshot().index(ix.name()))) {
          continue; // dropped or rebuilt meanwhile
        }
        // its entries are those statements wrote during the load: the build adds the others
        IndexBuilder builder = new IndexBuilder(db, db.catalog().snapshot().table(ix.table()), ix);
        try {
          ddl.build(builder, ix);
        } catch (RuntimeException e) {
          try {
            ddl.putFailed(ix, e);
          } catch (RuntimeException f) {
            e.addSuppressed(f);
          }
          throw e;
        }
        rows += builder.rowsDone();
      }
      return rows;
    } finally {
      lock.unlock();
    }
  }
}
