package dev.cellar.sql.ddl;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import dev.cellar.sql.ddl.DdlStatement.Option;
import dev.cellar.storage.ColumnFamilyDescriptor;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The options of CREATE and ALTER TABLE: table options (SALT_BUCKETS, DEFAULT_COLUMN_FAMILY, ...)
 * with the values each takes, and the storage's family settings (VERSIONS, TTL, ...) applied to one
 * family or to all; names and values checked with the option's position.
 */
final class TableOptions {
  private TableOptions() {}

  /** Table options besides the family settings, with what they take. */
  static final Map<String, String> TABLE_OPTIONS = tableOptions();

  /** The family settings the storage knows (VERSIONS, TTL, ...), from its own descriptor. */
  static final Set<String> FAMILY_SETTINGS = familySettings();

  static String familyName(String f, Token at) {
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
  static void applyFamilyOptions(String table, List<Option> options,
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

  static ColumnFamilyDescriptor buildFamily(String table, String family, ColumnFamilyDescriptor.Builder b) {
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

  static int intOption(Option o, int min, int max) {
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

  static String tableOptionValue(Option o) {
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
}
