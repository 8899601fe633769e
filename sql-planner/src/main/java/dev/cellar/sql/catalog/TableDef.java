package dev.cellar.sql.catalog;

import dev.cellar.sql.codec.KeyLayout;
import dev.cellar.sql.codec.ValueFormat;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;

/**
 * A relational table in the catalog: its columns and how they map onto one storage table.
 * Immutable; DDL replaces it with a changed copy.
 *
 * @param schema SQL schema ({@link Catalog#DEFAULT_SCHEMA})
 * @param name SQL name
 * @param storageName the storage table holding its rows
 * @param columns columns in declaration order
 * @param saltBuckets number of salt buckets, 0 when the key is not salted
 * @param splitPoints the {@code SPLIT ON} values as written, for documentation
 * @param defaultFamily the family of columns declared without one
 * @param markerFamily the family holding each row's marker cell ({@link #MARKER_QUALIFIER})
 * @param hiddenKey whether the table has no primary key and rows get a generated rowkey
 * @param keyFormatVersion version of the rowkey format ({@code sql-planner/docs/key-encoding.md})
 * @param options other table options, by upper-case name (IMMUTABLE_ROWS, DISABLE_WAL, ...)
 * @param mapping for a table mapped over a store table written elsewhere ({@code CREATE VIEW v
 *     (columns) ...}), how its keys and values are written; {@code null} for a table of Cellar's own
 */
