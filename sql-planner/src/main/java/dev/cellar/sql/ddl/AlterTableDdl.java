package dev.cellar.sql.ddl;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import dev.cellar.sql.catalog.ColumnDef;
import dev.cellar.sql.catalog.TableDef;
import dev.cellar.sql.database.CellarDatabase;
import dev.cellar.sql.database.Timestamps;
import dev.cellar.sql.ddl.DdlStatement.Column;
import dev.cellar.sql.ddl.DdlStatement.Option;
import dev.cellar.sql.exec.RowTtls;
import dev.cellar.storage.Admin;
import dev.cellar.storage.Bytes;
import dev.cellar.storage.ColumnFamilyDescriptor;
import dev.cellar.storage.Delete;
import dev.cellar.storage.Result;
import dev.cellar.storage.ResultScanner;
import dev.cellar.storage.Scan;
import dev.cellar.storage.TableDescriptor;
import dev.cellar.storage.WriteBatch;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * ALTER TABLE: ADD and DROP of columns (and of the families they need or leave empty) and SET of
 * table options and family settings. Called by {@link DdlExecutor} under the database's DDL lock.
 */
final class AlterTableDdl {
  private final CellarDatabase db;

  AlterTableDdl(CellarDatabase db) {
    this.db = db;
  }

  /** A view with a dynamic family has exactly its rowkey, qualifier and value columns. */
  private static void checkNotDynamic(TableDef t) {
    if (t.isDynamic()) {
      throw new CellarSqlException(SqlState.FEATURE_NOT_SUPPORTED, "cannot change the columns of " + t.name()
          + ": its rows are the cells of family " + t.mapping().dynamicFamily() + " of store table " + t.storageName()
          + "; drop the view and create it again");
    }
  }

  void addColumns(DdlStatement.AddColumns s) {
    TableDef t = DdlExecutor.table(db, s.table());
    checkNotDynamic(t);
    List<ColumnDef> cols = new ArrayList<>(t.columns());
    Set<String> newFamilies = new LinkedHashSet<>();
    TableDescriptor desc = db.store().admin().describe(t.storageName());
    boolean changed = false;
    for (Column c : s.columns()) {
      String declaredFamily = c.family() == null ? t.defaultFamily() : c.family();
      if (ColumnNames.existing(cols, c, declaredFamily) != null) {
        if (s.ifNotExists()) {
          continue;
        }
        throw new CellarSqlException(SqlState.COLUMN_EXISTS, "table " + t.name() + " has a column "
            + ColumnNames.spelled(c) + " already (" + c.at().position() + ")");
      }
      if (c.primaryKey()) {
        throw new CellarSqlException(SqlState.FEATURE_NOT_SUPPORTED, "adding primary key column " + c.name()
            + " to table " + t.name() + " (" + c.at().position() + ") is not supported: it would change every rowkey");
      }
      if (c.rowTimestamp()) {
        cols.add(RowTimestamps.define(c, false, cols, t.isMapped() ? "view" : "table", t.name()));
        changed = true;
        continue;
      }
      if (c.notNull()) {
        throw CellarSqlException.syntax("column " + c.name() + " added to table " + t.name() + " ("
            + c.at().position() + ") must be nullable: existing rows have no value for it");
      }
      String fam = c.type().isMap() ? MapColumns.family(c, t.isMapped() ? "view" : "table", t.name())
          : c.family() == null ? t.defaultFamily() : TableOptions.familyName(c.family(), c.at());
      if (!t.isMapped()) {
        TableDdl.checkNoFormat(c, t.name());
      }
      if (!desc.hasFamily(fam)) {
        if (t.isMapped()) {
          throw new CellarSqlException(SqlState.FAMILY_NOT_FOUND, "column " + fam + "." + c.name() + " ("
              + c.at().position() + ") of view " + t.name() + ": store table " + t.storageName() + " has no family "
              + fam + "; its families are " + desc.familyNames());
        }
        newFamilies.add(fam);
      }
      cols.add(new ColumnDef(c.name(), c.type(), true, fam, -1, false, c.format()));
      MapColumns.checkFamilies(cols, t.isMapped() ? "view" : "table", t.name());
      if (!t.isMapped()) {
        MapColumns.checkMarker(cols, t.markerFamily(), "table", t.name());
      }
      changed = true;
    }
    checkNames(t, cols);
    Map<String, ColumnFamilyDescriptor.Builder> fams = new LinkedHashMap<>();
    for (String f : desc.familyNames()) {
      fams.put(f, desc.family(f).toBuilder());
    }
    for (String f : newFamilies) {
      fams.put(f, ColumnFamilyDescriptor.newBuilder(f).maxVersions(DdlExecutor.SQL_DEFAULT_VERSIONS)
          .compression(DdlExecutor.SQL_DEFAULT_COMPRESSION).bloomType(DdlExecutor.SQL_DEFAULT_BLOOM)
          .blockSize(DdlExecutor.SQL_DEFAULT_BLOCKSIZE));
    }
    checkNoMappedOptions(t, s.options());
    Map<String, String> options = tableOptionsForAlter(t, s.options());
    TableOptions.applyFamilyOptions(t.name(), s.options(), fams, false);
    Map<String, ColumnFamilyDescriptor> built = new LinkedHashMap<>();
    fams.forEach((f, b) -> built.put(f, TableOptions.buildFamily(t.name(), f, b)));
    if (!changed && s.options().isEmpty()) {
      return;
    }
    TableDef altered = t.withColumns(cols).withOptions(options);
    TableDescriptor.Builder families = desc.toBuilder();
    built.values().forEach(families::family);
    // a new family may keep a row longer than the families its indexes read
    IndexTtl.checkAlter(db, altered, families.build());
    Admin admin = db.store().admin();
    for (String f : newFamilies) {
      admin.addFamily(t.storageName(), built.get(f));
    }
    modifyChangedFamilies(t, desc, built, newFamilies);
    db.catalog().putTable(altered);
    RowTtls.forget(db, t.storageName());
    IndexTtl.follow(db, altered);
  }

