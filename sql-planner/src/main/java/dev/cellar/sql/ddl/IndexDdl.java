package dev.cellar.sql.ddl;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import dev.cellar.sql.catalog.Catalog;
import dev.cellar.sql.catalog.ColumnDef;
import dev.cellar.sql.catalog.IndexDef;
import dev.cellar.sql.catalog.RowTtl;
import dev.cellar.sql.catalog.TableDef;
import dev.cellar.sql.database.CellarDatabase;
import dev.cellar.sql.ddl.DdlStatement.Name;
import dev.cellar.sql.ddl.DdlStatement.Option;
import dev.cellar.sql.exec.IndexBuilder;
import dev.cellar.storage.Admin;
import dev.cellar.storage.ColumnFamilyDescriptor;
import dev.cellar.storage.TableDescriptor;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * CREATE INDEX, DROP INDEX and ALTER INDEX ({@code sql-planner/docs/indexes.md}). Runs under the
 * database's DDL lock, as every DDL statement.
 */
final class IndexDdl {
  private static final Logger LOG = LoggerFactory.getLogger(IndexDdl.class);
  /** The prefix of the store tables holding index entries. */
  static final String STORAGE_PREFIX = "_cellar_index.";
  /** The family of an index table's entries. */
  static final String ENTRY_FAMILY = "0";
  /** The prefix of the family holding a LOCAL index's entries in the data table. */
  static final String LOCAL_FAMILY_PREFIX = "_i.";

  private final CellarDatabase db;

  IndexDdl(CellarDatabase db) {
    this.db = db;
  }


