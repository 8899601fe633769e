package dev.cellar.jdbc.reliability;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.StringJoiner;

/**
 * The tables of the differential test, chosen by a seed: a composite key with descending
 * columns, a salted table, a table keyed by a descending string; secondary indexes on some. Each
 * table is written twice: in Cellar's DDL and in H2's (no DESC key columns, salt or INCLUDE).
 */
final class DifferentialSchema {
  /** A column kind, which decides the literals, predicates and aggregates the generator uses. */
  enum Kind { INT, BIG, STR, DEC }

  /** A column: its name, kind, whether it is in the key and whether it may be summed. */
  record Column(String name, Kind kind, boolean key, boolean summable) {}

  /** A table: its name, columns, and the DDL of both databases. */
  record Table(String name, List<Column> columns, List<String> cellarDdl, List<String> h2Ddl) {
    List<Column> keys() {
      return columns.stream().filter(Column::key).toList();
    }

    List<Column> values() {
      return columns.stream().filter(c -> !c.key()).toList();
    }
  }

  static final String[] STRINGS = {"", "a", "ab", "abc", "b", "ba", "bb", "c", "a b", "zz"};
  static final long[] BIGS = {-1_000_000_000_000L, -5, 0, 7, 42, 1_000_000_000_000L};

  final List<Table> tables = new ArrayList<>();
  final String description;

  DifferentialSchema(Random r) {
    boolean descB = r.nextBoolean();
    boolean descC = r.nextBoolean();
    int salt = r.nextInt(3) == 0 ? 2 + r.nextInt(3) : 0;
    boolean ckIndex = r.nextInt(4) > 0;
    tables.add(table("CK", List.of(
            new Column("A", Kind.INT, true, true), new Column("B", Kind.STR, true, false),
            new Column("C", Kind.BIG, true, false), new Column("V", Kind.INT, false, true),
            new Column("S", Kind.STR, false, false), new Column("D", Kind.DEC, false, true)),
        "A, B" + (descB ? " DESC" : "") + ", C" + (descC ? " DESC" : ""), salt,
        ckIndex ? List.of("CREATE INDEX CK_V ON CK (V) INCLUDE (S)") : List.of(),
        ckIndex ? List.of("CREATE INDEX CK_V ON CK (V)") : List.of()));
    int slSalt = 2 + r.nextInt(4);
    boolean slDesc = r.nextBoolean();
    tables.add(table("SL", List.of(
            new Column("ID", Kind.INT, true, true), new Column("GRP", Kind.INT, false, true),
            new Column("NAME", Kind.STR, false, false), new Column("AMT", Kind.BIG, false, true)),
        "ID", slSalt,
        List.of("CREATE INDEX SL_NAME ON SL (NAME)", "CREATE INDEX SL_GRP ON SL (GRP, AMT" + (slDesc ? " DESC" : "") + ")"),
        List.of("CREATE INDEX SL_NAME ON SL (NAME)", "CREATE INDEX SL_GRP ON SL (GRP, AMT)")));
    boolean dkIndex = r.nextBoolean();
    tables.add(table("DK", List.of(
            new Column("K", Kind.STR, true, false), new Column("N", Kind.INT, true, true),
            new Column("X", Kind.INT, false, true), new Column("T", Kind.STR, false, false)),
        "K DESC, N" + (r.nextBoolean() ? " DESC" : ""), 0,
        dkIndex ? List.of("CREATE INDEX DK_T ON DK (T, X)") : List.of(),
        dkIndex ? List.of("CREATE INDEX DK_T ON DK (T, X)") : List.of()));
    description = "CK key (A, B" + (descB ? " DESC" : "") + ", C" + (descC ? " DESC" : "") + ") salt " + salt
        + (ckIndex ? " index on V" : "") + "; SL salt " + slSalt + "; DK" + (dkIndex ? " index on T" : "");
  }

  private static Table table(String name, List<Column> columns, String key, int salt, List<String> cellarIndexes,
      List<String> h2Indexes) {
    StringJoiner cols = new StringJoiner(", ");
    for (Column c : columns) {
      cols.add(c.name() + " " + type(c.kind()) + (c.key() ? " NOT NULL" : ""));
    }
    List<String> cellar = new ArrayList<>();
    cellar.add("CREATE TABLE " + name + " (" + cols + ", CONSTRAINT PK_" + name + " PRIMARY KEY (" + key + "))"
        + (salt > 0 ? " SALT_BUCKETS=" + salt : ""));
    cellar.addAll(cellarIndexes);
    List<String> h2 = new ArrayList<>();
    h2.add("CREATE TABLE " + name + " (" + cols + ", CONSTRAINT PK_" + name + " PRIMARY KEY ("
        + key.replace(" DESC", "") + "))");
    h2.addAll(h2Indexes);
    return new Table(name, columns, cellar, h2);
  }

  static String type(Kind k) {
    switch (k) {
      case INT:
        return "INTEGER";
      case BIG:
        return "BIGINT";
      case STR:
        return "VARCHAR(12)";
      default:
        return "DECIMAL(8, 2)";
    }
  }

  Table table(String name) {
    return tables.stream().filter(t -> t.name().equals(name)).findFirst().orElseThrow();
  }

  /** A literal of {@code kind}, drawn from small domains so that predicates hit rows. */
  static String literal(Random r, Kind kind) {
    switch (kind) {
      case INT:
        return Integer.toString(r.nextInt(13) - 4);
      case BIG:
        return Long.toString(BIGS[r.nextInt(BIGS.length)]);
      case STR:
        return "'" + STRINGS[r.nextInt(STRINGS.length)] + "'";
      default:
        return (r.nextInt(2001) - 1000) / 100 + "." + String.format("%02d", r.nextInt(100));
    }
  }

  /** A value to store: a literal, or NULL for a non-key column one time in seven. */
  static String value(Random r, Column c) {
    return !c.key() && r.nextInt(7) == 0 ? "NULL" : literal(r, c.kind());
  }

  /** INSERT statements filling every table (up to 20 rows each), the same for both databases. */
  List<String> rows(Random r) {
    List<String> out = new ArrayList<>();
    int[] counts = {160, 60, 50};
    for (int t = 0; t < tables.size(); t++) {
      Table table = tables.get(t);
      Set<String> keys = new HashSet<>();
      StringJoiner rows = null;
      int inStatement = 0;
      for (int i = 0; i < counts[t]; i++) {
        StringJoiner key = new StringJoiner(", ");
        StringJoiner all = new StringJoiner(", ", "(", ")");
        for (Column c : table.columns()) {
          String v = c.name().equals("ID") ? Integer.toString(i) : value(r, c);
          if (c.key()) {
            key.add(v);
          }
          all.add(v);
        }
        if (keys.add(key.toString())) {
          if (rows == null) {
            rows = new StringJoiner(", ", "INSERT INTO " + table.name() + " VALUES ", "");
          }
          rows.add(all.toString());
          if (++inStatement == 20) {
            out.add(rows.toString());
            rows = null;
            inStatement = 0;
          }
        }
      }
      if (rows != null) {
        out.add(rows.toString());
      }
    }
    return out;
  }
}
