package dev.cellar.sql.ddl;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import dev.cellar.sql.catalog.Catalog;
import dev.cellar.sql.catalog.ColumnDef;
import dev.cellar.sql.catalog.TableDef;
import dev.cellar.sql.catalog.ViewDef;
import dev.cellar.sql.codec.KeyColumn;
import dev.cellar.sql.codec.KeyFormat;
import dev.cellar.sql.codec.RowKeyCodec;
import dev.cellar.sql.database.CellarDatabase;
import dev.cellar.sql.database.Timestamps;
import dev.cellar.sql.ddl.DdlStatement.Column;
import dev.cellar.sql.ddl.DdlStatement.KeyPart;
import dev.cellar.sql.ddl.DdlStatement.Name;
import dev.cellar.sql.ddl.DdlStatement.Option;
import dev.cellar.storage.Admin;
import dev.cellar.storage.Bytes;
import dev.cellar.storage.ColumnFamilyDescriptor;
import dev.cellar.storage.Compression;
import dev.cellar.storage.Delete;
import dev.cellar.storage.Result;
import dev.cellar.storage.ResultScanner;
import dev.cellar.storage.Scan;
import dev.cellar.storage.TableDescriptor;
import dev.cellar.storage.WriteBatch;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs DDL statements: checks them against the catalog, changes the storage tables through
 * {@link Admin} and records the result in the {@link Catalog}. Statements run one at a time
 * (the database's DDL lock). A statement that fails leaves catalog and store as they were.
 */
public final class DdlExecutor {
  private static final Logger LOG = LoggerFactory.getLogger(DdlExecutor.class);

  /** Family of columns declared without one (Phoenix's default). */
  public static final String DEFAULT_FAMILY = "0";
  /** VERSIONS of families created by SQL, unless the DDL says otherwise (Phoenix's default). */
  static final int SQL_DEFAULT_VERSIONS = 1;
  /**
   * COMPRESSION of families created by SQL, unless the DDL says otherwise: SNAPPY, which keeps a
   * typical SQL table's store files at about half their size for little CPU (a block that does
   * not shrink is stored plain).
   */
  static final Compression SQL_DEFAULT_COMPRESSION = Compression.SNAPPY;

  /** Table options besides the family settings, with what they take. */
  static final Map<String, String> TABLE_OPTIONS = tableOptions();
  /** The family settings the storage knows (VERSIONS, TTL, ...), from its own descriptor. */
  static final Set<String> FAMILY_SETTINGS = familySettings();

  /** Checks a view's query and returns its column names. */
  public interface ViewValidator {
    /**
     * @throws CellarSqlException if the query is invalid
     */
    List<String> columnNames(String query);
  }

  private final CellarDatabase db;
  private final ViewValidator views;

  public DdlExecutor(CellarDatabase db, ViewValidator views) {
    this.db = db;
    this.views = views;
  }

  /**
   * Parses and runs one DDL statement.
   *
   * @return its update count: rows indexed by CREATE INDEX and ALTER INDEX ... REBUILD,
   *     differences found by ALTER INDEX ... VERIFY or REPAIR, else 0
   */
  public long execute(String sql) {
    DdlStatement st = DdlParser.parse(sql);
    ReentrantLock lock = db.ddlLock();
    lock.lock();
    try {
      db.checkOpen();
      if (st instanceof DdlStatement.CreateIndex s) {
        return new IndexDdl(db).create(s);
      } else if (st instanceof DdlStatement.DropIndex s) {
        new IndexDdl(db).drop(s);
      } else if (st instanceof DdlStatement.AlterIndex s) {
        return new IndexDdl(db).alter(s);
      } else if (st instanceof DdlStatement.CreateTable s) {
        createTable(s);
      } else if (st instanceof DdlStatement.AddColumns s) {
        addColumns(s);
      } else if (st instanceof DdlStatement.DropColumns s) {
        dropColumns(s);
      } else if (st instanceof DdlStatement.SetOptions s) {
        setOptions(s);
      } else if (st instanceof DdlStatement.DropTable s) {
        dropTable(s);
      } else if (st instanceof DdlStatement.CreateView s) {
        createView(s);
      } else if (st instanceof DdlStatement.CreateMapping s) {
        createMapping(s);
      } else if (st instanceof DdlStatement.DropView s) {
        dropView(s);
      } else {
        throw new AssertionError(st);
      }
      return 0;
    } finally {
      lock.unlock();
    }
  }

  // ---- CREATE TABLE ------------------------------------------------------------------------

  private void createTable(DdlStatement.CreateTable s) {
    String name = checkSchema(s.table());
    Catalog.Snapshot cat = db.catalog().snapshot();
    if (cat.exists(name)) {
      if (s.ifNotExists()) {
        return;
      }
      throw new CellarSqlException(SqlState.TABLE_EXISTS, (cat.view(name) != null ? "a view" : "table") + " "
          + name + " exists already (" + s.table().at().position() + ")");
    }
    String storageName = storageName(s.table());
    Map<String, String> tableOptions = new TreeMap<>();
    String defaultFamily = DEFAULT_FAMILY;
    int salt = 0;
    for (Option o : s.options()) {
      if (o.family() == null && TABLE_OPTIONS.containsKey(o.name())) {
        switch (o.name()) {
          case "SALT_BUCKETS":
            salt = intOption(o, 1, KeyFormat.MAX_BUCKETS);
            break;
          case "DEFAULT_COLUMN_FAMILY":
            defaultFamily = familyName(o.value(), o.at());
            break;
          default:
            tableOptions.put(o.name(), tableOptionValue(o));
        }
      }
    }
    // columns
    Set<String> names = new HashSet<>();
    List<ColumnDef> cols = new ArrayList<>();
    Column inlineKey = null;
    for (Column c : s.columns()) {
      if (!names.add(c.name())) {
        throw new CellarSqlException(SqlState.COLUMN_EXISTS, "column " + c.name() + " is declared twice in table "
            + name + " (" + c.at().position() + ")");
      }
      checkNoFormat(c, name);
      if (c.primaryKey()) {
        if (inlineKey != null) {
          throw CellarSqlException.syntax("table " + name + " declares PRIMARY KEY on both " + inlineKey.name()
              + " and " + c.name() + " (" + c.at().position() + "); use CONSTRAINT pk PRIMARY KEY (a, b)");
        }
        inlineKey = c;
      }
    }
    if (inlineKey != null && !s.primaryKey().isEmpty()) {
      throw CellarSqlException.syntax("table " + name + " declares its primary key twice (" + inlineKey.name()
          + " at " + inlineKey.at().position() + " and a PRIMARY KEY constraint at " + s.keyAt().position() + ")");
    }
    List<KeyPart> key = new ArrayList<>(s.primaryKey());
    if (inlineKey != null) {
      key.add(new KeyPart(inlineKey.name(), inlineKey.descending(), inlineKey.at()));
    }
    Map<String, Integer> keyPos = keyPositions(key, names, "table", name);
    Map<String, Boolean> keyDesc = new LinkedHashMap<>();
    for (KeyPart k : key) {
      keyDesc.put(k.name(), k.descending());
    }
    for (Column c : s.columns()) {
      Integer pos = keyPos.get(c.name());
      if (c.rowTimestamp()) {
        cols.add(RowTimestamps.define(c, pos != null, cols, "table", name));
        continue;
      }
      if (pos != null) {
        if (c.type().isMap()) {
          throw MapColumns.inKey(c, "table", name);
        }
        if (c.family() != null) {
          throw CellarSqlException.syntax("primary key column " + c.family() + "." + c.name() + " of table " + name
              + " (" + c.at().position() + ") cannot have a column family: it is part of the rowkey");
        }
        cols.add(new ColumnDef(c.name(), c.type(), false, null, pos, keyDesc.get(c.name())));
      } else {
        String fam = c.type().isMap() ? MapColumns.family(c, "table", name)
            : c.family() == null ? defaultFamily : familyName(c.family(), c.at());
        cols.add(new ColumnDef(c.name(), c.type(), !c.notNull(), fam, -1, false));
      }
    }
    MapColumns.checkFamilies(cols, "table", name);
    boolean hidden = key.isEmpty();
    if (hidden && salt > 0) {
      throw CellarSqlException.syntax("SALT_BUCKETS needs a primary key: table " + name
          + " has none, and its generated rowkeys are spread over the key space already");
    }
    // families: the marker family first
    Set<String> families = new LinkedHashSet<>();
    boolean usesDefault = cols.stream().anyMatch(c -> c.isCell() && c.family().equals(DEFAULT_FAMILY));
    String explicitDefault = s.options().stream().anyMatch(o -> o.name().equals("DEFAULT_COLUMN_FAMILY")) ? defaultFamily
        : null;
    String marker;
    // a MAP's family holds its entries only, so the marker cell never goes there
    if (explicitDefault != null || usesDefault || cols.stream().noneMatch(c -> c.isCell() && !c.isMap())) {
      marker = defaultFamily;
    } else {
      marker = cols.stream().filter(c -> c.isCell() && !c.isMap()).findFirst().orElseThrow().family();
    }
    MapColumns.checkMarker(cols, marker, "table", name);
    families.add(marker);
    for (ColumnDef c : cols) {
      if (c.isCell()) {
        families.add(c.family());
      }
    }
    Map<String, ColumnFamilyDescriptor.Builder> fams = new LinkedHashMap<>();
    for (String f : families) {
      fams.put(f, ColumnFamilyDescriptor.newBuilder(f).maxVersions(SQL_DEFAULT_VERSIONS).compression(SQL_DEFAULT_COMPRESSION));
    }
    applyFamilyOptions(name, s.options(), fams, true);
    TableDescriptor.Builder tb = TableDescriptor.newBuilder(storageName);
    for (Map.Entry<String, ColumnFamilyDescriptor.Builder> e : fams.entrySet()) {
      tb.family(buildFamily(name, e.getKey(), e.getValue()));
    }
    List<String> splitTexts = new ArrayList<>();
    TableDef def = new TableDef(Catalog.DEFAULT_SCHEMA, name, storageName, cols, salt, splitTexts, defaultFamily,
        marker, hidden, KeyFormat.VERSION, tableOptions);
    byte[][] splits = splitKeys(def, s.splitPoints(), splitTexts);
    def = new TableDef(def.schema(), def.name(), def.storageName(), def.columns(), def.saltBuckets(), splitTexts,
        def.defaultFamily(), def.markerFamily(), def.hiddenKey(), def.keyFormatVersion(), def.options());
    Admin admin = db.store().admin();
    if (admin.tableExists(storageName)) {
      throw new CellarSqlException(SqlState.TABLE_EXISTS, "the store holds a table called " + storageName
          + " that is not in the SQL catalog; drop it through the storage API or choose another name");
    }
    if (splits.length > 0) {
      admin.createTable(tb.build(), splits);
    } else {
      admin.createTable(tb.build());
    }
    try {
      db.catalog().putTable(def);
    } catch (RuntimeException e) {
      try {
        admin.deleteTable(storageName);
      } catch (RuntimeException suppressed) {
        e.addSuppressed(suppressed);
      }
      throw e;
    }
    LOG.debug("created table {} in {}", name, db.description());
  }

  private byte[][] splitKeys(TableDef def, List<Token> points, List<String> texts) {
    if (def.saltBuckets() > 0) {
      if (!points.isEmpty()) {
        throw CellarSqlException.syntax("SPLIT ON (" + points.get(0).position() + ") cannot be used with SALT_BUCKETS:"
            + " a salted table " + def.name() + " is split at its buckets");
      }
      byte[][] keys = new byte[def.saltBuckets() - 1][];
      for (int b = 1; b < def.saltBuckets(); b++) {
        keys[b - 1] = new byte[] {(byte) b};
      }
      return keys;
    }
    if (points.isEmpty()) {
      return new byte[0][];
    }
    if (def.hiddenKey()) {
      throw CellarSqlException.syntax("SPLIT ON (" + points.get(0).position() + ") needs a primary key: table "
          + def.name() + " has none");
    }
    List<ColumnDef> keys = def.keyColumns();
    ColumnDef lead = keys.get(0);
    List<KeyColumn> kc = new ArrayList<>();
    for (ColumnDef c : keys) {
      kc.add(new KeyColumn(c.name(), c.type().type(), c.descending(), c.type().keyLength()));
    }
    RowKeyCodec codec = RowKeyCodec.of(kc);
    TreeSet<byte[]> sorted = new TreeSet<>(Bytes::compare);
    for (Token t : points) {
      Object v = Literals.convert(lead.type(), t, lead.name());
      byte[] k;
      try {
        k = codec.encodePrefix(new Object[] {v});
      } catch (IllegalArgumentException e) {
        throw new CellarSqlException(SqlState.NUMERIC_OUT_OF_RANGE, "split point " + t.show() + " at " + t.position()
            + " cannot be encoded as key column " + lead.name() + ": " + e.getMessage());
      }
      if (!sorted.add(k)) {
        throw CellarSqlException.syntax("split point " + t.show() + " at " + t.position() + " repeats an earlier one");
      }
      texts.add(t.text());
    }
    return sorted.toArray(new byte[0][]);
  }

  private static void checkNoFormat(Column c, String table) {
    if (c.format() != null) {
      throw CellarSqlException.syntax("FORMAT of column " + c.name() + " (" + c.at().position() + ") of table " + table
          + " is only for views mapping a store table: a table of Cellar's own stores every value in its own format");
    }
  }

  // ---- CREATE VIEW (mapped) -------------------------------------------------------------------

  private void createMapping(DdlStatement.CreateMapping s) {
    String name = checkSchema(s.view());
    Catalog.Snapshot cat = db.catalog().snapshot();
    if (cat.exists(name)) {
      if (s.ifNotExists()) {
        return;
      }
      throw new CellarSqlException(SqlState.TABLE_EXISTS, (cat.view(name) != null ? "a view" : "table") + " " + name
          + " exists already (" + s.view().at().position() + ")");
    }
    TableDef def = Mappings.define(db, s, name);
    db.catalog().putTable(def);
    LOG.debug("mapped view {} over store table {} in {}", name, def.storageName(), db.description());
  }

  // ---- ALTER TABLE -------------------------------------------------------------------------

  /** A view with a dynamic family has exactly its rowkey, qualifier and value columns. */
  private static void checkNotDynamic(TableDef t) {
    if (t.isDynamic()) {
      throw new CellarSqlException(SqlState.FEATURE_NOT_SUPPORTED, "cannot change the columns of " + t.name()
          + ": its rows are the cells of family " + t.mapping().dynamicFamily() + " of store table " + t.storageName()
          + "; drop the view and create it again");
    }
  }

  private void addColumns(DdlStatement.AddColumns s) {
    TableDef t = table(s.table());
    checkNotDynamic(t);
    List<ColumnDef> cols = new ArrayList<>(t.columns());
    Set<String> newFamilies = new LinkedHashSet<>();
    TableDescriptor desc = db.store().admin().describe(t.storageName());
    boolean changed = false;
    Set<String> seen = new HashSet<>();
    for (Column c : s.columns()) {
      if (t.column(c.name()) != null || !seen.add(c.name())) {
        if (s.ifNotExists()) {
          continue;
        }
        throw new CellarSqlException(SqlState.COLUMN_EXISTS, "table " + t.name() + " has a column " + c.name()
            + " already (" + c.at().position() + ")");
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
          : c.family() == null ? t.defaultFamily() : familyName(c.family(), c.at());
      if (!t.isMapped()) {
        checkNoFormat(c, t.name());
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
    Map<String, ColumnFamilyDescriptor.Builder> fams = new LinkedHashMap<>();
    for (String f : desc.familyNames()) {
      fams.put(f, desc.family(f).toBuilder());
    }
    for (String f : newFamilies) {
      fams.put(f, ColumnFamilyDescriptor.newBuilder(f).maxVersions(SQL_DEFAULT_VERSIONS).compression(SQL_DEFAULT_COMPRESSION));
    }
    checkNoMappedOptions(t, s.options());
    Map<String, String> options = tableOptionsForAlter(t, s.options());
    applyFamilyOptions(t.name(), s.options(), fams, false);
    Map<String, ColumnFamilyDescriptor> built = new LinkedHashMap<>();
    fams.forEach((f, b) -> built.put(f, buildFamily(t.name(), f, b)));
    if (!changed && s.options().isEmpty()) {
      return;
    }
    Admin admin = db.store().admin();
    for (String f : newFamilies) {
      admin.addFamily(t.storageName(), built.get(f));
    }
    modifyChangedFamilies(t, desc, built, newFamilies);
    db.catalog().putTable(t.withColumns(cols).withOptions(options));
  }

  private void dropColumns(DdlStatement.DropColumns s) {
    TableDef t = table(s.table());
    checkNotDynamic(t);
    List<ColumnDef> cols = new ArrayList<>(t.columns());
    List<ColumnDef> dropped = new ArrayList<>();
    for (Token c : s.columns()) {
      ColumnDef col = t.column(c.text());
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
    db.catalog().putTable(t.withColumns(cols));
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
        scan.addColumn(Bytes.toBytes(c.family()), Bytes.toBytes(c.name()));
      }
      WriteBatch batch = new WriteBatch();
      int n = 0;
      try (ResultScanner rs = db.store().table(t.storageName()).scanner(scan)) {
        for (Result r : rs) {
          Delete d = new Delete(r.row(), stamp.deleteTs());
          for (ColumnDef c : dropped) {
            d.addColumns(Bytes.toBytes(c.family()), Bytes.toBytes(c.name()));
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

  private void setOptions(DdlStatement.SetOptions s) {
    TableDef t = table(s.table());
    checkNoMappedOptions(t, s.options());
    TableDescriptor desc = db.store().admin().describe(t.storageName());
    Map<String, ColumnFamilyDescriptor.Builder> fams = new LinkedHashMap<>();
    for (String f : desc.familyNames()) {
      fams.put(f, desc.family(f).toBuilder());
    }
    Map<String, String> options = tableOptionsForAlter(t, s.options());
    applyFamilyOptions(t.name(), s.options(), fams, false);
    Map<String, ColumnFamilyDescriptor> built = new LinkedHashMap<>();
    fams.forEach((f, b) -> built.put(f, buildFamily(t.name(), f, b)));
    modifyChangedFamilies(t, desc, built, Set.of());
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
      if (o.family() == null && TABLE_OPTIONS.containsKey(o.name())) {
        if (o.name().equals("SALT_BUCKETS") || o.name().equals("DEFAULT_COLUMN_FAMILY")) {
          throw CellarSqlException.syntax("option " + o.name() + " (" + o.at().position() + ") of table " + t.name()
              + " is fixed when the table is created");
        }
        options.put(o.name(), tableOptionValue(o));
      }
    }
    return options;
  }

  // ---- DROP TABLE, views -------------------------------------------------------------------

  private void dropTable(DdlStatement.DropTable s) {
    String name = checkSchema(s.table());
    Catalog.Snapshot cat = db.catalog().snapshot();
    TableDef t = cat.table(name);
    if (t == null) {
      if (s.ifExists()) {
        return;
      }
      throw notFound(s.table(), cat.view(name) != null ? "; it is a view: use DROP VIEW" : "");
    }
    if (t.isMapped()) {
      throw CellarSqlException.syntax(t.name() + " (" + s.table().at().position() + ") is a view mapping store table "
          + t.storageName() + ": DROP VIEW " + t.name() + " removes it and keeps the store table");
    }
    new ViewDependencies(cat).dropReaders(db.catalog(), t.name(), "table", s.cascade());
    new IndexDdl(db).dropAll(t);
    // The catalog entry goes first: if it cannot be removed, nothing has changed. If the store's
    // table then cannot be deleted, the entry is put back (the row-id counter was kept for that).
    db.catalog().removeTable(t.schema(), t.name());
    Admin admin = db.store().admin();
    try {
      if (admin.tableExists(t.storageName())) {
        admin.deleteTable(t.storageName());
      }
    } catch (RuntimeException e) {
      try {
        db.catalog().putTable(t);
      } catch (RuntimeException suppressed) {
        e.addSuppressed(suppressed);
      }
      throw e;
    }
    db.rowIds().forget(t.schema(), t.name());
    try {
      db.catalog().removeRowIds(t.schema(), t.name());
    } catch (RuntimeException e) {
      // the table is gone; a counter left behind only makes a table created again skip ids
      LOG.warn("dropped table {} but not its row-id counter", t.name(), e);
    }
    LOG.debug("dropped table {} in {}", t.name(), db.description());
  }

  private void createView(DdlStatement.CreateView s) {
    String name = checkSchema(s.view());
    Catalog.Snapshot cat = db.catalog().snapshot();
    if (cat.table(name) != null) {
      throw new CellarSqlException(SqlState.TABLE_EXISTS, "a table called " + name + " exists already ("
          + s.view().at().position() + ")");
    }
    if (cat.view(name) != null && !s.orReplace()) {
      if (s.ifNotExists()) {
        return;
      }
      throw new CellarSqlException(SqlState.TABLE_EXISTS, "view " + name + " exists already ("
          + s.view().at().position() + "); use CREATE OR REPLACE VIEW");
    }
    List<String> cols = views.columnNames(s.query());
    if (!s.columnNames().isEmpty() && s.columnNames().size() != cols.size()) {
      throw CellarSqlException.syntax("view " + name + " names " + s.columnNames().size() + " columns but its query "
          + "returns " + cols.size());
    }
    if (new HashSet<>(s.columnNames()).size() != s.columnNames().size()) {
      throw new CellarSqlException(SqlState.COLUMN_EXISTS, "view " + name + " names a column twice");
    }
    db.catalog().putView(new ViewDef(Catalog.DEFAULT_SCHEMA, name, s.query(), s.columnNames()));
  }

  private void dropView(DdlStatement.DropView s) {
    String name = checkSchema(s.view());
    Catalog.Snapshot cat = db.catalog().snapshot();
    TableDef mapped = cat.table(name);
    if (mapped != null && mapped.isMapped()) {
      new ViewDependencies(cat).dropReaders(db.catalog(), name, "view", s.cascade());
      db.catalog().removeTable(mapped.schema(), mapped.name());
      return;
    }
    if (cat.view(name) == null) {
      if (s.ifExists()) {
        return;
      }
      throw notFound(s.view(), cat.table(name) != null ? "; it is a table: use DROP TABLE" : "");
    }
    new ViewDependencies(cat).dropReaders(db.catalog(), name, "view", s.cascade());
    db.catalog().removeView(Catalog.DEFAULT_SCHEMA, name);
  }

  // ---- helpers -----------------------------------------------------------------------------

  private TableDef table(Name n) {
    String name = checkSchema(n);
    Catalog.Snapshot cat = db.catalog().snapshot();
    TableDef t = cat.table(name);
    if (t == null) {
      throw notFound(n, cat.view(name) != null ? "; it is a view" : "");
    }
    return t;
  }

  private static CellarSqlException notFound(Name n, String hint) {
    return new CellarSqlException(SqlState.TABLE_NOT_FOUND, "table " + n + " does not exist (" + n.at().position()
        + ")" + hint);
  }

  static String checkSchema(Name n) {
    if (n.schema() != null && !n.schema().equals(Catalog.DEFAULT_SCHEMA)) {
      throw new CellarSqlException(SqlState.SCHEMA_NOT_FOUND, "schema " + n.schema() + " (" + n.at().position()
          + ") does not exist; tables live in schema " + Catalog.DEFAULT_SCHEMA);
    }
    return n.name();
  }

  private static String storageName(Name n) {
    String name = n.name();
    if (name.toLowerCase(Locale.ROOT).startsWith("_cellar")) {
      throw CellarSqlException.syntax("table name " + name + " (" + n.at().position()
          + ") is reserved: names starting with _CELLAR are system tables");
    }
    try {
      TableDescriptor.validateTableName(name);
    } catch (IllegalArgumentException e) {
      throw CellarSqlException.syntax("table name " + name + " (" + n.at().position() + ") cannot be stored: "
          + e.getMessage());
    }
    return name;
  }

  private static String familyName(String f, Token at) {
    try {
      ColumnFamilyDescriptor.validateFamilyName(f);
    } catch (IllegalArgumentException e) {
      throw CellarSqlException.syntax("column family " + f + " (" + at.position() + "): " + e.getMessage());
    }
    return f;
  }

  /**
   * Applies the family settings among {@code options}: qualified ones to their family (which
   * must be one of the table's), unqualified ones to every family. Unknown options are rejected.
   */
  private static void applyFamilyOptions(String table, List<Option> options,
      Map<String, ColumnFamilyDescriptor.Builder> fams, boolean create) {
    for (Option o : options) {
      if (o.family() == null) {
        if (TABLE_OPTIONS.containsKey(o.name())) {
          continue;
        }
        if (!FAMILY_SETTINGS.contains(o.name())) {
          throw unknownOption(table, o);
        }
        for (Map.Entry<String, ColumnFamilyDescriptor.Builder> e : fams.entrySet()) {
          setFamily(table, e.getKey(), e.getValue(), o);
        }
      } else {
        if (TABLE_OPTIONS.containsKey(o.name())) {
          throw CellarSqlException.syntax("option " + o.name() + " (" + o.at().position() + ") applies to the table, "
              + "not to family " + o.family());
        }
        ColumnFamilyDescriptor.Builder b = fams.get(o.family());
        if (b == null) {
          throw new CellarSqlException(SqlState.FAMILY_NOT_FOUND, "option " + o + " (" + o.at().position()
              + ") names family " + o.family() + ", which table " + table + (create ? " would not have" : " does not have")
              + "; its families are " + fams.keySet());
        }
        if (!FAMILY_SETTINGS.contains(o.name())) {
          throw unknownOption(table, o);
        }
        setFamily(table, o.family(), b, o);
      }
    }
  }

  private static void setFamily(String table, String family, ColumnFamilyDescriptor.Builder b, Option o) {
    try {
      b.set(o.name(), o.value());
    } catch (IllegalArgumentException e) {
      throw new CellarSqlException(SqlState.INVALID_PARAMETER_VALUE, "option " + o + " = '" + o.value() + "' ("
          + o.at().position() + ") of table " + table + ": " + e.getMessage());
    }
  }

  private static ColumnFamilyDescriptor buildFamily(String table, String family, ColumnFamilyDescriptor.Builder b) {
    try {
      return b.build();
    } catch (IllegalArgumentException e) {
      throw new CellarSqlException(SqlState.INVALID_PARAMETER_VALUE, "family " + family + " of table " + table
          + ": " + e.getMessage());
    }
  }

  private static CellarSqlException unknownOption(String table, Option o) {
    return CellarSqlException.syntax("unknown option " + o + " at " + o.at().position() + " (table " + table
        + "); table options: " + String.join(", ", TABLE_OPTIONS.keySet()) + "; family settings, for one family as "
        + "f.NAME=... or for all: " + String.join(", ", FAMILY_SETTINGS));
  }

  private static int intOption(Option o, int min, int max) {
    try {
      int v = Integer.parseInt(o.value());
      if (v >= min && v <= max) {
        return v;
      }
    } catch (NumberFormatException e) {
      // fall through
    }
    throw new CellarSqlException(SqlState.INVALID_PARAMETER_VALUE, "option " + o.name() + " = '" + o.value() + "' ("
        + o.at().position() + ") must be a whole number from " + min + " to " + max);
  }

  private static String tableOptionValue(Option o) {
    String v = o.value().toUpperCase(Locale.ROOT);
    switch (TABLE_OPTIONS.get(o.name())) {
      case "boolean":
        if (v.equals("TRUE") || v.equals("FALSE")) {
          return v;
        }
        break;
      case "none":
        if (v.equals("0") || v.equals("NONE")) {
          return v;
        }
        throw new CellarSqlException(SqlState.FEATURE_NOT_SUPPORTED, "option " + o.name() + " = " + o.value() + " ("
            + o.at().position() + "): Cellar stores each column in its own cell named after it; only 0 or NONE");
      case "frequency":
        if (v.equals("ALWAYS") || v.equals("NEVER") || v.matches("[0-9]+")) {
          return v;
        }
        break;
      default:
        return o.value();
    }
    throw new CellarSqlException(SqlState.INVALID_PARAMETER_VALUE, "option " + o.name() + " = '" + o.value() + "' ("
        + o.at().position() + ") must be " + TABLE_OPTIONS.get(o.name()));
  }

  private static Map<String, String> tableOptions() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("SALT_BUCKETS", "a number of buckets");
    m.put("DEFAULT_COLUMN_FAMILY", "a family name");
    m.put("DISABLE_WAL", "boolean");
    m.put("IMMUTABLE_ROWS", "boolean");
    m.put("UPDATE_CACHE_FREQUENCY", "frequency");
    m.put("COLUMN_ENCODED_BYTES", "none");
    return m;
  }

  private static Set<String> familySettings() {
    Set<String> s = new LinkedHashSet<>(ColumnFamilyDescriptor.of("f").settings().keySet());
    s.remove("NAME");
    return s;
  }

  /**
   * The position of each primary key column in the key, in key order.
   *
   * @throws CellarSqlException naming the column and its position if it is not one of {@code names}
   *     (42S22) or appears twice (42000)
   */
  static Map<String, Integer> keyPositions(List<KeyPart> key, java.util.Set<String> names, String kind, String name) {
    Map<String, Integer> keyPos = new LinkedHashMap<>();
    for (KeyPart k : key) {
      if (!names.contains(k.name())) {
        throw new CellarSqlException(SqlState.COLUMN_NOT_FOUND, "primary key column " + k.name() + " ("
            + k.at().position() + ") is not a column of " + kind + " " + name);
      }
      if (keyPos.put(k.name(), keyPos.size()) != null) {
        throw CellarSqlException.syntax("column " + k.name() + " appears twice in the primary key of " + kind + " "
            + name + " (" + k.at().position() + ")");
      }
    }
    return keyPos;
  }
}
