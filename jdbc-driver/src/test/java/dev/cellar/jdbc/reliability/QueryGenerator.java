package dev.cellar.jdbc.reliability;

import dev.cellar.jdbc.reliability.DifferentialSchema.Column;
import dev.cellar.jdbc.reliability.DifferentialSchema.Kind;
import dev.cellar.jdbc.reliability.DifferentialSchema.Table;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.StringJoiner;

/**
 * Random queries over a {@link DifferentialSchema} that mean the same in Cellar and in H2: key
 * prefixes and ranges, IN lists, ORs of keys, non-key predicates, LIKE, NULL tests, ORDER BY with
 * LIMIT and OFFSET, GROUP BY and HAVING, DISTINCT, joins, IN, EXISTS and scalar sub-queries.
 * Output columns are named {@code C1..Cn}; a query says how far its ORDER BY fixes the order.
 */
final class QueryGenerator {
  /** How a query's rows are ordered: not at all, by some output columns, or totally. */
  enum Order { NONE, PARTIAL, TOTAL }

  /** A query, its order, and (for PARTIAL) the 0-based output columns its ORDER BY names. */
  record Query(String sql, Order order, List<Integer> sortColumns) {}

  private static final String[] LIKES = {"a%", "%b", "_b%", "%", "a_", "%a%b%", "a b%", "b%", "", "%c"};
  private static final String[] OPS = {"=", "<", "<=", ">", ">=", "<>"};

  private final DifferentialSchema schema;
  private final Random r;

  QueryGenerator(DifferentialSchema schema, Random r) {
    this.schema = schema;
    this.r = r;
  }

  Query next() {
    switch (r.nextInt(10)) {
      case 0:
      case 1:
      case 2:
      case 3:
        return plain();
      case 4:
      case 5:
        return grouped();
      case 6:
      case 7:
        return join();
      default:
        return withSubQuery();
    }
  }

  private Table anyTable() {
    return schema.tables.get(r.nextInt(schema.tables.size()));
  }

  private Query plain() {
    Table t = anyTable();
    List<String> items = new ArrayList<>();
    int n = 1 + r.nextInt(4);
    for (int i = 0; i < n; i++) {
      items.add(expression(t, t.name()));
    }
    String where = r.nextInt(6) == 0 ? "" : " WHERE " + predicate(t, t.name(), 2);
    return finish((r.nextInt(6) == 0 ? "SELECT DISTINCT " : "SELECT ") + select(items) + " FROM " + t.name() + where,
        items.size(), true);
  }

  private Query grouped() {
    Table t = anyTable();
    List<String> items = new ArrayList<>();
    List<String> groups = new ArrayList<>();
    int g = r.nextInt(3);
    for (int i = 0; i < g; i++) {
      String col = t.name() + "." + pick(t.columns()).name();
      if (!groups.contains(col)) {
        groups.add(col);
        items.add(col);
      }
    }
    int a = 1 + r.nextInt(3);
    for (int i = 0; i < a; i++) {
      items.add(aggregate(t, t.name()));
    }
    String where = r.nextBoolean() ? "" : " WHERE " + predicate(t, t.name(), 1);
    String sql = "SELECT " + select(items) + " FROM " + t.name() + where;
    if (!groups.isEmpty()) {
      sql += " GROUP BY " + String.join(", ", groups);
      if (r.nextInt(3) == 0) {
        sql += " HAVING " + having(t, t.name());
      }
    }
    return finish(sql, items.size(), !groups.isEmpty());
  }

  private Query join() {
    Table x = anyTable();
    Table y = anyTable();
    Column cx = pickJoinable(x);
    Column cy = pickJoinable(y);
    String kind = new String[] {" JOIN ", " LEFT JOIN ", " INNER JOIN ", " RIGHT JOIN "}[r.nextInt(4)];
    String on = "X." + cx.name() + " = Y." + cy.name();
    if (r.nextInt(4) == 0) {
      on += " AND " + predicate(y, "Y", 0);
    }
    String from = " FROM " + x.name() + " X" + kind + y.name() + " Y ON " + on;
    String where = r.nextInt(3) == 0 ? "" : " WHERE " + predicate(x, "X", 1)
        + (r.nextBoolean() ? " AND " + predicate(y, "Y", 0) : "");
    if (r.nextInt(4) == 0) {
      String group = "X." + pick(x.columns()).name();
      List<String> items = List.of(group, aggregate(y, "Y"), "COUNT(*)");
      return finish("SELECT " + select(items) + from + where + " GROUP BY " + group, 3, true);
    }
    List<String> items = new ArrayList<>();
    int n = 2 + r.nextInt(3);
    for (int i = 0; i < n; i++) {
      items.add(i % 2 == 0 ? "X." + pick(x.columns()).name() : "Y." + pick(y.columns()).name());
    }
    return finish("SELECT " + select(items) + from + where, items.size(), true);
  }

