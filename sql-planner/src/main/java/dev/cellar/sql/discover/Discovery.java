package dev.cellar.sql.discover;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import dev.cellar.storage.Cell;
import dev.cellar.storage.CellarStore;
import dev.cellar.storage.Result;
import dev.cellar.storage.ResultScanner;
import dev.cellar.storage.Scan;
import dev.cellar.storage.TableDescriptor;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Schema discovery: samples the first rows of a store table written outside SQL and proposes the
 * {@code CREATE VIEW ... AS MAPPING} statements that read it ({@code sql-planner/docs/mapping.md}):
 * one finding per key field and per qualifier seen in each family (how often, how long, the
 * likely type and encoding), each family whose qualifiers look like ids (many distinct ones, each
 * in few rows, or all of them an id's shape) proposed as a {@code DYNAMIC_FAMILY} view of its own,
 * and the other families' qualifiers as the columns of one view.
 */
public final class Discovery {
  /** One line of what was found: a key field, a cell column, a dynamic family or a proposed view. */
  public record Finding(String kind, String family, String qualifier, String column, long rows, double frequency,
      int minLength, int maxLength, String type, String encoding, String ddl) {}

  /** Most rows sampled. */
  public static final int MAX_SAMPLE = 1_000_000;
  /** Distinct qualifiers from which a family is dynamic whatever their shape. */
  private static final int MANY_QUALIFIERS = 64;
  /** An id: a short prefix of letters and digits. */
  private static final Pattern ID = Pattern.compile("[A-Za-z_-]{0,4}[0-9]+");

  /** Words a view name cannot be unquoted. */
  private static final java.util.Set<String> RESERVED = java.util.Set.of("USER", "TABLE", "SELECT", "FROM", "WHERE",
      "ORDER", "GROUP", "VALUE", "VALUES", "KEY", "DATE", "TIME", "TIMESTAMP", "INDEX", "VIEW", "ROW", "ROWS", "CHECK",
      "COLUMN", "CURRENT_USER", "SYSTEM_USER", "SESSION_USER", "UNION", "JOIN", "ON", "AS", "BY", "IN", "IS", "NULL");

  private Discovery() {}

  /**
   * The findings over the first {@code sampleRows} rows of store table {@code table}, the
   * proposed views last.
   *
   * @throws CellarSqlException 42S02 if the store has no table {@code table}, 22023 for a sample
   *     size below 1 or above {@link #MAX_SAMPLE}
   */
  public static List<Finding> discover(CellarStore store, String table, int sampleRows) {
    if (sampleRows < 1 || sampleRows > MAX_SAMPLE) {
      throw new CellarSqlException(SqlState.INVALID_PARAMETER_VALUE, "DISCOVER samples 1 to " + MAX_SAMPLE
          + " rows, not " + sampleRows);
    }
    if (table == null || !store.admin().tableExists(table)) {
      throw new CellarSqlException(SqlState.TABLE_NOT_FOUND, "store table '" + table + "' does not exist");
    }
    TableDescriptor descriptor = store.admin().describe(table);
    List<byte[]> keys = new ArrayList<>();
    // family -> qualifier -> values seen
    Map<String, Map<String, ValueGuess>> cells = new TreeMap<>();
    Map<String, ValueGuess> qualifierShapes = new TreeMap<>();
    Map<String, ValueGuess> familyValues = new TreeMap<>();
    Map<String, Long> familyRows = new TreeMap<>();
    for (var f : descriptor.families()) {
      cells.put(f.name(), new TreeMap<>());
      familyRows.put(f.name(), 0L);
    }
    try (ResultScanner scanner = store.table(table).scanner(new Scan().setLimit(sampleRows))) {
      for (Result r; (r = scanner.next()) != null && keys.size() < sampleRows;) {
        keys.add(r.row());
        Map<String, Boolean> familiesSeen = new LinkedHashMap<>();
        String last = null;
        for (Cell c : r.cells()) {
          String family = new String(c.family(), StandardCharsets.UTF_8);
          String qualifier = new String(c.qualifier(), StandardCharsets.UTF_8);
          String id = family + "\u0000" + qualifier;
          if (id.equals(last)) {
            continue; // an older version
          }
          last = id;
          cells.computeIfAbsent(family, k -> new TreeMap<>()).computeIfAbsent(qualifier, k -> new ValueGuess())
              .add(c.value());
          qualifierShapes.computeIfAbsent(family, k -> new ValueGuess()).add(c.qualifier());
          familyValues.computeIfAbsent(family, k -> new ValueGuess()).add(c.value());
          familiesSeen.put(family, true);
        }
        familiesSeen.keySet().forEach(f -> familyRows.merge(f, 1L, Long::sum));
      }
    }
    return new Discovery.Proposal(table, keys, cells, qualifierShapes, familyValues, familyRows).findings();
  }

  /** The proposal over one sample. */
  private record Proposal(String table, List<byte[]> keys, Map<String, Map<String, ValueGuess>> cells,
      Map<String, ValueGuess> qualifierShapes, Map<String, ValueGuess> familyValues, Map<String, Long> familyRows) {

    List<Finding> findings() {
      List<Finding> out = new ArrayList<>();
      long n = keys.size();
      if (n == 0) {
        out.add(new Finding("VIEW", null, null, null, 0, 0, 0, 0, null, null,
            "-- store table '" + table + "' has no rows to sample"));
        return out;
      }
      KeyLayoutGuess.Layout layout = KeyLayoutGuess.of(keys);
      int[] lengths = keyLengths();
      for (KeyLayoutGuess.Field f : layout.fields()) {
        boolean whole = layout.fields().size() == 1;
        out.add(new Finding("KEY", null, null, f.name(), n, 1.0,
            whole ? lengths[0] : f.width() >= 0 ? f.width() : -1, whole ? lengths[1] : f.width() >= 0 ? f.width() : -1,
            f.type(), (layout.format().equals("DELIMITED") ? "DELIMITED by '" + layout.separator() + "': " : "FIXED: ")
                + f.encoding(), null));
      }
      List<String> staticColumns = new ArrayList<>();
      List<String> dynamicViews = new ArrayList<>();
      for (Map.Entry<String, Map<String, ValueGuess>> fam : cells.entrySet()) {
        String family = fam.getKey();
        Map<String, ValueGuess> qualifiers = fam.getValue();
        if (qualifiers.isEmpty()) {
          continue;
        }
        if (dynamic(qualifiers)) {
          long cellCount = 0;
          for (ValueGuess q : qualifiers.values()) {
            cellCount += q.count();
          }
          String ddl = dynamicView(layout, family, qualifiers);
          ValueGuess shape = qualifierShapes.get(family);
          out.add(new Finding("DYNAMIC FAMILY", family, qualifiers.size() + " distinct qualifiers", family.toUpperCase(
              Locale.ROOT) + "_ID", familyRows.get(family), (double) familyRows.get(family) / n, shape.minLength(),
              shape.maxLength(), shape.type(), "qualifiers look like ids: one SQL row per cell (" + cellCount
                  + " cells)", null));
          dynamicViews.add(ddl);
          continue;
        }
        for (Map.Entry<String, ValueGuess> q : qualifiers.entrySet()) {
          ValueGuess g = q.getValue();
          String def = quote(family) + "." + quote(q.getKey()) + " " + g.type()
              + (g.needsBytesFormat() ? " FORMAT BYTES" : "");
          staticColumns.add(def);
          out.add(new Finding("COLUMN", family, q.getKey(), q.getKey(), g.count(), (double) g.count() / n,
              g.minLength(), g.maxLength(), g.type(), g.encoding(), def));
        }
      }
      if (!staticColumns.isEmpty()) {
        out.add(new Finding("VIEW", null, null, viewName(null), n, 1.0, 0, 0, null, null, view(layout, staticColumns)));
      }
      for (String ddl : dynamicViews) {
        out.add(new Finding("VIEW", null, null, ddl.substring("CREATE VIEW ".length(), ddl.indexOf(' ',
            "CREATE VIEW ".length())), n, 1.0, 0, 0, null, null, ddl));
      }
      return out;
    }

    private int[] keyLengths() {
      int min = Integer.MAX_VALUE;
      int max = 0;
      for (byte[] k : keys) {
        min = Math.min(min, k.length);
        max = Math.max(max, k.length);
      }
      return new int[] {min, max};
    }

    /** Whether the family's qualifiers look like ids rather than column names. */
    private boolean dynamic(Map<String, ValueGuess> qualifiers) {
      if (qualifiers.size() >= MANY_QUALIFIERS) {
        return true;
      }
      if (qualifiers.size() < 2) {
        return false;
      }
      for (String q : qualifiers.keySet()) {
        if (!ID.matcher(q).matches()) {
          return false;
        }
      }
      return true;
    }

    private String viewName(String family) {
      String base = table.toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9_]", "_");
      if (!base.isEmpty() && Character.isDigit(base.charAt(0))) {
        base = "T_" + base;
      }
      String name = family == null ? base : base + "_" + family.toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9_]", "_");
      return RESERVED.contains(name) ? "\"" + name + "\"" : name;
    }

    private String keyColumns(KeyLayoutGuess.Layout layout, List<String> pk) {
      List<String> cols = new ArrayList<>();
      for (KeyLayoutGuess.Field f : layout.fields()) {
        cols.add(f.name() + " " + f.type() + (f.bytes() ? " FORMAT BYTES" : "") + " NOT NULL");
        pk.add(f.name());
      }
      return String.join(", ", cols);
    }

    private String options(KeyLayoutGuess.Layout layout) {
      return "STORE_TABLE='" + table.replace("'", "''") + "', KEY_FORMAT='" + layout.format() + "'"
          + (layout.separator() == null ? "" : ", KEY_SEPARATOR='" + layout.separator().replace("'", "''") + "'")
          + ", VALUE_FORMAT='STRING'";
    }

    private String view(KeyLayoutGuess.Layout layout, List<String> columns) {
      List<String> pk = new ArrayList<>();
      String keys = keyColumns(layout, pk);
      return "CREATE VIEW " + viewName(null) + " (" + keys + ",\n  " + String.join(", ", columns)
          + ",\n  CONSTRAINT pk PRIMARY KEY (" + String.join(", ", pk) + "))\n" + options(layout);
    }

    private String dynamicView(KeyLayoutGuess.Layout layout, String family, Map<String, ValueGuess> qualifiers) {
      List<String> pk = new ArrayList<>();
      String keys = keyColumns(layout, pk);
      ValueGuess values = familyValues.get(family);
      ValueGuess shape = qualifierShapes.get(family);
      String name = family.toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9_]", "_");
      String qualifierColumn = name + "_ID";
      String valueColumn = name + "_VALUE";
      pk.add(qualifierColumn);
      return "CREATE VIEW " + viewName(family) + " (" + keys + ",\n  " + qualifierColumn + " " + textType(shape)
          + " NOT NULL, " + valueColumn + " " + textType(values) + ",\n  CONSTRAINT pk PRIMARY KEY ("
          + String.join(", ", pk) + "))\n" + options(layout) + ", DYNAMIC_FAMILY='" + family.replace("'", "''") + "'";
    }

    private static String textType(ValueGuess g) {
      return g.type() + (g.needsBytesFormat() ? " FORMAT BYTES" : "");
    }
  }

  /** A name as SQL spells it: bare when upper case, else in double quotes. */
  static String quote(String name) {
    return name.matches("[A-Z][A-Z0-9_]*") ? name : "\"" + name.replace("\"", "\"\"") + "\"";
  }
}