  /** CREATE INDEX; returns the number of rows indexed (0 for ASYNC). */
  long create(DdlStatement.CreateIndex s) {
    String name = DdlExecutor.checkSchema(s.index());
    String tableName = DdlExecutor.checkSchema(s.table());
    Catalog.Snapshot cat = db.catalog().snapshot();
    if (cat.index(name) != null || cat.exists(name)) {
      if (s.ifNotExists() && cat.index(name) != null) {
        return 0;
      }
      throw new CellarSqlException(SqlState.TABLE_EXISTS, (cat.index(name) != null ? "index " : cat.view(name) != null
          ? "a view called " : "a table called ") + name + " exists already (" + s.index().at().position() + ")");
    }
    TableDef t = cat.table(tableName);
    if (t == null) {
      throw new CellarSqlException(SqlState.TABLE_NOT_FOUND, "table " + s.table() + " does not exist ("
          + s.table().at().position() + ")" + (cat.view(tableName) != null ? "; it is a view, which has no rows of its "
          + "own to index" : ""));
    }
    if (t.isMapped() && t.mapping().readVersions() != 1) {
      throw new CellarSqlException(SqlState.FEATURE_NOT_SUPPORTED, "index " + name + ": view " + t.name()
          + " has a row per version (READ_VERSIONS), which an index of the present rows cannot follow");
    }
    if (s.local() && t.isMapped()) {
      throw new CellarSqlException(SqlState.FEATURE_NOT_SUPPORTED, "index " + name + ": a LOCAL index keeps its "
          + "entries in a family of the data table, and view " + t.name() + " maps store table " + t.storageName()
          + ", which Cellar does not alter; leave out LOCAL for an index table");
    }
    for (Option o : s.options()) {
      throw CellarSqlException.syntax("index " + name + ": unknown option " + o + " (" + o.at().position() + ")");
    }
    List<IndexDef.Part> parts = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (DdlStatement.IndexItem k : s.columns()) {
      if (k.expression() != null) {
        if (!seen.add("(" + k.expression() + ")")) {
          throw CellarSqlException.syntax("index " + name + " names expression " + k.expression() + " twice ("
              + k.at().position() + ")");
        }
        parts.add(new IndexDef.Part(k.expression(), k.descending(), k.expression()));
        continue;
      }
      ColumnDef c = column(t, k.column(), k.at().position());
      if (!seen.add(c.name())) {
        throw CellarSqlException.syntax("index " + name + " names column " + c.name() + " twice ("
            + k.at().position() + ")");
      }
      parts.add(new IndexDef.Part(c.name(), k.descending()));
    }
    List<String> include = new ArrayList<>();
    for (Token tok : s.include()) {
      ColumnDef c = column(t, tok.text(), tok.position());
      if (!seen.contains(c.name()) && !c.isKey() && !include.contains(c.name())) {
        include.add(c.name());
      }
    }
    if (parts.stream().anyMatch(IndexDef.Part::isExpression)) {
      // compiles the expressions, failing with the reason if they are not valid over the table
      new dev.cellar.sql.exec.IndexMapping(new IndexDef(Catalog.DEFAULT_SCHEMA, name, t.name(),
          IndexDef.Layout.TABLE, "-", ENTRY_FAMILY, parts, include, s.unique(), IndexDef.State.BUILDING),
          new dev.cellar.sql.exec.TableMapping(t));
    }
    IndexDef ix;
    Admin admin = db.store().admin();
    RowTtl life = RowTtl.of(t, admin.describe(t.storageName()));
    if (s.local()) {
      // an index family: the entries live in the data table's regions, beside the rows
      String family = LOCAL_FAMILY_PREFIX + name;
      try {
        ColumnFamilyDescriptor.validateFamilyName(family);
      } catch (IllegalArgumentException e) {
        throw CellarSqlException.syntax("index name " + name + " (" + s.index().at().position()
            + ") cannot name a family: " + e.getMessage());
      }
      ix = new IndexDef(Catalog.DEFAULT_SCHEMA, name, t.name(), IndexDef.Layout.FAMILY, t.storageName(), family,
          parts, include, s.unique(), IndexDef.State.BUILDING);
      IndexTtl.check(ix, t, life, false);
      if (admin.describe(t.storageName()).familyNames().contains(family)) {
        admin.deleteFamily(t.storageName(), family);
      }
      admin.addFamily(t.storageName(), IndexTtl.entryFamily(family, life));
    } else {
      String storage = STORAGE_PREFIX + t.name() + "." + name;
      try {
        TableDescriptor.validateTableName(storage);
      } catch (IllegalArgumentException e) {
        throw CellarSqlException.syntax("index name " + name + " (" + s.index().at().position()
            + ") cannot be stored: " + e.getMessage());
      }
      ix = new IndexDef(Catalog.DEFAULT_SCHEMA, name, t.name(), IndexDef.Layout.TABLE, storage, ENTRY_FAMILY,
          parts, include, s.unique(), IndexDef.State.BUILDING);
      IndexTtl.check(ix, t, life, false);
      if (admin.tableExists(storage)) {
        // left by an index whose DROP did not finish
        admin.deleteTable(storage);
      }
      admin.createTable(TableDescriptor.newBuilder(storage).family(IndexTtl.entryFamily(ENTRY_FAMILY, life)).build());
    }
    try {
      db.catalog().putIndex(ix);
    } catch (RuntimeException e) {
      dropStorage(ix, e);
      throw e;
    }
    if (s.async()) {
      startBuild(t, ix, false);
      return 0;
    }
    IndexBuilder builder = new IndexBuilder(db, t, ix);
    try {
      build(builder, ix);
    } catch (RuntimeException e) {
      remove(ix, e);
      throw e;
    }
    return builder.rowsDone();
  }

  /**
   * Rebuilds from scratch, in the background, every index whose build did not finish before
   * the database was last closed (a crash, a kill, a close during an ASYNC build): statements
   * maintained it meanwhile, but the rows its build had not reached yet have no entries.
   */
  void resume() {
    Catalog.Snapshot cat = db.catalog().snapshot();
    for (IndexDef ix : cat.indexes().values()) {
      if (ix.state() != IndexDef.State.BUILDING) {
        continue;
      }
      TableDef t = cat.table(ix.table());
      if (t == null) {
        LOG.warn("index {} is an index of table {}, which does not exist; it is not rebuilt", ix.name(), ix.table());
        continue;
      }
      if (db.store().sharedAcrossProcesses()) {
        // another process may be building it right now: rebuilding here would empty its entries
        LOG.warn("index {} of table {} is being built, or its build was cut short; if no other process is "
            + "building it, ALTER INDEX {} ON {} REBUILD", ix.name(), t.name(), ix.name(), t.name());
        continue;
      }
      LOG.info("index {} of table {} was left unfinished; rebuilding it in the background", ix.name(), t.name());
      try {
        startBuild(t, ix, true);
      } catch (RuntimeException e) {
        LOG.error("cannot rebuild index {} of table {}; it stays unused until ALTER INDEX {} ON {} REBUILD or "
            + "until the database is opened again", ix.name(), t.name(), ix.name(), t.name(), e);
      }
    }
  }