  /**
   * Refuses (42S21) columns two of which would have one SQL name, and (2BP01) a change of the SQL
   * name of a column that an index or a view reads: adding {@code b.v} beside {@code a.v} makes
   * {@code a.v}'s name {@code A.V}, as dropping {@code b.v} again makes it {@code V}.
   */
  private void checkNames(TableDef t, List<ColumnDef> cols) {
    ColumnNames.checkUnique(cols, t.defaultFamily(), t.isMapped() ? "view" : "table", t.name());
    for (String[] r : ColumnNames.renamed(t, t.withColumns(cols))) {
      for (dev.cellar.sql.catalog.IndexDef ix : db.catalog().snapshot().indexesOf(t.name())) {
        if (new dev.cellar.sql.exec.IndexMapping(ix, new dev.cellar.sql.exec.TableMapping(t))
            .reads(t.columnIndex(r[0]))) {
          throw new CellarSqlException(SqlState.DEPENDENT_OBJECTS, "column " + r[0] + " of table " + t.name()
              + " would be called " + r[1] + ", and index " + ix.name() + " reads it; drop the index first");
        }
      }
      new ViewDependencies(db.catalog().snapshot()).checkColumn(t.name(), r[0], "called " + r[1] + " after this");
    }
  }

  /** 42702: {@code name} is the name of several columns of {@code t}, in different families. */
  static CellarSqlException ambiguous(TableDef t, String name, String position) {
    List<String> spelled = new ArrayList<>();
    for (ColumnDef c : t.columnsCalled(name)) {
      spelled.add(c.isCell() ? c.family() + "." + name : name);
    }
    return new CellarSqlException(SqlState.AMBIGUOUS_COLUMN, "column " + name + " (" + position + ") is ambiguous: table "
        + t.name() + " has " + String.join(" and ", spelled) + "; name it with its family");
  }

