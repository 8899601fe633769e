package dev.cellar.sql.ddl;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import dev.cellar.sql.catalog.Catalog;
import dev.cellar.sql.catalog.ColumnDef;
import dev.cellar.sql.catalog.TableDef;
import dev.cellar.sql.codec.KeyColumn;
import dev.cellar.sql.codec.KeyFormat;
import dev.cellar.sql.codec.RowKeyCodec;
import dev.cellar.sql.database.CellarDatabase;
import dev.cellar.sql.ddl.DdlStatement.Column;
import dev.cellar.sql.ddl.DdlStatement.KeyPart;
import dev.cellar.sql.ddl.DdlStatement.Option;
import dev.cellar.sql.exec.RowTtls;
import dev.cellar.storage.Admin;
import dev.cellar.storage.Bytes;
import dev.cellar.storage.ColumnFamilyDescriptor;
import dev.cellar.storage.TableDescriptor;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * CREATE TABLE (columns, primary key, families, salt, split points and options checked against
 * the catalog, then the storage table created and the definition recorded) and DROP TABLE.
 * Called by {@link DdlExecutor} under the database's DDL lock.
 */
final class TableDdl {
  private static final Logger LOG = LoggerFactory.getLogger(TableDdl.class);

  private final CellarDatabase db;

  TableDdl(CellarDatabase db) {
    this.db = db;
  }

  void create(DdlStatement.CreateTable s) {
    String name = DdlExecutor.checkSchema(s.table());
    Catalog.Snapshot cat = db.catalog().snapshot();
    if (cat.exists(name)) {
      if (s.ifNotExists()) {
        return;
      }
      throw new CellarSqlException(SqlState.TABLE_EXISTS, (cat.view(name) != null ? "a view" : "table") + " "
          + name + " exists already (" + s.table().at().position() + ")");
    }
    String storageName = DdlExecutor.storageName(s.table());
    Map<String, String> tableOptions = new TreeMap<>();
    String defaultFamily = DdlExecutor.DEFAULT_FAMILY;
    int salt = 0;
    for (Option o : s.options()) {
      if (o.family() == null && TableOptions.TABLE_OPTIONS.containsKey(o.name())) {
        switch (o.name()) {
          case "SALT_BUCKETS":
            salt = TableOptions.intOption(o, 1, KeyFormat.MAX_BUCKETS);
            break;
          case "DEFAULT_COLUMN_FAMILY":
            defaultFamily = TableOptions.familyName(o.value(), o.at());
            break;
          default:
            tableOptions.put(o.name(), TableOptions.tableOptionValue(o));
        }
      }
    }
    // columns
    Set<String> names = new HashSet<>();
    Set<String> declared = new HashSet<>();
    Set<String> unqualified = new HashSet<>();
    List<ColumnDef> cols = new ArrayList<>();
    Column inlineKey = null;
    for (Column c : s.columns()) {
      // a.v and b.v are two columns; v twice, or a.v twice, is one declared twice
      if (!declared.add(ColumnNames.declared(c, defaultFamily))) {
        throw new CellarSqlException(SqlState.COLUMN_EXISTS, "column " + ColumnNames.spelled(c)
            + " is declared twice in table " + name + " (" + c.at().position() + ")");
      }
      names.add(c.name());
      if (c.family() == null) {
        unqualified.add(c.name());
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
    Map<String, Integer> keyPos = DdlExecutor.keyPositions(key, names, "table", name);
    Map<String, Boolean> keyDesc = new LinkedHashMap<>();
    for (KeyPart k : key) {
      keyDesc.put(k.name(), k.descending());
    }
    for (Column c : s.columns()) {
      // of columns named alike, the key column is the one declared without a family
      Integer pos = c.family() == null || !unqualified.contains(c.name()) ? keyPos.get(c.name()) : null;
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
            : c.family() == null ? defaultFamily : TableOptions.familyName(c.family(), c.at());
        cols.add(new ColumnDef(c.name(), c.type(), !c.notNull(), fam, -1, false));
      }
    }
    MapColumns.checkFamilies(cols, "table", name);
    ColumnNames.checkUnique(cols, defaultFamily, "table", name);
    boolean hidden = key.isEmpty();
    if (hidden && salt > 0) {
      throw CellarSqlException.syntax("SALT_BUCKETS needs a primary key: table " + name
          + " has none, and its generated rowkeys are spread over the key space already");
    }
    // families: the marker family first
    Set<String> families = new LinkedHashSet<>();
    boolean usesDefault = cols.stream().anyMatch(c -> c.isCell() && c.family().equals(DdlExecutor.DEFAULT_FAMILY));
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
      fams.put(f, ColumnFamilyDescriptor.newBuilder(f).maxVersions(DdlExecutor.SQL_DEFAULT_VERSIONS)
          .compression(DdlExecutor.SQL_DEFAULT_COMPRESSION).bloomType(DdlExecutor.SQL_DEFAULT_BLOOM)
          .blockSize(DdlExecutor.SQL_DEFAULT_BLOCKSIZE));
    }
    TableOptions.applyFamilyOptions(name, s.options(), fams, true);
    TableDescriptor.Builder tb = TableDescriptor.newBuilder(storageName);
    for (Map.Entry<String, ColumnFamilyDescriptor.Builder> e : fams.entrySet()) {
      tb.family(TableOptions.buildFamily(name, e.getKey(), e.getValue()));
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
    // a table dropped under this name may have had other TTLs
    RowTtls.forget(db, storageName);
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
      if (k.length > dev.cellar.storage.Mutation.MAX_ROW_LENGTH) {
        throw new CellarSqlException(SqlState.STRING_TRUNCATION, "split point at " + t.position() + " of table "
            + def.name() + " encodes to a rowkey of " + k.length + " bytes, longer than the maximum of "
            + dev.cellar.storage.Mutation.MAX_ROW_LENGTH);
      }
      if (!sorted.add(k)) {
        throw CellarSqlException.syntax("split point " + t.show() + " at " + t.position() + " repeats an earlier one");
      }
      texts.add(t.text());
    }
    return sorted.toArray(new byte[0][]);
  }

  static void checkNoFormat(Column c, String table) {
    if (c.format() != null) {
      throw CellarSqlException.syntax("FORMAT of column " + c.name() + " (" + c.at().position() + ") of table " + table
          + " is only for views mapping a store table: a table of Cellar's own stores every value in its own format");
    }
  }

  void drop(DdlStatement.DropTable s) {
    String name = DdlExecutor.checkSchema(s.table());
    Catalog.Snapshot cat = db.catalog().snapshot();
    TableDef t = cat.table(name);
    if (t == null) {
      if (s.ifExists()) {
        return;
      }
      throw DdlExecutor.notFound(s.table(), cat.view(name) != null ? "; it is a view: use DROP VIEW" : "");
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
    dev.cellar.sql.database.TableStatistics.of(db).remove(t.schema(), t.name());
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
}