public record TableDef(String schema, String name, String storageName, List<ColumnDef> columns, int saltBuckets,
    List<String> splitPoints, String defaultFamily, String markerFamily, boolean hiddenKey, int keyFormatVersion,
    Map<String, String> options, Mapping mapping) {

  /** Qualifier of the marker cell every row has, so that a row whose columns are all NULL exists. */
  public static final String MARKER_QUALIFIER = "_0";

  /** {@link #keyFormatVersion} of a mapped table: its keys are laid out as its {@link Mapping} says. */
  public static final int MAPPED_KEY_FORMAT = 2;

  /**
   * How a mapped table reads and writes the store table it maps (see
   * {@code sql-planner/docs/mapping.md}). Mapped tables own no marker cell and never create,
   * alter or drop their store table.
   *
   * @param keyLayout how the rowkey's fields are laid out (not {@link KeyLayout#CELLAR})
   * @param keySeparator the separator of a {@link KeyLayout#DELIMITED} key, else {@code null}
   * @param valueFormat how cells hold values, for columns without their own {@link ColumnDef#format}
   * @param readOnly whether INSERT, UPSERT, UPDATE and DELETE are refused
   * @param badValuesAsNull whether a cell that is not a value of its column reads as NULL
   *     instead of failing the statement
   * @param dynamicFamily for a table with one row per cell of a family ({@code DYNAMIC_FAMILY}),
   *     that family, else {@code null}
   * @param qualifierColumn for such a table, the column that holds each cell's qualifier (the
   *     other non-key column holds its value), else {@code null}
   * @param readVersions how many versions of each cell the table reads ({@code READ_VERSIONS}):
   *     1, the latest only (one SQL row per row, or per cell of a dynamic family), or more, each
   *     version a SQL row ({@link #ALL_VERSIONS} for every version the store keeps)
   */
  public record Mapping(KeyLayout keyLayout, String keySeparator, ValueFormat valueFormat, boolean readOnly,
      boolean badValuesAsNull, String dynamicFamily, String qualifierColumn, int readVersions) {
    /** {@link #readVersions} of a table that reads every version the store keeps. */
    public static final int ALL_VERSIONS = Integer.MAX_VALUE;

    /** A mapping with one row per store row. */
    public Mapping(KeyLayout keyLayout, String keySeparator, ValueFormat valueFormat, boolean readOnly,
        boolean badValuesAsNull) {
      this(keyLayout, keySeparator, valueFormat, readOnly, badValuesAsNull, null, null);
    }

    /** A mapping that reads the latest version of each cell. */
    public Mapping(KeyLayout keyLayout, String keySeparator, ValueFormat valueFormat, boolean readOnly,
        boolean badValuesAsNull, String dynamicFamily, String qualifierColumn) {
      this(keyLayout, keySeparator, valueFormat, readOnly, badValuesAsNull, dynamicFamily, qualifierColumn, 1);
    }

    public Mapping {
      if (readVersions < 1) {
        throw new IllegalArgumentException("a mapping reads at least one version, not " + readVersions);
      }
      if ((dynamicFamily == null) != (qualifierColumn == null)) {
        throw new IllegalArgumentException("a dynamic family, and only one, has a qualifier column");
      }
      Objects.requireNonNull(keyLayout, "keyLayout");
      Objects.requireNonNull(valueFormat, "valueFormat");
      if (keyLayout == KeyLayout.CELLAR) {
        throw new IllegalArgumentException("a mapping has a key layout other than CELLAR");
      }
      if ((keyLayout == KeyLayout.DELIMITED) != (keySeparator != null && !keySeparator.isEmpty())) {
        throw new IllegalArgumentException("a DELIMITED key, and only one, has a separator");
      }
    }
  }

  /** A table of Cellar's own, not mapped. */
  public TableDef(String schema, String name, String storageName, List<ColumnDef> columns, int saltBuckets,
      List<String> splitPoints, String defaultFamily, String markerFamily, boolean hiddenKey, int keyFormatVersion,
      Map<String, String> options) {
    this(schema, name, storageName, columns, saltBuckets, splitPoints, defaultFamily, markerFamily, hiddenKey,
        keyFormatVersion, options, null);
  }

  public TableDef {
    Objects.requireNonNull(schema, "schema");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(storageName, "storageName");
    columns = List.copyOf(columns);
    splitPoints = List.copyOf(splitPoints);
    options = Map.copyOf(new TreeMap<>(options));
    Objects.requireNonNull(defaultFamily, "defaultFamily");
    Objects.requireNonNull(markerFamily, "markerFamily");
    if ((mapping != null) != (keyFormatVersion == MAPPED_KEY_FORMAT)) {
      throw new IllegalArgumentException("table " + name + ": key format " + keyFormatVersion
          + (mapping != null ? " with" : " without") + " a mapping");
    }
  }

  /** Whether the table maps a store table written elsewhere. */
  public boolean isMapped() {
    return mapping != null;
  }

  /** Whether each SQL row is one version of a row or cell ({@link Mapping#readVersions()} above 1). */
  public boolean readsVersions() {
    return mapping != null && mapping.readVersions() > 1;
  }

  /** The {@code ROW_TIMESTAMP} column ({@link ColumnDef#rowTimestamp()}), or {@code null}. */
  public ColumnDef rowTimestampColumn() {
    for (ColumnDef c : columns) {
      if (c.rowTimestamp()) {
        return c;
      }
    }
    return null;
  }

  /** Whether each SQL row is one cell of a family ({@link Mapping#dynamicFamily()}). */
  public boolean isDynamic() {
    return mapping != null && mapping.dynamicFamily() != null;
  }

  /** The key columns in key order (empty for a hidden key). */
  public List<ColumnDef> keyColumns() {
    List<ColumnDef> keys = new ArrayList<>();
    for (ColumnDef c : columns) {
      if (c.isKey()) {
        keys.add(c);
      }
    }
    keys.sort(Comparator.comparingInt(ColumnDef::keyPosition));
    return keys;
  }

  /** The column called {@code name} (exact match), or {@code null}. */
  public ColumnDef column(String name) {
    for (ColumnDef c : columns) {
      if (c.name().equals(name)) {
        return c;
      }
    }
    return null;
  }

  /** Index of the column in {@link #columns()}, or -1. */
  public int columnIndex(String name) {
    for (int i = 0; i < columns.size(); i++) {
      if (columns.get(i).name().equals(name)) {
        return i;
      }
    }
    return -1;
  }

  /** Every family the table's cells live in: the marker family first, then in column order. */
  public Set<String> families() {
    Set<String> fs = new LinkedHashSet<>();
    fs.add(markerFamily);
    for (ColumnDef c : columns) {
      if (c.isCell()) {
        fs.add(c.family());
      }
    }
    return fs;
  }

  /** This table with other columns. */
  public TableDef withColumns(List<ColumnDef> newColumns) {
    return new TableDef(schema, name, storageName, newColumns, saltBuckets, splitPoints, defaultFamily, markerFamily,
        hiddenKey, keyFormatVersion, options, mapping);
  }

  /** This table with other options. */
  public TableDef withOptions(Map<String, String> newOptions) {
    return new TableDef(schema, name, storageName, columns, saltBuckets, splitPoints, defaultFamily, markerFamily,
        hiddenKey, keyFormatVersion, newOptions, mapping);
  }

  /** Whether the option is set to {@code true}. */
  public boolean flag(String option) {
    return "TRUE".equalsIgnoreCase(options.get(option));
  }

  /** {@code SCHEMA.NAME}. */
  public String qualifiedName() {
    return schema + "." + name;
  }
}