  void dropColumns(DdlStatement.DropColumns s) {
    TableDef t = DdlExecutor.table(db, s.table());
    checkNotDynamic(t);
    List<ColumnDef> cols = new ArrayList<>(t.columns());
    List<ColumnDef> dropped = new ArrayList<>();
    for (Token c : s.columns()) {
      ColumnDef col = t.column(c.text());
      if (col == null && t.columnsCalled(c.text()).size() > 1) {
        throw ambiguous(t, c.text(), c.position());
      }
      if (col == null || dropped.contains(col)) {
        if (s.ifExists()) {
          continue;
        }
        throw new CellarSqlException(SqlState.COLUMN_NOT_FOUND, "table " + t.name() + " has no column " + c.text()
            + " (" + c.position() + ")");
      }
      if (col.isKey()) {
        throw CellarSqlException.syntax("column " + col.name() + " (" + c.position() + ") is part of the primary key of "
            + "table " + t.name() + " and cannot be dropped");
      }
      for (dev.cellar.sql.catalog.IndexDef ix : db.catalog().snapshot().indexesOf(t.name())) {
        if (new dev.cellar.sql.exec.IndexMapping(ix, new dev.cellar.sql.exec.TableMapping(t))
            .reads(t.columnIndex(col.name()))) {
          throw new CellarSqlException(SqlState.DEPENDENT_OBJECTS, "column " + col.name() + " (" + c.position()
              + ") of table " + t.name() + " is in index " + ix.name() + "; drop the index first");
        }
      }
      new ViewDependencies(db.catalog().snapshot()).checkColumn(t.name(), col.name(), c.position());
      dropped.add(col);
      cols.remove(col);
    }
    if (dropped.isEmpty()) {
      return;
    }
    if (cols.stream().noneMatch(ColumnDef::isKey) && !t.hiddenKey() || cols.isEmpty()) {
      throw CellarSqlException.syntax("cannot drop every column of table " + t.name());
    }
    checkNames(t, cols);
    db.catalog().putTable(t.withColumns(cols));
    // a family left without columns no longer keeps the rows alive
    RowTtls.forget(db, t.storageName());
    IndexTtl.follow(db, t.withColumns(cols));
    // the row timestamp has no cells of its own
    dropped.removeIf(c -> !c.isCell());
    if (t.isMapped() || dropped.isEmpty()) {
      // a mapping only stops reading the column; the data belongs to the store table
      return;
    }
    // a MAP column is its family: the family goes, entries and all
    for (ColumnDef c : dropped) {
      if (c.isMap()) {
        db.store().admin().deleteFamily(t.storageName(), c.family());
      }
    }
    dropped.removeIf(ColumnDef::isMap);
    if (dropped.isEmpty()) {
      return;
    }
    // Delete the dropped columns' cells, so that a column added later under the same name starts empty.
    ReentrantLock lock = db.tableLock(t.storageName());
    lock.lock();
    try {
      Timestamps.Stamp stamp = db.timestamps().next(true);
      Scan scan = new Scan();
      for (ColumnDef c : dropped) {
        scan.addColumn(Bytes.toBytes(c.family()), Bytes.toBytes(c.qualifier()));
      }
      WriteBatch batch = new WriteBatch();
      int n = 0;
      try (ResultScanner rs = db.store().table(t.storageName()).scanner(scan)) {
        for (Result r : rs) {
          Delete d = new Delete(r.row(), stamp.deleteTs());
          for (ColumnDef c : dropped) {
            d.addColumns(Bytes.toBytes(c.family()), Bytes.toBytes(c.qualifier()));
          }
          batch.add(t.storageName(), d);
          if (++n % 1000 == 0) {
            db.store().write(batch);
            batch = new WriteBatch();
          }
        }
      }
      db.store().write(batch);
    } finally {
      lock.unlock();
    }
  }

  void setOptions(DdlStatement.SetOptions s) {
    TableDef t = DdlExecutor.table(db, s.table());
    checkNoMappedOptions(t, s.options());
    TableDescriptor desc = db.store().admin().describe(t.storageName());
    Map<String, ColumnFamilyDescriptor.Builder> fams = new LinkedHashMap<>();
    for (String f : desc.familyNames()) {
      fams.put(f, desc.family(f).toBuilder());
    }
    Map<String, String> options = tableOptionsForAlter(t, s.options());
    TableOptions.applyFamilyOptions(t.name(), s.options(), fams, false);
    Map<String, ColumnFamilyDescriptor> built = new LinkedHashMap<>();
    fams.forEach((f, b) -> built.put(f, TableOptions.buildFamily(t.name(), f, b)));
    TableDescriptor.Builder after = desc.toBuilder();
    built.values().forEach(after::family);
    IndexTtl.checkAlter(db, t, after.build());
    modifyChangedFamilies(t, desc, built, Set.of());
    RowTtls.forget(db, t.storageName());
    // the indexes' entries live as long as the rows do
    IndexTtl.follow(db, t);
    if (!options.equals(t.options())) {
      db.catalog().putTable(t.withOptions(options));
    }
  }

  private static void checkNoMappedOptions(TableDef t, List<Option> options) {
    if (t.isMapped() && !options.isEmpty()) {
      Option o = options.get(0);
      throw CellarSqlException.syntax("option " + o + " (" + o.at().position() + ") cannot be set on view " + t.name()
          + ": a mapping never changes store table " + t.storageName() + ", and its own options are fixed when it is "
          + "created (DROP VIEW and CREATE VIEW again)");
    }
  }

  private void modifyChangedFamilies(TableDef t, TableDescriptor desc, Map<String, ColumnFamilyDescriptor> built,
      Set<String> skip) {
    for (Map.Entry<String, ColumnFamilyDescriptor> e : built.entrySet()) {
      if (!skip.contains(e.getKey()) && !e.getValue().equals(desc.family(e.getKey()))) {
        db.store().admin().modifyFamily(t.storageName(), e.getValue());
      }
    }
  }

  private Map<String, String> tableOptionsForAlter(TableDef t, List<Option> opts) {
    Map<String, String> options = new TreeMap<>(t.options());
    for (Option o : opts) {
      if (o.family() == null && TableOptions.TABLE_OPTIONS.containsKey(o.name())) {
        if (o.name().equals("SALT_BUCKETS") || o.name().equals("DEFAULT_COLUMN_FAMILY")) {
          throw CellarSqlException.syntax("option " + o.name() + " (" + o.at().position() + ") of table " + t.name()
              + " is fixed when the table is created");
        }
        options.put(o.name(), TableOptions.tableOptionValue(o));
      }
    }
    return options;
  }
}
