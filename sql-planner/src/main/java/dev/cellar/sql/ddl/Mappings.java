package dev.cellar.sql.ddl;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import dev.cellar.sql.catalog.Catalog;
import dev.cellar.sql.catalog.ColumnDef;
import dev.cellar.sql.catalog.TableDef;
import dev.cellar.sql.codec.KeyLayout;
import dev.cellar.sql.codec.ValueFormat;
import dev.cellar.sql.database.CellarDatabase;
import dev.cellar.sql.ddl.DdlStatement.Column;
import dev.cellar.sql.ddl.DdlStatement.KeyPart;
import dev.cellar.sql.ddl.DdlStatement.Option;
import dev.cellar.sql.exec.TableMapping;
import dev.cellar.storage.Admin;
import dev.cellar.storage.TableDescriptor;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * {@code CREATE VIEW v (columns) options}: the definition of a table mapped over a store table
 * written elsewhere, checked against the store without changing it ({@code sql-planner/docs/mapping.md}).
 */
final class Mappings {
  /** The options of a mapping, with what they take. */
  static final Map<String, String> OPTIONS = options();

  private Mappings() {}

  /**
   * The table {@code s} defines.
   *
   * @throws CellarSqlException if an option is unknown or invalid, the store table or a family
   *     does not exist, or the columns cannot be read in the given formats
   */
  static TableDef define(CellarDatabase db, DdlStatement.CreateMapping s, String name) {
    String store = s.view().name();
    KeyLayout layout = KeyLayout.BYTES;
    String separator = null;
    Option separatorAt = null;
    ValueFormat values = ValueFormat.BYTES;
    String defaultFamily = DdlExecutor.DEFAULT_FAMILY;
    boolean readOnly = false;
    boolean badAsNull = false;
    String dynamic = null;
    int versions = 1;
    Set<String> seen = new HashSet<>();
    for (Option o : s.options()) {
      if (o.family() != null || !OPTIONS.containsKey(o.name())) {
        throw unknown(name, o);
      }
      if (!seen.add(o.name())) {
        throw CellarSqlException.syntax("option " + o.name() + " (" + o.at().position() + ") of view " + name
            + " is given twice");
      }
      String v = o.value().toUpperCase(Locale.ROOT);
      switch (o.name()) {
        case "STORE_TABLE":
          store = o.value();
          break;
        case "KEY_FORMAT":
          layout = choice(o, v, KeyLayout.FIXED, KeyLayout.DELIMITED, KeyLayout.BYTES);
          break;
        case "KEY_SEPARATOR":
          if (o.value().isEmpty()) {
            throw invalid(name, o);
          }
          separator = o.value();
          separatorAt = o;
          break;
        case "VALUE_FORMAT":
          values = choice(o, v, ValueFormat.STRING, ValueFormat.BYTES);
          break;
        case "DEFAULT_COLUMN_FAMILY":
          defaultFamily = o.value();
          break;
        case "READ_ONLY":
          readOnly = bool(name, o, v);
          break;
        case "BAD_VALUES":
          if (!v.equals("ERROR") && !v.equals("NULL")) {
            throw invalid(name, o);
          }
          badAsNull = v.equals("NULL");
          break;
        case "DYNAMIC_FAMILY":
          if (o.value().isEmpty()) {
            throw invalid(name, o);
          }
          dynamic = o.value();
          break;
        case "READ_VERSIONS":
          versions = readVersions(name, o, v);
          break;
        default:
          throw new AssertionError(o.name());
      }
    }
    if (layout == KeyLayout.DELIMITED && separator == null) {
      throw CellarSqlException.syntax("view " + name + " has KEY_FORMAT='DELIMITED' but no KEY_SEPARATOR");
    }
    if (layout != KeyLayout.DELIMITED && separator != null) {
      throw CellarSqlException.syntax("KEY_SEPARATOR (" + separatorAt.at().position() + ") of view " + name
          + " is only for KEY_FORMAT='DELIMITED'");
    }
    TableDescriptor desc = storeTable(db, name, store, s);
    // columns
    Set<String> names = new HashSet<>();
    Set<String> declared = new HashSet<>();
    Set<String> unqualified = new HashSet<>();
    Column inlineKey = null;
    for (Column c : s.columns()) {
      // "f".q and "g".q are two cells; q twice, or "f".q twice, is one declared twice
      if (!declared.add(ColumnNames.declared(c, defaultFamily))) {
        throw new CellarSqlException(SqlState.COLUMN_EXISTS, "column " + ColumnNames.spelled(c)
            + " is declared twice in view " + name + " (" + c.at().position() + ")");
      }
      names.add(c.name());
      if (c.family() == null) {
        unqualified.add(c.name());
      }
      if (c.primaryKey()) {
        if (inlineKey != null || !s.primaryKey().isEmpty()) {
          throw CellarSqlException.syntax("view " + name + " declares its primary key twice (" + c.at().position()
              + ")");
        }
        inlineKey = c;
      }
    }
    List<KeyPart> key = new ArrayList<>(s.primaryKey());
    if (inlineKey != null) {
      key.add(new KeyPart(inlineKey.name(), inlineKey.descending(), inlineKey.at()));
    }
    if (key.isEmpty()) {
      throw CellarSqlException.syntax("view " + name + " needs a PRIMARY KEY: its columns say how the rowkeys of store "
          + "table " + store + " are read");
    }
    Map<String, Integer> keyPos = DdlExecutor.keyPositions(key, names, "view", name);
    for (KeyPart k : key) {
      if (k.descending()) {
        throw CellarSqlException.syntax("key column " + k.name() + " (" + k.at().position() + ") of view " + name
            + " cannot be DESC: a mapped rowkey is read as it is stored");
      }
    }
    String qualifier = null;
    if (dynamic != null) {
      qualifier = dynamicColumns(name, store, dynamic, desc, s.columns(), key);
      keyPos.remove(qualifier);
    }
    List<ColumnDef> cols = new ArrayList<>();
    String marker = null;
    for (Column c : s.columns()) {
      if (c.rowTimestamp()) {
        cols.add(RowTimestamps.define(c, key.stream().anyMatch(k -> k.name().equals(c.name())), cols, "view", name));
        continue;
      }
      if (c.name().equals(qualifier)) {
        cols.add(new ColumnDef(c.name(), c.type(), false, dynamic, -1, false, c.format()));
        continue;
      }
      Integer pos = c.family() == null || !unqualified.contains(c.name()) ? keyPos.get(c.name()) : null;
      if (pos != null) {
        if (c.type().isMap()) {
          throw MapColumns.inKey(c, "view", name);
        }
        if (c.family() != null) {
          throw CellarSqlException.syntax("primary key column " + c.family() + "." + c.name() + " of view " + name
              + " (" + c.at().position() + ") cannot have a column family: it is part of the rowkey");
        }
        cols.add(new ColumnDef(c.name(), c.type(), false, null, pos, false, c.format()));
        continue;
      }
      if (c.type().isMap() && dynamic != null) {
        throw CellarSqlException.syntax("MAP column " + c.name() + " (" + c.at().position() + ") of view " + name
            + ": a view with DYNAMIC_FAMILY reads each cell as a row of its own, so it has no MAP columns");
      }
      String fam = c.type().isMap() ? MapColumns.family(c, "view", name)
          : dynamic != null ? dynamic : c.family() == null ? defaultFamily : c.family();
      if (!desc.hasFamily(fam)) {
        throw new CellarSqlException(SqlState.FAMILY_NOT_FOUND, "column " + fam + "." + c.name() + " ("
            + c.at().position() + ") of view " + name + ": store table " + store + " has no family " + fam
            + "; its families are " + desc.familyNames());
      }
      marker = marker == null ? fam : marker;
      cols.add(new ColumnDef(c.name(), c.type(), !c.notNull(), fam, -1, false, c.format()));
    }
    if (marker == null) {
      marker = desc.familyNames().isEmpty() ? defaultFamily : desc.familyNames().get(0);
    }
    MapColumns.checkFamilies(cols, "view", name);
    ColumnNames.checkUnique(cols, defaultFamily, "view", name);
    TableDef def = new TableDef(Catalog.DEFAULT_SCHEMA, name, store, cols, 0, List.of(), defaultFamily, marker, false,
        TableDef.MAPPED_KEY_FORMAT, Map.of(), new TableDef.Mapping(layout, separator, values, readOnly, badAsNull, dynamic,
        qualifier, versions));
    try {
      new TableMapping(def);
    } catch (IllegalArgumentException e) {
      throw CellarSqlException.syntax("view " + name + " cannot read the rowkeys of store table " + store + " as "
          + layout + ": " + e.getMessage());
    }
    return def;
  }

