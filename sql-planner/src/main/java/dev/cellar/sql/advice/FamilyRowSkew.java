package dev.cellar.sql.advice;

import dev.cellar.sql.catalog.ColumnDef;
import dev.cellar.sql.catalog.TableDef;
import dev.cellar.sql.database.TableStatistics;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code FAMILY_ROW_SKEW}: families of one table whose row counts differ by orders of magnitude.
 * Regions split and flush by the size of the large family, so the small family's few cells are
 * spread thin over every region and store file of the table, and reading it means reading or
 * seeking through all of them; the guides advise a table of its own. Judged on the counts of
 * {@code UPDATE STATISTICS} ({@link TableStatistics.Counts#familyRows}), as they were then.
 */
final class FamilyRowSkew {
  /** How many times a small family's rows the largest family must have. */
  static final int RATIO = 100;
  /** The rows the largest family must have: tables smaller than this are quiet. */
  static final long MIN_ROWS = 10_000;

  private FamilyRowSkew() {}

  /** The advice on {@code t} by its statistics {@code counts}, or null when its families are even. */
  static Advice advice(TableDef t, TableStatistics.Counts counts) {
    // the families counted that the table still has, by name
    Map<String, Long> rows = new TreeMap<>();
    for (Map.Entry<String, Long> f : counts.familyRows().entrySet()) {
      if (t.families().contains(f.getKey())) {
        rows.put(f.getKey(), f.getValue());
      }
    }
    if (rows.size() < 2) {
      return null;
    }
    String large = null;
    for (Map.Entry<String, Long> f : rows.entrySet()) {
      large = large == null || f.getValue() > rows.get(large) ? f.getKey() : large;
    }
    long max = rows.get(large);
    if (max < MIN_ROWS) {
      return null;
    }
    List<String> small = new ArrayList<>();
    long largestSmall = 0;
    for (Map.Entry<String, Long> f : rows.entrySet()) {
      if (f.getValue() <= max / RATIO) {
        small.add(f.getKey());
        largestSmall = Math.max(largestSmall, f.getValue());
      }
    }
    if (small.isEmpty()) {
      return null;
    }
    List<String> subject = new ArrayList<>();
    for (Map.Entry<String, Long> f : rows.entrySet()) {
      subject.add(f.getKey() + " (" + rowsText(f.getValue()) + ")");
    }
    StringBuilder counted = new StringBuilder();
    for (String f : small) {
      counted.append(counted.length() == 0 ? "family " + f + " has cells in " + rowsText(rows.get(f)) : ", " + f
          + " in " + rowsText(rows.get(f)));
    }
    String times = largestSmall == 0 ? "" : String.format(Locale.ROOT, "%s%,d times as many; ", small.size() > 1
        ? "at least " : "", max / largestSmall);
    String when = Instant.ofEpochMilli(counts.millis()).truncatedTo(ChronoUnit.SECONDS).toString();
    String theSmall = small.size() == 1 ? small.get(0) + "'s" : String.join(" and ", small) + "'s";
    String problem = counted + " and " + large + " in " + rowsText(max) + " (" + times + "counted by UPDATE "
        + "STATISTICS at " + when + "): regions split and flush by the size of " + large + ", so " + theSmall
        + " few cells are spread thin over every region and store file of the table, and reading them means "
        + "reading or seeking through all of them";
    return new Advice(Advice.Rule.FAMILY_ROW_SKEW, t.qualifiedName(), "families " + String.join(", ", subject),
        problem, fix(t, small));
  }

  /** Move each small family to a table of its own keyed the same way, naming its columns. */
  private static String fix(TableDef t, List<String> small) {
    List<String> moves = new ArrayList<>();
    for (String f : small) {
      List<ColumnDef> cols = new ArrayList<>();
      for (ColumnDef c : t.columns()) {
        if (c.isCell() && f.equals(c.family())) {
          cols.add(c);
        }
      }
      if (t.isMapped() || cols.isEmpty()) {
        moves.add("move family " + f + "'s cells to a store table of their own with the same rowkeys"
            + (t.isMapped() ? ", mapped by a view of its own" : ""));
      } else if (t.hiddenKey() || t.keyColumns().isEmpty()) {
        moves.add("move " + names(cols) + " to a table of their own keyed the same way");
      } else {
        moves.add("move " + names(cols) + " to a table of their own keyed the same way, e.g. " + create(t, f, cols)
            + ", and join it on " + names(t.keyColumns()) + " where both are read");
      }
    }
    return String.join("; ", moves);
  }

  /** {@code CREATE TABLE T_B (K INTEGER NOT NULL, Y VARCHAR CONSTRAINT pk PRIMARY KEY (K))}. */
  private static String create(TableDef t, String family, List<ColumnDef> cols) {
    StringBuilder sql = new StringBuilder("CREATE TABLE " + t.name() + "_" + family + " (");
    List<String> key = new ArrayList<>();
    for (ColumnDef k : t.keyColumns()) {
      sql.append(k.name()).append(' ').append(k.type().sql()).append(" NOT NULL, ");
      key.add(k.name() + (k.descending() ? " DESC" : ""));
    }
    for (ColumnDef c : cols) {
      sql.append(c.name()).append(' ').append(c.type().sql()).append(", ");
    }
    sql.setLength(sql.length() - 2);
    sql.append(" CONSTRAINT pk PRIMARY KEY (").append(String.join(", ", key)).append("))");
    return t.saltBuckets() > 0 ? sql + " SALT_BUCKETS=" + t.saltBuckets() : sql.toString();
  }

  private static String names(List<ColumnDef> columns) {
    List<String> n = new ArrayList<>();
    for (ColumnDef c : columns) {
      n.add(c.name());
    }
    return String.join(", ", n);
  }

  private static String rowsText(long n) {
    return String.format(Locale.ROOT, "%,d row%s", n, n == 1 ? "" : "s");
  }
}