  private Query withSubQuery() {
    Table t = anyTable();
    Table u = other(t);
    List<String> items = new ArrayList<>();
    int n = 1 + r.nextInt(3);
    for (int i = 0; i < n; i++) {
      items.add(expression(t, t.name()));
    }
    if (r.nextInt(3) == 0) {
      Column outer = pickJoinable(t);
      Column inner = pickJoinable(u);
      items.add("(SELECT " + aggregate(u, u.name()) + " FROM " + u.name() + " WHERE " + u.name() + "." + inner.name()
          + " = " + t.name() + "." + outer.name() + ")");
    }
    String where = " WHERE " + subPredicate(t, u)
        + (r.nextBoolean() ? (r.nextBoolean() ? " AND " : " OR ") + predicate(t, t.name(), 1) : "");
    return finish("SELECT " + select(items) + " FROM " + t.name() + where, items.size(), true);
  }

  private String subPredicate(Table t, Table u) {
    Column outer = pickJoinable(t);
    Column inner = pickJoinable(u);
    String innerWhere = r.nextBoolean() ? "" : " WHERE " + predicate(u, u.name(), 0);
    String q = t.name() + "." + outer.name();
    switch (r.nextInt(6)) {
      case 0:
        return q + " IN (SELECT " + u.name() + "." + inner.name() + " FROM " + u.name() + innerWhere + ")";
      case 1:
        return q + " NOT IN (SELECT " + u.name() + "." + inner.name() + " FROM " + u.name() + innerWhere + ")";
      case 2:
      case 3:
        return (r.nextBoolean() ? "NOT " : "") + "EXISTS (SELECT 1 FROM " + u.name() + " WHERE " + u.name() + "."
            + inner.name() + " = " + q + (innerWhere.isEmpty() ? "" : " AND " + innerWhere.substring(7)) + ")";
      default:
        Column any = pick(u.columns());
        Column same = t.columns().stream().filter(c -> comparable(c.kind(), any.kind())).findFirst().orElse(null);
        if (same == null) {
          return q + " IN (SELECT " + u.name() + "." + inner.name() + " FROM " + u.name() + innerWhere + ")";
        }
        return t.name() + "." + same.name() + " " + pick(OPS) + " (SELECT " + (r.nextBoolean() ? "MIN" : "MAX") + "("
            + u.name() + "." + any.name() + ") FROM " + u.name() + innerWhere + ")";
    }
  }

  private Table other(Table t) {
    List<Table> others = new ArrayList<>(schema.tables);
    others.remove(t);
    return pick(others);
  }

  /** An integer column to join or correlate on (every table has some). */
  private Column pickJoinable(Table t) {
    List<Column> ints = t.columns().stream().filter(c -> c.kind() == Kind.INT).toList();
    return pick(ints);
  }

  private static boolean comparable(Kind a, Kind b) {
    return (a == Kind.STR) == (b == Kind.STR);
  }

  private String expression(Table t, String q) {
    Column c = pick(t.columns());
    String col = q + "." + c.name();
    if (r.nextInt(5) > 0) {
      return col;
    }
    switch (c.kind()) {
      case STR:
        return new String[] {"UPPER(" + col + ")", "COALESCE(" + col + ", 'none')", col + " || '!'",
            "CHAR_LENGTH(" + col + ")", "CASE WHEN " + col + " LIKE 'a%' THEN 'yes' ELSE 'no' END"}[r.nextInt(5)];
      default:
        return new String[] {col + " + 1", "COALESCE(" + col + ", -1)", "-" + col, "ABS(" + col + ")",
            "CASE WHEN " + col + " > 0 THEN 'pos' WHEN " + col + " < 0 THEN 'neg' END"}[r.nextInt(5)];
    }
  }

  private String aggregate(Table t, String q) {
    List<Column> sums = t.columns().stream().filter(Column::summable).toList();
    Column any = pick(t.columns());
    switch (r.nextInt(6)) {
      case 0:
        return "COUNT(*)";
      case 1:
        return "COUNT(" + q + "." + any.name() + ")";
      case 2:
        return "SUM(" + q + "." + pick(sums).name() + ")";
      case 3:
        return "MIN(" + q + "." + any.name() + ")";
      case 4:
        return "MAX(" + q + "." + any.name() + ")";
      default:
        return "COUNT(DISTINCT " + q + "." + any.name() + ")";
    }
  }

  private String having(Table t, String q) {
    switch (r.nextInt(3)) {
      case 0:
        return "COUNT(*) > " + r.nextInt(4);
      case 1:
        Column s = pick(t.columns().stream().filter(Column::summable).toList());
        return "SUM(" + q + "." + s.name() + ") " + pick(OPS) + " " + DifferentialSchema.literal(r, s.kind());
      default:
        Column c = pick(t.columns());
        return "MIN(" + q + "." + c.name() + ") " + pick(OPS) + " " + DifferentialSchema.literal(r, c.kind());
    }
  }