  /** Builds index {@code ix} of {@code t} in the background; with {@code clear}, empties it first. */
  private void startBuild(TableDef t, IndexDef ix, boolean clear) {
    IndexBuilder builder = new IndexBuilder(db, t, ix);
    IndexBuilds.Build build = IndexBuilds.started(db, ix.name(), builder);
    try {
      db.startBackground("cellar-index-build-" + ix.name(), () -> buildInBackground(build, ix, clear));
    } catch (RuntimeException e) {
      IndexBuilds.finished(db, ix.name(), build);
      throw e;
    }
  }

  private void buildInBackground(IndexBuilds.Build build, IndexDef ix, boolean clear) {
    IndexBuilder builder = build.builder;
    BooleanSupplier stop = () -> build.stopRequested() || db.isClosed()
        || !ix.equals(db.catalog().snapshot().index(ix.name()));
    try {
      if (!lockDdl(stop)) {
        return;
      }
      try {
        if (stop.getAsBoolean()) {
          return;
        }
        if (clear) {
          clear(ix, db.catalog().snapshot().table(ix.table()));
        }
      } finally {
        db.ddlLock().unlock();
      }
      boolean done = builder.build(stop);
      if (!done) {
        LOG.info("build of index {} stopped: the index was dropped or rebuilt, or the database closed", ix.name());
        return;
      }
      if (!lockDdl(stop)) {
        return;
      }
      try {
        if (!stop.getAsBoolean()) {
          activate(builder, ix);
        }
      } finally {
        db.ddlLock().unlock();
      }
    } catch (RuntimeException e) {
      if (db.isClosed()) {
        // still BUILDING in the catalog: built again when the database is opened
        LOG.info("build of index {} of table {} stopped: the database closed", ix.name(), ix.table());
      } else if (stop.getAsBoolean()) {
        LOG.info("build of index {} of table {} stopped: the index was dropped or rebuilt", ix.name(), ix.table());
      } else {
        LOG.error("build of index {} of table {} failed; the index is FAILED, neither read nor maintained, until "
            + "ALTER INDEX {} ON {} REBUILD", ix.name(), ix.table(), ix.name(), ix.table(), e);
        markFailed(ix, e, stop);
      }
    } finally {
      IndexBuilds.finished(db, ix.name(), build);
    }
  }