  /**
   * Checks the columns of a view with {@code DYNAMIC_FAMILY}: the last primary-key column is the
   * qualifier of each cell of the family, after at least one column of the rowkey, and the one
   * non-key column is the cell's value.
   *
   * @return the qualifier column's name
   */
  private static String dynamicColumns(String name, String store, String family, TableDescriptor desc,
      List<Column> columns, List<KeyPart> key) {
    if (!desc.hasFamily(family)) {
      throw new CellarSqlException(SqlState.FAMILY_NOT_FOUND, "DYNAMIC_FAMILY '" + family + "' of view " + name
          + ": store table " + store + " has no family " + family + "; its families are " + desc.familyNames());
    }
    if (key.size() < 2) {
      throw CellarSqlException.syntax("view " + name + " has DYNAMIC_FAMILY='" + family + "' and needs a primary key "
          + "of the rowkey's columns followed by the column of the qualifier in family " + family);
    }
    String qualifier = key.get(key.size() - 1).name();
    List<Column> values = new ArrayList<>();
    for (Column c : columns) {
      boolean isKey = key.stream().anyMatch(k -> k.name().equals(c.name()));
      if (c.rowTimestamp() && !c.name().equals(qualifier)) {
        continue; // the cells' timestamp, checked with the other columns
      }
      if (isKey && c.family() != null && !c.name().equals(qualifier)) {
        continue; // refused below as a key column with a family
      }
      if (!isKey) {
        values.add(c);
      }
      if (c.family() != null && !c.family().equals(family)) {
        throw CellarSqlException.syntax("column " + c.family() + "." + c.name() + " (" + c.at().position()
            + ") of view " + name + " is outside DYNAMIC_FAMILY '" + family + "': each row of the view is one cell "
            + "of that family");
      }
    }
    if (values.size() != 1) {
      throw CellarSqlException.syntax("view " + name + " has DYNAMIC_FAMILY='" + family + "' and needs exactly one "
          + "column outside its primary key, for the cells' values; it has " + values.size());
    }
    return qualifier;
  }

