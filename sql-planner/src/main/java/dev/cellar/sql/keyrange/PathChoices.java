package dev.cellar.sql.keyrange;

import dev.cellar.sql.catalog.IndexDef;
import dev.cellar.sql.exec.IndexMapping;
import dev.cellar.sql.exec.TableMapping;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * Why a query reads a table the way it does: each way to the table's rows (its primary key and
 * each readable index) judged against the query's filter, with the reason a path could not bound
 * the read (its leading key column free, a function on it, an OR across columns) or lost (it does
 * not cover the query, its estimate), and one suggestion (an index, a key order, a rewrite) when
 * no path serves the filter. {@code EXPLAIN} prints the lines after the plan.
 *
 * <p>The planner's filter rule tells what condition it saw over each table ({@link #seen}) while
 * a thread records ({@link #startRecording}); outside a recording it costs a thread-local read.
 */
public final class PathChoices {
  private static final ThreadLocal<Map<String, RexNode>> SEEN = new ThreadLocal<>();

  private final TableMapping table;
  private final List<IndexMapping> indexes;
  private final RexNode condition;
  private final List<RexNode> conjuncts;
  private final int[] needed;
  private final double tableRows;

  private PathChoices(TableMapping table, List<IndexMapping> indexes, RexNode condition, int[] needed,
      double tableRows) {
    this.table = table;
    this.indexes = indexes;
    this.condition = condition != null && condition.isAlwaysTrue() ? null : condition;
    this.conjuncts = this.condition == null ? List.of() : RelOptUtil.conjunctions(this.condition);
    this.needed = needed;
    this.tableRows = tableRows;
  }

  /** Starts recording, on this thread, the filter conditions the planner sees over each table. */
  public static void startRecording() {
    SEEN.set(new LinkedHashMap<>());
  }

  /** The conditions recorded since {@link #startRecording}, by table name; stops recording. */
  public static Map<String, RexNode> stopRecording() {
    Map<String, RexNode> seen = SEEN.get();
    SEEN.remove();
    return seen == null ? Map.of() : seen;
  }

  /**
   * The planner saw {@code condition} (over the table's fields) filter the rows of {@code table}.
   * Of several, the one of most conjuncts without correlation variables is kept (a lookup join's
   * inner side sees its join condition as well).
   */
  public static void seen(String table, RexNode condition) {
    Map<String, RexNode> seen = SEEN.get();
    if (seen == null || condition == null) {
      return;
    }
    RexNode old = seen.get(table);
    if (old == null || weight(condition) > weight(old)) {
      seen.put(table, condition);
    }
  }

  private static int weight(RexNode c) {
    return RelOptUtil.conjunctions(c).size() + (RexUtil.containsCorrelation(c) ? 0 : 1000);
  }

  /**
   * The lines that explain how {@code chosen} came to read {@code table}: one per path, chosen or
   * rejected with the reason, then at most one {@code SUGGESTION:}.
   *
   * @param table the table read
   * @param indexes its readable indexes
   * @param condition the filter over the table's fields, or null for none
   * @param needed the table's fields the query uses (null: all)
   * @param chosen the path the planner chose
   * @param tableRows the table's estimated rows
   * @param excluded indexes the query could not read at all, with why (a hint, a read of the past)
   */
  public static List<String> explain(TableMapping table, List<IndexMapping> indexes, RexNode condition, int[] needed,
      AccessPath chosen, double tableRows, Map<String, String> excluded) {
    return new PathChoices(table, indexes, condition, needed, tableRows).lines(chosen, excluded);
  }

  /** What one path can do for the filter. */
  private record Judgement(String name, List<KeyBox> boxes, String whyNot, double rows, List<String> uncovered) {
    boolean bounds() {
      return boxes != null;
    }
  }

  private List<String> lines(AccessPath chosen, Map<String, String> excluded) {
    List<String> out = new ArrayList<>();
    String tableName = table.def().name();
    Judgement pk = judge(pathName(null), table, null);
    Judgement chosenJudgement = null;
    double chosenRows = chosen.estimateRows(tableRows);
    if (chosen.index() == null) {
      out.add("CONSIDERED " + pk.name + ": chosen, " + describeChosen(chosen, pk, chosenRows));
      chosenJudgement = pk;
    } else {
      out.add(rejected(pk, chosenRows, null));
    }
    List<Judgement> judged = new ArrayList<>();
    for (IndexMapping ix : indexes) {
      Judgement j = judge(pathName(ix), ix.entries(), ix);
      judged.add(j);
      String name = ix.index().name();
      if (name.equals(chosen.index())) {
        out.add("CONSIDERED " + j.name + ": chosen, " + describeChosen(chosen, j, chosenRows));
        chosenJudgement = j;
      } else if (excluded.containsKey(name)) {
        out.add("REJECTED " + j.name + ": " + excluded.get(name));
      } else {
        out.add(rejected(j, chosenRows, chosen));
      }
    }
    String suggestion = suggestion(tableName, chosen, chosenJudgement, judged);
    if (suggestion != null) {
      out.add("SUGGESTION: " + suggestion);
    }
    return out;
  }

  private String describeChosen(AccessPath chosen, Judgement j, double rows) {
    String est = "est. " + rows(rows);
    String cover = j.uncovered.isEmpty() ? "" : "; it does not cover " + String.join(", ", j.uncovered)
        + ", so each row it finds is read again from " + table.def().name() + " by key";
    if (chosen.kind() != AccessPath.Kind.FULL_SCAN) {
      return "key range " + chosen.details() + cover + ", " + est;
    }
    if (chosen.index() != null) {
      return "reads every entry, in the index's order or narrower than the table's rows" + cover + ", " + est;
    }
    return "reads every row" + (j.whyNot == null ? "" : ": " + j.whyNot) + ", " + est;
  }

  private String rejected(Judgement j, double chosenRows, AccessPath chosen) {
    StringBuilder b = new StringBuilder("REJECTED ").append(j.name).append(": ");
    if (!j.bounds()) {
      return b.append(j.whyNot).toString();
    }
    List<String> why = new ArrayList<>();
    if (!j.uncovered.isEmpty()) {
      why.add("it does not cover " + String.join(", ", j.uncovered) + ": each row it finds would be read again from "
          + table.def().name() + " by key");
    }
    String est = "est. " + rows(j.rows);
    if (chosen != null && chosen.kind() == AccessPath.Kind.FULL_SCAN && chosen.index() == null) {
      why.add(est + " through it cost more than reading the whole table (est. " + rows(chosenRows) + ")");
    } else {
      why.add(est + ", the chosen path est. " + rows(chosenRows));
    }
    return b.append(String.join("; ", why)).toString();
  }

  private static String rows(double n) {
    String s = String.format(Locale.ROOT, "%.0f", n);
    return s + (s.equals("1") ? " row" : " rows");
  }

  /** {@code PRIMARY KEY OF T (A, B)} or {@code INDEX I (V) INCLUDE (W)}. */
  private String pathName(IndexMapping ix) {
    if (ix == null && table.keyFields().length == 0) {
      return "ROWKEY OF " + table.def().name() + " (no primary key)";
    }
    if (ix == null) {
      List<String> keys = new ArrayList<>();
      for (int f : table.keyFields()) {
        keys.add(name(f));
      }
      return "PRIMARY KEY OF " + table.def().name() + " (" + String.join(", ", keys) + ")";
    }
    IndexDef def = ix.index();
    List<String> cols = new ArrayList<>();
    for (IndexDef.Part p : def.columns()) {
      cols.add(p.column() + (p.descending() ? " DESC" : ""));
    }
    return "INDEX " + def.name() + " (" + String.join(", ", cols) + ")"
        + (def.include().isEmpty() ? "" : " INCLUDE (" + String.join(", ", def.include()) + ")");
  }

  private String name(int f) {
    return f < table.def().columns().size() ? table.def().columns().get(f).name() : "$" + f;
  }

  /** Whether, and why not, the path over {@code keyed} (the table or an index's entries) bounds the filter. */
  private Judgement judge(String name, TableMapping keyed, IndexMapping ix) {
    List<String> uncovered = new ArrayList<>();
    if (ix != null) {
      for (int f : needed == null ? allFields() : needed) {
        if (!ix.covers(f) && !uncovered.contains(name(f))) {
          uncovered.add(name(f));
        }
      }
    }
    if (condition == null) {
      return new Judgement(name, null, "the query has no filter", tableRows, uncovered);
    }
    int[] keys = keyed.keyFields();
    if (keyed.keyCodec() == null || keys.length == 0) {
      return new Judgement(name, null, "the table has no key columns to bound", tableRows, uncovered);
    }
    List<KeyBox> boxes = KeyConditions.of(condition, keyed);
    if (boxes != null) {
      AccessPath p = AccessPath.of(table.def().name(), keyed, boxes);
      if (p.kind() != AccessPath.Kind.FULL_SCAN) {
        return new Judgement(name, boxes, null, p.estimateRows(tableRows), uncovered);
      }
    }
    return new Judgement(name, null, whyNot(keyed, keys, ix), tableRows, uncovered);
  }

  private int[] allFields() {
    int[] all = new int[table.fieldCount()];
    for (int i = 0; i < all.length; i++) {
      all[i] = i;
    }
    return all;
  }

  /** Why no conjunct bounds the leading key column {@code keys[0]} of {@code keyed}. */
  private String whyNot(TableMapping keyed, int[] keys, IndexMapping ix) {
    int lead = keys[0];
    String leadName = ix != null && lead >= table.fieldCount() ? ix.index().columns().get(0).column() : name(lead);
    String function = null;
    String or = null;
    Set<String> later = new LinkedHashSet<>();
    for (RexNode c : conjuncts) {
      ImmutableBitSet refs = RelOptUtil.InputFinder.bits(c);
      if (refs.get(lead)) {
        if (c.getKind() == SqlKind.OR) {
          Set<String> cols = new LinkedHashSet<>();
          for (RexNode d : RelOptUtil.disjunctions(c)) {
            for (int f : RelOptUtil.InputFinder.bits(d)) {
              cols.add(name(f));
            }
          }
          if (cols.size() > 1 && or == null) {
            or = "an OR across different columns (" + String.join(", ", cols) + "): a disjunct without "
                + leadName + " leaves its leading column free";
          }
        } else if (function == null) {
          RexCall fn = functionOver(c, lead);
          if (fn != null) {
            function = (fn.getKind() == SqlKind.CAST ? "a cast of its key column " + leadName + " to "
                + fn.getType().getSqlTypeName() : "a function (" + fn.getOperator().getName() + ") on its key column "
                + leadName) + ": the key holds " + leadName + " itself, so only a comparison of " + leadName
                + " with a value bounds it";
          }
        }
      }
      for (int k = 1; k < keys.length; k++) {
        if (refs.get(keys[k]) && !refs.get(lead)) {
          later.add(keys[k] < table.fieldCount() ? name(keys[k]) : ix.index().columns().get(k).column());
        }
      }
    }
    if (function != null) {
      return function;
    }
    if (or != null) {
      return or;
    }
    if (!later.isEmpty() && ix == null) {
      return "the filter constrains only " + String.join(", ", later) + ", a later key column; the leading column "
          + leadName + " is free, so no key range holds the rows";
    }
    return "the filter does not constrain its leading column " + leadName;
  }

  /** The call inside {@code c} that computes a value from field {@code f} (a function or cast of it), or null. */
  private static RexCall functionOver(RexNode c, int f) {
    if (!(c instanceof RexCall call)) {
      return null;
    }
    boolean predicate = call.getKind() == SqlKind.AND || call.getKind() == SqlKind.NOT
        || SqlKind.COMPARISON.contains(call.getKind()) || call.getKind() == SqlKind.SEARCH
        || call.getKind() == SqlKind.LIKE || call.getKind() == SqlKind.IS_NULL || call.getKind() == SqlKind.IS_NOT_NULL;
    for (RexNode operand : call.getOperands()) {
      if (!predicate && operand instanceof RexInputRef ref && ref.getIndex() == f) {
        return call;
      }
      RexCall inner = functionOver(operand, f);
      if (inner != null) {
        return predicate || inner.getKind() != SqlKind.CAST ? inner : call;
      }
    }
    return null;
  }

  /** One concrete change that would let a path serve the filter, or null when one does or none would. */
  private String suggestion(String tableName, AccessPath chosen, Judgement chosenJudgement, List<Judgement> judged) {
    if (condition == null) {
      return null;
    }
    // an index that bounds the filter but does not cover the query: the same index with INCLUDE
    for (int i = 0; i < indexes.size(); i++) {
      Judgement j = judged.get(i);
      boolean usable = j.bounds() && (j == chosenJudgement || chosen.kind() == AccessPath.Kind.FULL_SCAN);
      if (usable && !j.uncovered.isEmpty()) {
        IndexDef def = indexes.get(i).index();
        List<String> include = new ArrayList<>(def.include());
        for (String u : j.uncovered) {
          if (!include.contains(u)) {
            include.add(u);
          }
        }
        List<String> cols = new ArrayList<>();
        for (IndexDef.Part p : def.columns()) {
          cols.add(p.isExpression() ? p.expression() : quote(p.column()) + (p.descending() ? " DESC" : ""));
        }
        return "DROP INDEX " + quote(def.name()) + "; CREATE INDEX " + quote(def.name()) + " ON " + quote(tableName)
            + " (" + String.join(", ", cols) + ") INCLUDE (" + quoteAll(include) + ") (covers the query)";
      }
    }
    if (chosen.kind() != AccessPath.Kind.FULL_SCAN) {
      return null;
    }
    for (Judgement j : judged) {
      if (j.bounds()) {
        return null;
      }
    }
    if (pkBounds()) {
      return null;
    }
    RexNode best = null;
    int bestField = -1;
    int bestRank = Integer.MAX_VALUE;
    RexCall bestFunction = null;
    Set<String> orColumns = new LinkedHashSet<>();
    for (RexNode c : conjuncts) {
      ImmutableBitSet refs = RelOptUtil.InputFinder.bits(c);
      if (c.getKind() == SqlKind.OR) {
        for (int f : refs) {
          orColumns.add(name(f));
        }
        continue;
      }
      if (refs.cardinality() != 1 || refs.nth(0) >= table.fieldCount()) {
        continue;
      }
      int f = refs.nth(0);
      RexCall fn = functionOver(c, f);
      int rank = rank(c) + (fn == null ? 0 : 10);
      if (rank < bestRank && (fn == null || renderable(fn))) {
        best = c;
        bestField = f;
        bestRank = rank;
        bestFunction = fn;
      }
    }
    if (best == null) {
      if (orColumns.size() > 1) {
        return "no single key range holds an OR across " + String.join(", ", orColumns)
            + ": write it as a UNION ALL of one query per column, each read through that column's key or index";
      }
      return null;
    }
    String column = name(bestField);
    List<String> include = new ArrayList<>();
    for (int f : needed == null ? allFields() : needed) {
      if (f != bestField && !table.isKey(f) && f < table.def().columns().size() && !include.contains(name(f))) {
        include.add(name(f));
      }
    }
    String indexed = bestFunction == null ? quote(column) : render(bestFunction);
    String indexName = indexName(tableName, column, bestFunction != null);
    String ddl = "CREATE INDEX " + quote(indexName) + " ON " + quote(tableName) + " (" + indexed + ")"
        + (include.isEmpty() ? "" : " INCLUDE (" + quoteAll(include) + ")");
    // a mapping reads its store table's keys as they are: only a table of Cellar's own can be keyed anew
    if (bestFunction == null && table.isKey(bestField) && !table.isMapped()) {
      List<String> order = new ArrayList<>();
      order.add(quote(column));
      for (int k : table.keyFields()) {
        if (k != bestField) {
          order.add(quote(name(k)));
        }
      }
      ddl += "; or a key order that starts with " + quote(column) + ": PRIMARY KEY (" + String.join(", ", order) + ")";
    }
    return ddl;
  }

  private boolean pkBounds() {
    List<KeyBox> boxes = table.keyCodec() == null ? null : KeyConditions.of(condition, table);
    return boxes != null && AccessPath.of(table.def().name(), table, boxes).kind() != AccessPath.Kind.FULL_SCAN;
  }

  /** Equality first, then lists and ranges, then anything else. */
  private static int rank(RexNode c) {
    return switch (c.getKind()) {
      case EQUALS, IS_NULL -> 0;
      case SEARCH, LIKE -> 1;
      case LESS_THAN, LESS_THAN_OR_EQUAL, GREATER_THAN, GREATER_THAN_OR_EQUAL -> 2;
      default -> 5;
    };
  }

  private String indexName(String tableName, String column, boolean expression) {
    String base = (tableName + "_" + column + (expression ? "_EXPR" : "")).toUpperCase(Locale.ROOT)
        .replaceAll("[^A-Z0-9_]", "_");
    Set<String> taken = new java.util.HashSet<>();
    for (IndexMapping ix : indexes) {
      taken.add(ix.index().name());
    }
    String n = base;
    for (int i = 2; taken.contains(n); i++) {
      n = base + "_" + i;
    }
    return n;
  }

  private boolean renderable(RexNode n) {
    if (n instanceof RexInputRef ref) {
      return ref.getIndex() < table.def().columns().size();
    }
    if (n instanceof RexLiteral) {
      return true;
    }
    if (n instanceof RexCall call && (call.getOperator() instanceof SqlFunction || call.getKind() == SqlKind.CAST)) {
      for (RexNode o : call.getOperands()) {
        if (!renderable(o)) {
          return false;
        }
      }
      return true;
    }
    return false;
  }

  /** A function call over columns and literals as SQL. */
  private String render(RexNode n) {
    if (n instanceof RexInputRef ref) {
      return quote(name(ref.getIndex()));
    }
    if (n instanceof RexLiteral lit) {
      Object v = lit.getValue2();
      return v instanceof String s ? "'" + s.replace("'", "''") + "'" : String.valueOf(v);
    }
    RexCall call = (RexCall) n;
    if (call.getKind() == SqlKind.CAST) {
      return "CAST(" + render(call.getOperands().get(0)) + " AS " + call.getType().getSqlTypeName() + ")";
    }
    List<String> args = new ArrayList<>();
    for (RexNode o : call.getOperands()) {
      args.add(render(o));
    }
    return call.getOperator().getName() + "(" + String.join(", ", args) + ")";
  }

  private static String quoteAll(List<String> names) {
    List<String> out = new ArrayList<>();
    for (String n : names) {
      out.add(quote(n));
    }
    return String.join(", ", out);
  }

  /** A name as SQL spells it: bare when upper case, else in double quotes. */
  static String quote(String name) {
    return name.matches("[A-Z][A-Z0-9_]*") ? name : "\"" + name.replace("\"", "\"\"") + "\"";
  }
}