  /**
   * Takes the DDL lock for a background build, unless {@code stop} turns true first: a DDL
   * statement holding the lock may be waiting for this build to stop.
   */
  private boolean lockDdl(BooleanSupplier stop) {
    try {
      while (!db.ddlLock().tryLock(50, TimeUnit.MILLISECONDS)) {
        if (stop.getAsBoolean()) {
          return false;
        }
      }
      return true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /** Records in the catalog that the background build of {@code ix} failed, unless the index changed meanwhile. */
  private void markFailed(IndexDef ix, RuntimeException why, BooleanSupplier stop) {
    try {
      if (!lockDdl(stop)) {
        return;
      }
      try {
        if (!stop.getAsBoolean()) {
          putFailed(ix, why);
        }
      } finally {
        db.ddlLock().unlock();
      }
    } catch (RuntimeException e) {
      LOG.error("cannot mark index {} of table {} FAILED; it stays BUILDING and is built again when the database "
          + "opens", ix.name(), ix.table(), e);
    }
  }

  /** Puts {@code ix} in the catalog {@code FAILED} because of {@code why}, under its table's lock. */
  void putFailed(IndexDef ix, RuntimeException why) {
    TableDef t = db.catalog().snapshot().table(ix.table());
    ReentrantLock lock = db.tableLock(t != null ? t.storageName() : ix.table());
    lock.lock();
    try {
      db.catalog().putIndex(ix.failed(reason(why)));
    } finally {
      lock.unlock();
    }
  }

  /** Why a build failed, as {@code CELLAR.INDEXES} shows it: the SQLState and first line of the message. */
  private static String reason(Throwable e) {
    String message = e.getMessage() == null ? e.getClass().getName() : e.getMessage();
    int nl = message.indexOf('\n');
    message = nl < 0 ? message : message.substring(0, nl);
    return e instanceof CellarSqlException c ? c.sqlState() + " " + message : message;
  }

  void build(IndexBuilder builder, IndexDef ix) {
    builder.build(() -> false);
    activate(builder, ix);
  }

  /** Checks a unique index and makes it readable, under the table lock so no write slips between. */
  private void activate(IndexBuilder builder, IndexDef ix) {
    ReentrantLock lock = db.tableLock(db.catalog().snapshot().table(ix.table()).storageName());
    lock.lock();
    try {
      builder.checkUnique();
      db.catalog().putIndex(ix.withState(IndexDef.State.ACTIVE));
    } finally {
      lock.unlock();
    }
  }

  /** DROP INDEX. */
  void drop(DdlStatement.DropIndex s) {
    String name = DdlExecutor.checkSchema(s.index());
    IndexDef ix = db.catalog().snapshot().index(name);
    if (ix == null) {
      if (s.ifExists()) {
        return;
      }
      throw notFound(s.index());
    }
    if (s.table() != null && !DdlExecutor.checkSchema(s.table()).equals(ix.table())) {
      throw new CellarSqlException(SqlState.TABLE_NOT_FOUND, "index " + name + " is an index of table " + ix.table()
          + ", not of " + s.table() + " (" + s.table().at().position() + ")");
    }
    remove(ix, null);
  }

  /** Drops every index of table {@code t} (DROP TABLE). */
  void dropAll(TableDef t) {
    for (IndexDef ix : db.catalog().snapshot().indexesOf(t.name())) {
      remove(ix, null);
    }
  }

  /** Takes an index out of the catalog, then deletes its entries; under the table lock, so no statement writes it meanwhile. */
  private void remove(IndexDef ix, RuntimeException failure) {
    IndexBuilds.stop(db, ix.name());
    TableDef t = db.catalog().snapshot().table(ix.table());
    ReentrantLock lock = db.tableLock(t != null ? t.storageName() : ix.table());
    lock.lock();
    try {
      db.catalog().removeIndex(ix.schema(), ix.name());
      dropStorage(ix, failure);
    } finally {
      lock.unlock();
    }
  }

  /** Deletes an index's entries: its store table, or its family of the data table. */
  private void dropStorage(IndexDef ix, RuntimeException failure) {
    String storage = ix.storageName();
    Admin admin = db.store().admin();
    try {
      if (ix.layout() == IndexDef.Layout.FAMILY) {
        if (admin.tableExists(storage) && admin.describe(storage).familyNames().contains(ix.family())) {
          admin.deleteFamily(storage, ix.family());
        }
      } else if (admin.tableExists(storage)) {
        admin.deleteTable(storage);
      }
    } catch (RuntimeException e) {
      if (failure != null) {
        failure.addSuppressed(e);
      } else {
        // the index is gone from the catalog; CREATE INDEX of the same name clears what is left
        LOG.warn("dropped index but could not delete its store table {}", storage, e);
      }
    }
  }

  /** ALTER INDEX ... REBUILD | VERIFY | REPAIR; returns rows indexed, or differences found. */
  long alter(DdlStatement.AlterIndex s) {
    String name = DdlExecutor.checkSchema(s.index());
    IndexDef ix = db.catalog().snapshot().index(name);
    if (ix == null || !ix.table().equals(DdlExecutor.checkSchema(s.table()))) {
      if (s.ifExists()) {
        return 0;
      }
      throw ix == null ? notFound(s.index()) : new CellarSqlException(SqlState.TABLE_NOT_FOUND, "index " + name
          + " is an index of table " + ix.table() + ", not of " + s.table() + " (" + s.table().at().position() + ")");
    }
    TableDef t = db.catalog().snapshot().table(ix.table());
    switch (s.action()) {
      case "REBUILD": {
        IndexBuilds.stop(db, ix.name());
        IndexDef building = clear(ix, t);
        IndexBuilder builder = new IndexBuilder(db, t, building);
        try {
          build(builder, building);
        } catch (RuntimeException e) {
          try {
            putFailed(building, e);
          } catch (RuntimeException f) {
            e.addSuppressed(f);
          }
          throw e;
        }
        return builder.rowsDone();
      }
      case "VERIFY":
      case "REPAIR": {
        checkBuilt(ix, s.action());
        IndexBuilder.Report r = new IndexBuilder(db, t, ix).verify(s.action().equals("REPAIR"));
        return r.missing() + r.stale();
      }
      default:
        throw new AssertionError(s.action());
    }
  }

  /**
   * Refuses to VERIFY or REPAIR an index that is not {@code ACTIVE}: one being built lacks the
   * entries of rows its build has not reached, and a {@code FAILED} one is not maintained (and
   * repairing a unique index whose build found duplicates would write them).
   */
  private static void checkBuilt(IndexDef ix, String action) {
    String rebuild = "ALTER INDEX " + ix.name() + " ON " + ix.table() + " REBUILD";
    switch (ix.state()) {
      case ACTIVE:
        return;
      case BUILDING:
        throw new CellarSqlException(SqlState.OBJECT_NOT_IN_PREREQUISITE_STATE, "cannot " + action + " index "
            + ix.name() + " of table " + ix.table() + ": it is being built (BUILDING); " + action
            + " it once CELLAR.INDEXES shows it ACTIVE");
      case FAILED:
        throw new CellarSqlException(SqlState.OBJECT_NOT_IN_PREREQUISITE_STATE, "cannot " + action + " index "
            + ix.name() + " of table " + ix.table() + ": its build failed (FAILED"
            + (ix.error() == null ? "" : ": " + ix.error()) + ") and it is not maintained; " + rebuild
            + " builds it again");
      default:
        throw new AssertionError(ix.state());
    }
  }

  /**
   * Makes an index unread ({@code BUILDING}) and deletes its entries, under the table lock so
   * that no statement writes it meanwhile; returns the index as it is now in the catalog.
   */
  IndexDef clear(IndexDef ix, TableDef t) {
    IndexDef building = ix.withState(IndexDef.State.BUILDING);
    ReentrantLock lock = db.tableLock(t.storageName());
    lock.lock();
    try {
      db.catalog().putIndex(building);
      if (ix.layout() == IndexDef.Layout.FAMILY) {
        db.store().admin().deleteFamily(ix.storageName(), ix.family());
        db.store().admin().addFamily(ix.storageName(), IndexTtl.entryFamily(ix.family(),
            RowTtl.of(t, db.store().admin().describe(t.storageName()))));
      } else {
        db.store().admin().truncateTable(ix.storageName(), false);
        // a family whose TTL was changed by other means gets its rows' again
        IndexTtl.follow(db, t);
      }
    } finally {
      lock.unlock();
    }
    return building;
  }

  private static ColumnDef column(TableDef t, String name, String position) {
    ColumnDef c = t.column(name);
    if (c == null && t.columnsCalled(name).size() > 1) {
      throw AlterTableDdl.ambiguous(t, name, position);
    }
    if (c == null) {
      throw new CellarSqlException(SqlState.COLUMN_NOT_FOUND, "table " + t.name() + " has no column " + name + " ("
          + position + ")");
    }
    if (c.isMap()) {
      throw new CellarSqlException(SqlState.FEATURE_NOT_SUPPORTED, "column " + c.name() + " (" + position + ") of table "
          + t.name() + " is a MAP, which an index can neither key on nor include; index an entry of it with an "
          + "expression, " + c.name() + "['key'], or map its family as a view with DYNAMIC_FAMILY and index that");
    }
    return c;
  }

  private static CellarSqlException notFound(Name n) {
    return new CellarSqlException(SqlState.TABLE_NOT_FOUND, "index " + n + " does not exist (" + n.at().position() + ")");
  }
}