  private static TableDescriptor storeTable(CellarDatabase db, String name, String store,
      DdlStatement.CreateMapping s) {
    if (store.toLowerCase(Locale.ROOT).startsWith("_cellar")) {
      throw CellarSqlException.syntax("view " + name + " cannot map system table " + store);
    }
    Admin admin = db.store().admin();
    if (!admin.tableExists(store)) {
      String hint = "";
      for (TableDescriptor t : admin.listTables()) {
        if (t.name().equalsIgnoreCase(store)) {
          hint = "; the store has a table \"" + t.name() + "\": quote the view's name as it is spelled, or give "
              + "STORE_TABLE='" + t.name() + "'";
        }
      }
      throw new CellarSqlException(SqlState.TABLE_NOT_FOUND, "store table " + store + " mapped by view " + name + " ("
          + s.view().at().position() + ") does not exist" + hint);
    }
    for (TableDef t : db.catalog().snapshot().tables().values()) {
      if (!t.isMapped() && t.storageName().equals(store)) {
        throw CellarSqlException.syntax("store table " + store + " holds SQL table " + t.name()
            + ", whose rows are in Cellar's own format; query " + t.name() + " instead of mapping it");
      }
    }
    return admin.describe(store);
  }

  @SafeVarargs
  private static <E extends Enum<E>> E choice(Option o, String v, E... allowed) {
    for (E e : allowed) {
      if (e.name().equals(v)) {
        return e;
      }
    }
    throw new CellarSqlException(SqlState.INVALID_PARAMETER_VALUE, "option " + o.name() + " = '" + o.value() + "' ("
        + o.at().position() + ") must be one of " + java.util.Arrays.toString(allowed));
  }

  /** {@code READ_VERSIONS}: {@code ALL} or a whole number from 1. */
  private static int readVersions(String view, Option o, String v) {
    if (v.equals("ALL")) {
      return TableDef.Mapping.ALL_VERSIONS;
    }
    try {
      int n = Integer.parseInt(v.trim());
      if (n >= 1) {
        return n;
      }
    } catch (NumberFormatException e) {
      // refused below
    }
    throw invalid(view, o);
  }

  private static boolean bool(String view, Option o, String v) {
    if (v.equals("TRUE") || v.equals("FALSE")) {
      return v.equals("TRUE");
    }
    throw invalid(view, o);
  }

  private static CellarSqlException invalid(String view, Option o) {
    return new CellarSqlException(SqlState.INVALID_PARAMETER_VALUE, "option " + o.name() + " = '" + o.value() + "' ("
        + o.at().position() + ") of view " + view + " must be " + OPTIONS.get(o.name()));
  }

  private static CellarSqlException unknown(String view, Option o) {
    boolean storeSetting = TableOptions.TABLE_OPTIONS.containsKey(o.name())
        || TableOptions.FAMILY_SETTINGS.contains(o.name());
    return CellarSqlException.syntax((storeSetting ? "option " + o + " at " + o.at().position()
        + " does not apply to view " + view + ": a mapping never creates or changes its store table"
        : "unknown option " + o + " at " + o.at().position() + " (view " + view + ")")
        + "; the options of a mapped view are " + String.join(", ", OPTIONS.keySet()));
  }

  private static Map<String, String> options() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("STORE_TABLE", "the store table's name");
    m.put("KEY_FORMAT", "FIXED, DELIMITED or BYTES");
    m.put("KEY_SEPARATOR", "a non-empty string");
    m.put("VALUE_FORMAT", "STRING or BYTES");
    m.put("DEFAULT_COLUMN_FAMILY", "a family name");
    m.put("READ_ONLY", "TRUE or FALSE");
    m.put("BAD_VALUES", "ERROR or NULL");
    m.put("DYNAMIC_FAMILY", "a family name");
    m.put("READ_VERSIONS", "ALL or a whole number from 1");
    return m;
  }
}
