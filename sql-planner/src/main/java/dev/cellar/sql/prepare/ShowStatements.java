package dev.cellar.sql.prepare;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import dev.cellar.sql.catalog.Catalog;
import dev.cellar.sql.catalog.ColumnDef;
import dev.cellar.sql.catalog.TableDef;
import dev.cellar.sql.catalog.ViewDef;
import dev.cellar.sql.session.CellarSession;
import dev.cellar.sql.parser.CellarParser;
import dev.cellar.storage.CellarStore;
import dev.cellar.storage.ColumnFamilyDescriptor;
import dev.cellar.storage.TableDescriptor;
import java.sql.DatabaseMetaData;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.jdbc.CalcitePrepare.CalciteSignature;
import org.apache.calcite.jdbc.CalcitePrepare.Context;
import org.apache.calcite.linq4j.Linq4j;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.runtime.Bindable;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * {@code SHOW TABLES} and {@code SHOW CREATE TABLE t} (or {@code SHOW CREATE VIEW v}), read from
 * the catalog when the statement runs.
 *
 * <ul>
 *   <li>{@code SHOW TABLES}: the tables and views of schema {@code PUBLIC}, by name, as
 *       {@code TABLE_NAME} and {@code TABLE_TYPE} ({@code TABLE} or {@code VIEW}, as
 *       {@code DatabaseMetaData.getTables} says).
 *   <li>{@code SHOW CREATE TABLE t}: DDL that creates {@code t} as it is now, one row per line in
 *       one column {@code DDL}: its columns with their families, the primary key, then every
 *       setting of each family as the store holds it (what the shell's {@code describe} lists)
 *       and the table options. A view gives its {@code CREATE VIEW}.
 * </ul>
 */
final class ShowStatements {
  private static final Pattern SHOW_TABLES = Pattern.compile("(?is)\\s*SHOW\\s+TABLES\\s*;?\\s*");
  private static final Pattern SHOW_CREATE =
      Pattern.compile("(?is)\\s*SHOW\\s+CREATE\\s+(TABLE|VIEW)\\s+(?:PUBLIC\\s*\\.\\s*)?(\"(?:[^\"]|\"\")+\"|\\w+)\\s*;?\\s*");
  private static final Pattern PLAIN_NAME = Pattern.compile("[A-Z][A-Z0-9_]*");

  private ShowStatements() {}

  /** The signature of a {@code SHOW} statement. */
  static <T> CalciteSignature<T> prepare(Context context, CellarSession session, String sql) {
    if (SHOW_TABLES.matcher(sql).matches()) {
      return rows(context, sql, List.of("TABLE_NAME", "TABLE_TYPE"), () -> tables(session));
    }
    Matcher m = SHOW_CREATE.matcher(sql);
    if (m.matches()) {
      String written = m.group(2);
      String name = written.startsWith("\"") ? written.substring(1, written.length() - 1).replace("\"\"", "\"")
          : written.toUpperCase(Locale.ROOT);
      return rows(context, sql, List.of("DDL"), () -> createStatement(session, name));
    }
    throw new CellarSqlException(SqlState.SYNTAX_ERROR, "Syntax error in '" + sql.trim()
        + "': SHOW takes TABLES, CREATE TABLE name or CREATE VIEW name");
  }

  /** Rows computed when the statement runs. */
  private interface Rows {
    List<Object[]> get();
  }

  private static <T> CalciteSignature<T> rows(Context context, String sql, List<String> names, Rows rows) {
    RelDataTypeFactory.Builder type = context.getTypeFactory().builder();
    List<ColumnMetaData> columns = new ArrayList<>();
    for (String n : names) {
      type.add(n, SqlTypeName.VARCHAR);
      columns.add(new ColumnMetaData(columns.size(), false, true, false, false, DatabaseMetaData.columnNoNulls, false,
          Integer.MAX_VALUE, n, n, null, Integer.MAX_VALUE, 0, null, null,
          ColumnMetaData.scalar(Types.VARCHAR, "VARCHAR", ColumnMetaData.Rep.STRING), true, false, false,
          String.class.getName()));
    }
    RelDataType rowType = type.build();
    @SuppressWarnings("unchecked")
    Bindable<T> run = dataContext -> (org.apache.calcite.linq4j.Enumerable<T>) (Object) Linq4j.asEnumerable(rows.get());
    return new CalciteSignature<>(sql, List.of(), new java.util.HashMap<>(), rowType, columns,
        Meta.CursorFactory.ARRAY, context.getRootSchema(), List.of(), -1, run, Meta.StatementType.SELECT);
  }

  private static List<Object[]> tables(CellarSession session) {
    Catalog.Snapshot snap = session.database().catalog().snapshot();
    List<Object[]> out = new ArrayList<>();
    for (TableDef t : snap.tables().values()) {
      out.add(new Object[] {t.name(), t.isMapped() ? "VIEW" : "TABLE"});
    }
    for (ViewDef v : snap.views().values()) {
      out.add(new Object[] {v.name(), "VIEW"});
    }
    out.sort(Comparator.comparing(r -> (String) r[0]));
    return out;
  }

  private static List<Object[]> createStatement(CellarSession session, String name) {
    Catalog.Snapshot snap = session.database().catalog().snapshot();
    List<String> lines;
    TableDef t = snap.table(name);
    ViewDef v = snap.view(name);
    if (t != null) {
      lines = t.isMapped() ? mapping(t) : table(t, session.database().store());
    } else if (v != null) {
      lines = view(v);
    } else {
      throw new CellarSqlException(SqlState.TABLE_NOT_FOUND, "Object '" + name + "' not found: no table or view "
          + name + " in schema " + Catalog.DEFAULT_SCHEMA);
    }
    List<Object[]> out = new ArrayList<>();
    for (String line : lines) {
      out.add(new Object[] {line});
    }
    return out;
  }

  /** A name as DDL must write it: quoted unless it is an upper-case word that is not reserved. */
  static String name(String n) {
    return PLAIN_NAME.matcher(n).matches() && !CellarParser.isReserved(n) ? n : CellarParser.quoted(n);
  }

  private static String column(TableDef t, ColumnDef c) {
    boolean qualified = c.family() != null && !c.family().equals(t.defaultFamily());
    return "  " + (qualified ? name(c.family()) + "." : "") + name(c.qualifier()) + " " + c.type().sql()
        + (c.format() == null ? "" : " FORMAT " + c.format()) + (c.nullable() ? "" : " NOT NULL")
        + (c.rowTimestamp() ? " ROW_TIMESTAMP" : "");
  }

  /** The column lines and the primary key constraint, ending with the closing parenthesis. */
  private static List<String> body(TableDef t) {
    List<String> parts = new ArrayList<>();
    for (ColumnDef c : t.columns()) {
      parts.add(column(t, c));
    }
    List<ColumnDef> key = t.hiddenKey() ? List.of() : t.keyColumns();
    if (!key.isEmpty()) {
      List<String> k = new ArrayList<>();
      for (ColumnDef c : key) {
        k.add(name(c.name()) + (c.descending() ? " DESC" : ""));
      }
      parts.add("  CONSTRAINT PK PRIMARY KEY (" + String.join(", ", k) + ")");
    }
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < parts.size(); i++) {
      lines.add(parts.get(i) + (i < parts.size() - 1 ? "," : ")"));
    }
    return lines;
  }

  private static List<String> table(TableDef t, CellarStore store) {
    List<String> lines = new ArrayList<>();
    lines.add("CREATE TABLE " + name(t.name()) + " (");
    lines.addAll(body(t));
    List<String> options = new ArrayList<>();
    TableDescriptor d = store.admin().tableExists(t.storageName()) ? store.admin().describe(t.storageName()) : null;
    if (d != null) {
      for (ColumnFamilyDescriptor f : d.families()) {
        List<String> settings = new ArrayList<>();
        for (Map.Entry<String, String> s : f.settings().entrySet()) {
          if (!s.getKey().equals("NAME")) {
            settings.add(name(f.name()) + "." + s.getKey() + "=" + value(s.getValue()));
          }
        }
        options.add(String.join(", ", settings));
      }
    }
    if (t.saltBuckets() > 0) {
      options.add("SALT_BUCKETS=" + t.saltBuckets());
    }
    if (!t.defaultFamily().equals("0")) {
      options.add("DEFAULT_COLUMN_FAMILY=" + value(t.defaultFamily()));
    }
    for (Map.Entry<String, String> o : t.options().entrySet()) {
      options.add(o.getKey() + "=" + value(o.getValue()));
    }
    for (int i = 0; i < options.size(); i++) {
      lines.add(options.get(i) + (i < options.size() - 1 ? "," : ""));
    }
    if (!t.splitPoints().isEmpty()) {
      lines.add("SPLIT ON (" + String.join(", ", t.splitPoints()) + ")");
    }
    return lines;
  }

  private static List<String> mapping(TableDef t) {
    TableDef.Mapping m = t.mapping();
    List<String> lines = new ArrayList<>();
    lines.add("CREATE VIEW " + name(t.name()) + " (");
    lines.addAll(body(t));
    List<String> options = new ArrayList<>();
    options.add("STORE_TABLE=" + value(t.storageName()));
    options.add("KEY_FORMAT='" + m.keyLayout() + "'");
    if (m.keySeparator() != null) {
      options.add("KEY_SEPARATOR=" + value(m.keySeparator()));
    }
    options.add("VALUE_FORMAT='" + m.valueFormat() + "'");
    if (m.readOnly()) {
      options.add("READ_ONLY=TRUE");
    }
    if (m.badValuesAsNull()) {
      options.add("BAD_VALUES='NULL'");
    }
    if (m.dynamicFamily() != null) {
      options.add("DYNAMIC_FAMILY=" + value(m.dynamicFamily()));
    }
    if (m.readVersions() != 1) {
      options.add("READ_VERSIONS=" + (m.readVersions() == TableDef.Mapping.ALL_VERSIONS ? "'ALL'" : m.readVersions()));
    }
    lines.add(String.join(", ", options));
    return lines;
  }

  private static List<String> view(ViewDef v) {
    List<String> lines = new ArrayList<>();
    String columns = "";
    if (v.columnNames() != null && !v.columnNames().isEmpty()) {
      List<String> names = new ArrayList<>();
      for (String c : v.columnNames()) {
        names.add(name(c));
      }
      columns = " (" + String.join(", ", names) + ")";
    }
    lines.add("CREATE VIEW " + name(v.name()) + columns + " AS");
    lines.addAll(List.of(v.query().strip().split("\n")));
    return lines;
  }

  /** An option's value: a number or boolean as it is, anything else a string literal. */
  private static String value(String v) {
    if (v.matches("-?\\d+") || v.equalsIgnoreCase("true") || v.equalsIgnoreCase("false")) {
      return v;
    }
    return "'" + v.replace("'", "''") + "'";
  }
}
