package dev.cellar.sql.rel;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import dev.cellar.sql.exec.IndexMapping;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.calcite.rel.hint.HintPredicates;
import org.apache.calcite.rel.hint.HintStrategyTable;
import org.apache.calcite.rel.hint.RelHint;

/**
 * What a query's table hints allow of the table's indexes:
 * <ul>
 *   <li>{@code FROM t /*+ INDEX(i, ...) *}{@code /} reads one of the named indexes, never the
 *       table's own rows first;</li>
 *   <li>{@code FROM t /*+ NO_INDEX *}{@code /} reads no index; {@code NO_INDEX(i, ...)} none of
 *       the named ones.</li>
 * </ul>
 * Without a hint the planner chooses by cost. An immutable value.
 *
 * @param only the indexes {@code INDEX} names (upper case), or {@code null} when not forced
 * @param never the indexes {@code NO_INDEX} names
 * @param none whether {@code NO_INDEX} names no index: every index is forbidden
 */
public record IndexHint(Set<String> only, Set<String> never, boolean none) {
  /** No hint: every index may be read. */
  static final IndexHint ANY = new IndexHint(null, Set.of(), false);

  /**
   * The hints Cellar knows, for the SQL-to-rel converter, all of table scans: {@code INDEX} and
   * {@code NO_INDEX} above, and {@code VERSIONS} ({@link #versions}).
   */
  public static final HintStrategyTable STRATEGIES = HintStrategyTable.builder()
      .hintStrategy("INDEX", HintPredicates.TABLE_SCAN)
      .hintStrategy("NO_INDEX", HintPredicates.TABLE_SCAN)
      .hintStrategy("VERSIONS", HintPredicates.TABLE_SCAN)
      .build();

  /**
   * The versions of each cell that {@code FROM t /*+ VERSIONS *}{@code /} (all of them; also
   * {@code VERSIONS('ALL')}) or {@code VERSIONS(n)} (the newest n) asks a scan of table
   * {@code table} for, each version a SQL row, as a mapping with {@code READ_VERSIONS} reads
   * them; 0 without the hint.
   *
   * @throws CellarSqlException 42000 for an option that is not ALL or a whole number from 1
   */
  static int versions(List<RelHint> hints, String table) {
    int versions = 0;
    for (RelHint h : hints) {
      if (!h.hintName.equalsIgnoreCase("VERSIONS")) {
        continue;
      }
      String o = h.listOptions.size() == 1 ? h.listOptions.get(0).trim() : h.listOptions.isEmpty() ? "ALL" : "";
      if (o.equalsIgnoreCase("ALL")) {
        versions = dev.cellar.sql.catalog.TableDef.Mapping.ALL_VERSIONS;
        continue;
      }
      try {
        versions = Integer.parseInt(o);
      } catch (NumberFormatException e) {
        versions = -1;
      }
      if (versions < 1) {
        throw new CellarSqlException(SqlState.SYNTAX_ERROR, "hint VERSIONS on table " + table + " takes no option "
            + "(every version), 'ALL' or a whole number from 1, not " + h.listOptions);
      }
    }
    return versions;
  }

  /** The hint of a scan of {@code table} from the hints written after it. */
  static IndexHint of(List<RelHint> hints, CellarTable table) {
    Set<String> only = null;
    Set<String> never = new LinkedHashSet<>();
    boolean none = false;
    for (RelHint h : hints) {
      String name = h.hintName.toUpperCase(Locale.ROOT);
      if (name.equals("INDEX")) {
        if (h.listOptions.isEmpty()) {
          throw new CellarSqlException(SqlState.SYNTAX_ERROR, "hint INDEX on table " + table.def().name()
              + " names no index; write INDEX(name, ...)");
        }
        only = only == null ? new LinkedHashSet<>() : only;
        for (String o : h.listOptions) {
          only.add(known(o, table));
        }
      } else if (name.equals("NO_INDEX")) {
        if (h.listOptions.isEmpty()) {
          none = true;
        }
        for (String o : h.listOptions) {
          never.add(known(o, table));
        }
      }
    }
    if (only == null && never.isEmpty() && !none) {
      return ANY;
    }
    return new IndexHint(only == null ? null : Set.copyOf(only), Set.copyOf(never), none);
  }

  private static String known(String option, CellarTable table) {
    for (IndexMapping ix : table.indexes()) {
      if (ix.index().name().equalsIgnoreCase(option)) {
        return ix.index().name();
      }
    }
    throw new CellarSqlException(SqlState.TABLE_NOT_FOUND, "hint names index " + option + ", which table "
        + table.def().name() + " does not have (or which is still being built)");
  }

  /** Whether index {@code name} may be read. */
  public boolean allows(String name) {
    return !none && !never.contains(name) && (only == null || only.contains(name));
  }

  /** Whether the table must be read through one of {@link #only}. */
  public boolean forcesIndex() {
    return only != null && !none;
  }

  /** The index a scan of the table starts as: the first forced one, or null. */
  String forcedStart() {
    if (!forcesIndex()) {
      return null;
    }
    for (String n : only) {
      if (allows(n)) {
        return n;
      }
    }
    return null;
  }
}