  /** A predicate over {@code t} (columns qualified by {@code q}), nested up to {@code depth}. */
  String predicate(Table t, String q, int depth) {
    int kind = r.nextInt(depth > 0 ? 14 : 10);
    List<Column> keys = t.keys();
    switch (kind) {
      case 0:
      case 1: { // a key prefix with a range on the next key column
        StringJoiner and = new StringJoiner(" AND ");
        int eq = r.nextInt(keys.size());
        for (int i = 0; i < eq; i++) {
          and.add(q + "." + keys.get(i).name() + " = " + DifferentialSchema.literal(r, keys.get(i).kind()));
        }
        Column next = keys.get(eq);
        and.add(r.nextInt(3) == 0
            ? q + "." + next.name() + " BETWEEN " + DifferentialSchema.literal(r, next.kind()) + " AND "
                + DifferentialSchema.literal(r, next.kind())
            : q + "." + next.name() + " " + pick(OPS) + " " + DifferentialSchema.literal(r, next.kind()));
        return and.toString();
      }
      case 2: { // an IN list on a key column, sometimes with NULL
        Column c = keys.get(r.nextInt(keys.size()));
        return q + "." + c.name() + (r.nextInt(5) == 0 ? " NOT IN (" : " IN (") + literals(c.kind(), 1 + r.nextInt(12))
            + (r.nextInt(8) == 0 ? ", NULL" : "") + ")";
      }
      case 3: { // an OR of whole or partial keys
        StringJoiner or = new StringJoiner(" OR ");
        int n = 2 + r.nextInt(3);
        for (int k = 0; k < n; k++) {
          StringJoiner and = new StringJoiner(" AND ", "(", ")");
          int len = 1 + r.nextInt(keys.size());
          for (int i = 0; i < len; i++) {
            and.add(q + "." + keys.get(i).name() + " = " + DifferentialSchema.literal(r, keys.get(i).kind()));
          }
          or.add(and.toString());
        }
        return "(" + or + ")";
      }
      case 4:
      case 5: { // a non-key comparison
        Column c = pick(t.values());
        return q + "." + c.name() + " " + pick(OPS) + " " + DifferentialSchema.literal(r, c.kind());
      }
      case 6: { // LIKE on any string column
        Column c = pick(t.columns().stream().filter(x -> x.kind() == Kind.STR).toList());
        return q + "." + c.name() + (r.nextInt(4) == 0 ? " NOT LIKE '" : " LIKE '") + pick(LIKES) + "'";
      }
      case 7: { // NULL tests
        Column c = pick(t.values());
        return q + "." + c.name() + (r.nextBoolean() ? " IS NULL" : " IS NOT NULL");
      }
      case 8: { // IN list on a non-key column
        Column c = pick(t.values());
        return q + "." + c.name() + " IN (" + literals(c.kind(), 1 + r.nextInt(6)) + ")";
      }
      case 9: { // comparing two columns of one kind, or an expression
        Column c = pick(t.columns());
        List<Column> same = t.columns().stream().filter(x -> comparable(x.kind(), c.kind())).toList();
        Column d = pick(same);
        return q + "." + c.name() + " " + pick(OPS) + " " + q + "." + d.name();
      }
      case 10:
      case 11:
        return "(" + predicate(t, q, depth - 1) + ") OR (" + predicate(t, q, depth - 1) + ")";
      case 12:
        return "(" + predicate(t, q, depth - 1) + ") AND (" + predicate(t, q, depth - 1) + ")";
      default:
        return "NOT (" + predicate(t, q, depth - 1) + ")";
    }
  }

  private String literals(Kind kind, int n) {
    StringJoiner j = new StringJoiner(", ");
    for (int i = 0; i < n; i++) {
      j.add(DifferentialSchema.literal(r, kind));
    }
    return j.toString();
  }

  private static String select(List<String> items) {
    StringJoiner j = new StringJoiner(", ");
    for (int i = 0; i < items.size(); i++) {
      j.add(items.get(i) + " AS C" + (i + 1));
    }
    return j.toString();
  }

  /** Adds an ORDER BY (and LIMIT/OFFSET under a total order) to a query of {@code n} columns. */
  private Query finish(String sql, int n, boolean orderable) {
    if (!orderable || r.nextInt(3) == 0) {
      return new Query(sql, Order.NONE, List.of());
    }
    List<Integer> cols = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      cols.add(i);
    }
    Collections.shuffle(cols, r);
    boolean total = r.nextBoolean();
    List<Integer> used = total ? cols : cols.subList(0, 1 + r.nextInt(n));
    total = used.size() == n;
    StringJoiner order = new StringJoiner(", ", " ORDER BY ", "");
    for (int i : used) {
      order.add("C" + (i + 1) + (r.nextBoolean() ? " DESC" : "") + (r.nextBoolean() ? " NULLS FIRST" : " NULLS LAST"));
    }
    String limit = "";
    if (total && r.nextBoolean()) {
      limit = " LIMIT " + r.nextInt(12) + (r.nextBoolean() ? " OFFSET " + r.nextInt(8) : "");
    }
    return new Query(sql + order + limit, total ? Order.TOTAL : Order.PARTIAL, List.copyOf(used));
  }

  private <T> T pick(List<T> list) {
    return list.get(r.nextInt(list.size()));
  }

  private String pick(String[] a) {
    return a[r.nextInt(a.length)];
  }
}
