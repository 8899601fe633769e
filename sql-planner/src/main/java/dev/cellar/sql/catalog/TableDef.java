package dev.cellar.sql.catalog;

import dev.cellar.sql.codec.KeyColumn;
import dev.cellar.sql.codec.KeyLayout;
import dev.cellar.sql.codec.KeyLiterals;
import dev.cellar.sql.codec.RowKeyCodec;
import dev.cellar.sql.codec.ValueFormat;
import dev.cellar.storage.Bytes;
import java.nio.charset.StandardCharsets;
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
    Objects.requireNonNull(defaultFamily, "defaultFamily");
    columns = named(columns, defaultFamily);
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

  /**
   * The codec of the table's rowkeys: its key columns in Cellar's key encoding (after a salt
   * byte if it is salted), or in a mapped table's key layout; {@code null} for a hidden key.
   */
  public RowKeyCodec keyCodec() {
    List<ColumnDef> keys = keyColumns();
    List<KeyColumn> keyColumns = new ArrayList<>();
    List<ValueFormat> keyFormats = new ArrayList<>();
    for (ColumnDef c : keys) {
      // only an index entry's indexed columns are nullable key columns
      keyColumns.add(new KeyColumn(c.name(), c.type().type(), c.descending(), c.type().keyLength(), c.nullable()));
      keyFormats.add(c.format());
    }
    if (isMapped()) {
      return mapping.keyLayout().codec(keyColumns, keyFormats,
          mapping.keySeparator() == null ? null : mapping.keySeparator().getBytes(StandardCharsets.UTF_8));
    }
    if (hiddenKey()) {
      return null;
    }
    return saltBuckets() > 0 ? RowKeyCodec.salted(keyColumns, saltBuckets()) : RowKeyCodec.of(keyColumns);
  }

  /**
   * A rowkey of the table as messages name a row: its key columns and their SQL values,
   * {@code (ID, NAME)=(1, 'x')}; {@code rowkey \x80...} for a hidden key or a key its codec
   * cannot read.
   */
  public String describeKey(byte[] row) {
    String named;
    try {
      RowKeyCodec codec = keyCodec();
      named = codec == null ? null : KeyLiterals.named(codec, row);
    } catch (RuntimeException e) {
      named = null;
    }
    return named != null ? named : "rowkey " + Bytes.toStringBinary(row);
  }

  /**
   * The column called {@code name} (exact match), else the cell column {@code name} spells as
   * {@code family.qualifier}, or {@code null}.
   */
  public ColumnDef column(String name) {
    int i = columnIndex(name);
    return i < 0 ? null : columns.get(i);
  }

  /** Index of the column {@link #column(String)} finds in {@link #columns()}, or -1. */
  public int columnIndex(String name) {
    for (int i = 0; i < columns.size(); i++) {
      if (columns.get(i).name().equals(name)) {
        return i;
      }
    }
    for (int dot = name.indexOf('.'); dot > 0; dot = name.indexOf('.', dot + 1)) {
      String family = name.substring(0, dot);
      String qualifier = name.substring(dot + 1);
      for (int i = 0; i < columns.size(); i++) {
        if (columns.get(i).is(family, qualifier)) {
          return i;
        }
      }
    }
    return -1;
  }

  /** The columns whose own name ({@link ColumnDef#qualifier()}) is {@code qualifier}, in any family. */
  public List<ColumnDef> columnsCalled(String qualifier) {
    List<ColumnDef> out = new ArrayList<>();
    for (ColumnDef c : columns) {
      if (c.qualifier().equals(qualifier)) {
        out.add(c);
      }
    }
    return out;
  }

  /**
   * The SQL names of {@code columns} in a table whose default family is {@code defaultFamily}: a
   * column's own name ({@link ColumnDef#qualifier()}), unless another column has it too. Of the
   * columns sharing one, a key column or the row timestamp, else the one in the default family,
   * keeps it (an unqualified name means that column, as in Phoenix); the others are called
   * {@code FAMILY.QUALIFIER}, the name a statement's dynamic column in a family has too.
   */
  public static List<String> fieldNames(List<ColumnDef> columns, String defaultFamily) {
    Map<String, Integer> count = new java.util.HashMap<>();
    Set<String> unfamilied = new java.util.HashSet<>();
    for (ColumnDef c : columns) {
      count.merge(c.qualifier(), 1, Integer::sum);
      if (!c.isCell()) {
        unfamilied.add(c.qualifier());
      }
    }
    List<String> names = new ArrayList<>(columns.size());
    for (ColumnDef c : columns) {
      String q = c.qualifier();
      boolean plain = !c.isCell() || count.get(q) == 1
          || c.family().equals(defaultFamily) && !unfamilied.contains(q);
      names.add(plain ? q : c.family() + "." + q);
    }
    return names;
  }

  /** The first SQL name {@link #fieldNames} gives two of {@code columns}, or {@code null}. */
  public static String duplicateName(List<ColumnDef> columns, String defaultFamily) {
    Set<String> seen = new java.util.HashSet<>();
    for (String n : fieldNames(columns, defaultFamily)) {
      if (!seen.add(n)) {
        return n;
      }
    }
    return null;
  }

  /** {@code columns}, each under its SQL name ({@link #fieldNames}). */
  private static List<ColumnDef> named(List<ColumnDef> columns, String defaultFamily) {
    List<String> names = fieldNames(columns, defaultFamily);
    List<ColumnDef> out = new ArrayList<>(columns.size());
    for (int i = 0; i < columns.size(); i++) {
      out.add(columns.get(i).withName(names.get(i)));
    }
    String twice = duplicateName(columns, defaultFamily);
    if (twice != null) {
      throw new IllegalArgumentException("two columns are called " + twice);
    }
    return List.copyOf(out);
  }

  /** Whether two columns of the table have the same own name ({@link ColumnDef#qualifier()}). */
  public boolean sharesQualifiers() {
    Set<String> seen = new java.util.HashSet<>();
    for (ColumnDef c : columns) {
      if (!seen.add(c.qualifier())) {
        return true;
      }
    }
    return false;
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
