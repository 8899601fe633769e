package dev.cellar.sql.keyrange;

import com.google.common.collect.BoundType;
import com.google.common.collect.Range;
import dev.cellar.sql.codec.KeyType;
import dev.cellar.sql.exec.TableMapping;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.avatica.util.ByteString;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexCorrelVariable;
import org.apache.calcite.rex.RexDynamicParam;
import org.apache.calcite.rex.RexFieldAccess;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.DateString;
import org.apache.calcite.util.NlsString;
import org.apache.calcite.util.Sarg;
import org.apache.calcite.util.TimeString;
import org.apache.calcite.util.TimestampString;

/**
 * Finds in a filter condition what bounds a table's rowkey: comparisons, {@code IN} lists
 * (Calcite's {@code SEARCH}), {@code BETWEEN} and {@code LIKE 'abc%'} of key columns with
 * constants or statement parameters, combined by {@code AND} and {@code OR}. The result is a list
 * of {@link KeyBox}es whose union holds every row the condition accepts; anything the analysis
 * does not understand leaves its column free, so the boxes never lose a row. The condition
 * itself still runs over the rows read.
 */
public final class KeyConditions {
  /** Disjuncts beyond which a condition is not split into boxes. */
  static final int MAX_BOXES = 1_000;
  /** Intervals of one column beyond which an {@code IN} list does not bound the key. */
  static final int MAX_INTERVALS = 100_000;

  private final TableMapping mapping;
  private final int[] keyFields;

  private KeyConditions(TableMapping mapping) {
    this.mapping = mapping;
    this.keyFields = mapping.keyFields();
  }

  /**
   * The boxes of {@code condition} over the fields of {@code mapping}'s table, or null when the
   * condition leaves the first key column free in some disjunct (no key range can be read).
   */
  public static List<KeyBox> of(RexNode condition, TableMapping mapping) {
    if (mapping.keyCodec() == null) {
      return null;
    }
    List<KeyBox> boxes = new KeyConditions(mapping).boxes(condition);
    if (boxes == null) {
      return null;
    }
    for (KeyBox b : boxes) {
      if (b.usefulColumns() == 0) {
        return null;
      }
    }
    return boxes;
  }

  /**
   * The conjuncts of {@code condition} that reading {@code boxes} (its {@link #of}) evaluates
   * exactly, so that the filter need not run them again: comparisons of a key column with a
   * constant the column holds exactly (or a parameter, for {@code =}), {@code IN} lists,
   * {@code BETWEEN} and {@code LIKE 'abc%'}, each the only constraint of its column (or the two
   * ends of one range) within the columns that bound the read. String columns are exact for
   * equality and {@code LIKE} only: their ranges keep the filter, since Java compares strings by
   * UTF-16 unit and the key by code point.
   */
  public static List<RexNode> exactConjuncts(RexNode condition, List<KeyBox> boxes, TableMapping mapping) {
    if (boxes != null && boxes.size() > 1) {
      return exactDisjunction(condition, boxes, mapping);
    }
    if (boxes == null || boxes.size() != 1 || boxes.get(0).rangeCount() > AccessPath.MAX_RANGES) {
      return List.of();
    }
    KeyBox box = boxes.get(0);
    int useful = box.usefulColumns();
    KeyConditions kc = new KeyConditions(mapping);
    java.util.Map<Integer, List<RexNode>> byColumn = new java.util.HashMap<>();
    java.util.Map<RexNode, List<KeyBox.Interval>> constraints = new java.util.HashMap<>();
    for (RexNode c : org.apache.calcite.plan.RelOptUtil.conjunctions(condition)) {
      int k = kc.exactColumn(c);
      if (k < 0 || k >= useful) {
        continue;
      }
      List<KeyBox> b = kc.boxes(c);
      if (b == null || b.size() != 1) {
        continue;
      }
      byColumn.computeIfAbsent(k, x -> new ArrayList<>()).add(c);
      constraints.put(c, b.get(0).column(k));
    }
    List<RexNode> exact = new ArrayList<>();
    for (var e : byColumn.entrySet()) {
      List<KeyBox.Interval> fin = box.column(e.getKey());
      List<RexNode> cs = e.getValue();
      if (cs.size() == 1 && constraints.get(cs.get(0)).equals(fin)) {
        exact.add(cs.get(0));
      } else if (cs.size() == 2 && fin.size() == 1) {
        KeyBox.Interval merged = fin.get(0);
        boolean lower = false;
        boolean upper = false;
        for (RexNode c : cs) {
          List<KeyBox.Interval> ivs = constraints.get(c);
          if (ivs.size() != 1) {
            continue;
          }
          KeyBox.Interval iv = ivs.get(0);
          lower |= iv.upper == null && iv.lower != null && iv.lower.equals(merged.lower)
              && iv.lowerInclusive == merged.lowerInclusive;
          upper |= iv.lower == null && iv.upper != null && iv.upper.equals(merged.upper)
              && iv.upperInclusive == merged.upperInclusive;
        }
        if (lower && upper) {
          exact.addAll(cs);
        }
      }
    }
    return exact;
  }

  /**
   * The conjunct that reading several {@code boxes} evaluates exactly: the one {@code OR} that
   * made them, when each of its disjuncts binds leading key columns by {@code =} alone (as an
   * {@code OR} of whole keys, or a key-lookup join's batch, does) and no other conjunct bounds
   * the key. Its rows are then exactly the keys and prefixes read.
   */
  private static List<RexNode> exactDisjunction(RexNode condition, List<KeyBox> boxes, TableMapping mapping) {
    KeyConditions kc = new KeyConditions(mapping);
    RexNode or = null;
    long ranges = 0;
    for (RexNode c : org.apache.calcite.plan.RelOptUtil.conjunctions(condition)) {
      if (kc.boxes(c) == null) {
        continue;
      }
      if (or != null || c.getKind() != SqlKind.OR) {
        return List.of();
      }
      or = c;
    }
    if (or == null) {
      return List.of();
    }
    for (RexNode d : ((RexCall) or).getOperands()) {
      java.util.BitSet columns = new java.util.BitSet();
      for (RexNode e : org.apache.calcite.plan.RelOptUtil.conjunctions(d)) {
        int k = e.getKind() == SqlKind.EQUALS ? kc.exactColumn(e) : -1;
        if (k < 0 || columns.get(k)) {
          return List.of();
        }
        columns.set(k);
      }
      if (columns.nextClearBit(0) != columns.cardinality()) {
        return List.of();
      }
      ranges++;
    }
    return ranges == boxes.size() && ranges <= AccessPath.MAX_RANGES ? List.of(or) : List.of();
  }

  /**
   * The key column a conjunct constrains if reading its box evaluates it exactly (see
   * {@link #exactConjuncts}), else -1.
   */
  private int exactColumn(RexNode c) {
    switch (c.getKind()) {
      case EQUALS:
      case LESS_THAN:
      case LESS_THAN_OR_EQUAL:
      case GREATER_THAN:
      case GREATER_THAN_OR_EQUAL: {
        RexCall call = (RexCall) c;
        RexNode a = call.getOperands().get(0);
        RexNode b = call.getOperands().get(1);
        if (!(a instanceof RexInputRef)) {
          RexNode t = a;
          a = b;
          b = t;
        }
        int k = a instanceof RexInputRef ? keyIndex(a) : -1;
        if (k < 0) {
          return -1;
        }
        KeyType type = mapping.type(keyFields[k]);
        boolean string = type == KeyType.CHAR || type == KeyType.VARCHAR;
        if (b instanceof RexDynamicParam || b instanceof RexFieldAccess) {
          return c.getKind() == SqlKind.EQUALS && operand(b) != null ? k : -1;
        }
        if (!(b instanceof RexLiteral lit) || lit.isNull() || (string && c.getKind() != SqlKind.EQUALS)) {
          return -1;
        }
        Object v = literalValue(lit);
        return v != null && KeyOperand.toKey(type, v) != null ? k : -1;
      }
      case SEARCH: {
        RexCall call = (RexCall) c;
        RexNode ref = call.getOperands().get(0);
        int k = ref instanceof RexInputRef ? keyIndex(ref) : -1;
        List<KeyBox> b = k < 0 ? null : search(call);
        if (b == null) {
          return -1;
        }
        KeyType type = mapping.type(keyFields[k]);
        boolean string = type == KeyType.CHAR || type == KeyType.VARCHAR;
        for (KeyBox.Interval iv : b.get(0).column(k)) {
          if (string && !iv.isPoint()) {
            return -1;
          }
          for (KeyOperand o : new KeyOperand[] {iv.lower, iv.upper}) {
            if (o != null && KeyOperand.toKey(type, o.value(null)) == null) {
              return -1;
            }
          }
        }
        return k;
      }
      case LIKE: {
        RexCall call = (RexCall) c;
        if (call.getOperands().size() != 2 || !(call.getOperands().get(0) instanceof RexInputRef)
            || like(call) == null || !(call.getOperands().get(1) instanceof RexLiteral lit)) {
          return -1;
        }
        String pattern = lit.getValueAs(String.class);
        int wild = firstWildcard(pattern);
        return wild < 0 || wild == pattern.length() - 1 && pattern.charAt(wild) == '%'
            ? keyIndex(call.getOperands().get(0)) : -1;
      }
      default:
        return -1;
    }
  }

  private List<KeyBox> boxes(RexNode e) {
    switch (e.getKind()) {
      case AND: {
        List<KeyBox> acc = null;
        for (RexNode op : ((RexCall) e).getOperands()) {
          List<KeyBox> b = boxes(op);
          if (b == null) {
            continue;
          }
          if (acc == null) {
            acc = b;
          } else if ((long) acc.size() * b.size() <= MAX_BOXES) {
            List<KeyBox> product = new ArrayList<>();
            for (KeyBox x : acc) {
              for (KeyBox y : b) {
                product.add(x.and(y));
              }
            }
            acc = product;
          }
        }
        return acc;
      }
      case OR: {
        List<KeyBox> acc = new ArrayList<>();
        for (RexNode op : ((RexCall) e).getOperands()) {
          List<KeyBox> b = boxes(op);
          if (b == null || acc.size() + b.size() > MAX_BOXES) {
            return null;
          }
          acc.addAll(b);
        }
        return acc;
      }
      case EQUALS:
      case LESS_THAN:
      case LESS_THAN_OR_EQUAL:
      case GREATER_THAN:
      case GREATER_THAN_OR_EQUAL:
        return comparison((RexCall) e);
      case SEARCH:
        return search((RexCall) e);
      case LIKE:
        return like((RexCall) e);
      default:
        return null;
    }
  }

  private List<KeyBox> comparison(RexCall call) {
    RexNode a = call.getOperands().get(0);
    RexNode b = call.getOperands().get(1);
    SqlKind kind = call.getKind();
    int k = keyIndex(a);
    KeyOperand v = operand(b);
    if (k < 0 || v == null) {
      k = keyIndex(b);
      v = operand(a);
      kind = kind.reverse();
    }
    if (k < 0 || v == null || (kind != SqlKind.EQUALS && !orderPreserving(k))) {
      return null;
    }
    KeyBox.Interval iv;
    switch (kind) {
      case EQUALS:
        iv = KeyBox.Interval.point(v);
        break;
      case LESS_THAN:
        iv = KeyBox.Interval.range(null, false, v, false);
        break;
      case LESS_THAN_OR_EQUAL:
        iv = KeyBox.Interval.range(null, false, v, true);
        break;
      case GREATER_THAN:
        iv = KeyBox.Interval.range(v, false, null, false);
        break;
      case GREATER_THAN_OR_EQUAL:
        iv = KeyBox.Interval.range(v, true, null, false);
        break;
      default:
        return null;
    }
    return List.of(KeyBox.of(keyFields.length, k, List.of(iv)));
  }

  @SuppressWarnings({"rawtypes", "unchecked"})
  private List<KeyBox> search(RexCall call) {
    int k = keyIndex(call.getOperands().get(0));
    if (k < 0 || !(call.getOperands().get(1) instanceof RexLiteral lit)) {
      return null;
    }
    Sarg sarg = lit.getValueAs(Sarg.class);
    // a SEARCH that NULL satisfies also matches an index entry's NULLs, which no range holds
    if (sarg == null || sarg.isAll() || sarg.rangeSet.asRanges().size() > MAX_INTERVALS
        || sarg.nullAs == org.apache.calcite.rex.RexUnknownAs.TRUE) {
      return null;
    }
    SqlTypeName type = lit.getType().getSqlTypeName();
    List<KeyBox.Interval> intervals = new ArrayList<>();
    for (Range r : (java.util.Set<Range>) sarg.rangeSet.asRanges()) {
      KeyOperand lower = r.hasLowerBound() ? endpoint(r.lowerEndpoint(), type) : null;
      KeyOperand upper = r.hasUpperBound() ? endpoint(r.upperEndpoint(), type) : null;
      if (lower == null && upper == null) {
        return null;
      }
      boolean li = r.hasLowerBound() && r.lowerBoundType() == BoundType.CLOSED;
      boolean ui = r.hasUpperBound() && r.upperBoundType() == BoundType.CLOSED;
      if (lower != null && li && ui && lower.equals(upper)) {
        intervals.add(KeyBox.Interval.point(lower));
      } else if (!orderPreserving(k)) {
        return null;
      } else {
        intervals.add(KeyBox.Interval.range(lower, li, upper, ui));
      }
    }
    return List.of(KeyBox.of(keyFields.length, k, intervals));
  }

  private List<KeyBox> like(RexCall call) {
    if (call.getOperands().size() != 2) {
      return null;
    }
    int k = keyIndex(call.getOperands().get(0));
    if (k < 0 || mapping.type(keyFields[k]) != KeyType.VARCHAR
        || !(call.getOperands().get(1) instanceof RexLiteral lit)) {
      return null;
    }
    String pattern = lit.getValueAs(String.class);
    if (pattern == null) {
      return null;
    }
    int wild = firstWildcard(pattern);
    if (wild < 0) {
      return List.of(KeyBox.of(keyFields.length, k, List.of(KeyBox.Interval.point(stringOperand(pattern)))));
    }
    if (wild == 0) {
      return null;
    }
    String prefix = pattern.substring(0, wild);
    return List.of(KeyBox.of(keyFields.length, k, List.of(KeyBox.Interval.startsWith(stringOperand(prefix)))));
  }

  /**
   * Whether a range of key column {@code k}'s values is a range of keys; when not (a mapped key
   * whose bytes do not sort as its values), only equality bounds the column.
   */
  private boolean orderPreserving(int k) {
    return mapping.keyCodec().field(k).orderPreserving();
  }

  static int firstWildcard(String pattern) {
    for (int i = 0; i < pattern.length(); i++) {
      char c = pattern.charAt(i);
      if (c == '%' || c == '_') {
        return i;
      }
    }
    return -1;
  }

  /**
   * The key column index {@code e} reads: a key field, or a key field cast to a type that keeps
   * its values, their equality and their order (a wider integer, a decimal, a double of an
   * integer of at most 32 bits). -1 otherwise.
   */
  private int keyIndex(RexNode e) {
    if (e.getKind() == SqlKind.CAST) {
      RexNode inner = ((RexCall) e).getOperands().get(0);
      if (!(inner instanceof RexInputRef) || !preservesOrder(inner.getType(), e.getType())) {
        return -1;
      }
      e = inner;
    }
    if (e instanceof RexInputRef ref) {
      for (int k = 0; k < keyFields.length; k++) {
        if (keyFields[k] == ref.getIndex()) {
          return k;
        }
      }
    }
    return -1;
  }

  private static boolean preservesOrder(RelDataType from, RelDataType to) {
    SqlTypeName f = from.getSqlTypeName();
    SqlTypeName t = to.getSqlTypeName();
    if (f == t && (f == SqlTypeName.BOOLEAN || f == SqlTypeName.DATE || f == SqlTypeName.DOUBLE
        || f == SqlTypeName.REAL)) {
      return true;
    }
    if (f == SqlTypeName.DECIMAL && t == SqlTypeName.DECIMAL) {
      return to.getScale() >= from.getScale()
          && to.getPrecision() - to.getScale() >= from.getPrecision() - from.getScale();
    }
    int fr = integerRank(f);
    if (fr < 0) {
      return f == SqlTypeName.REAL && t == SqlTypeName.DOUBLE;
    }
    int tr = integerRank(t);
    if (tr >= fr) {
      return true;
    }
    if (t == SqlTypeName.DECIMAL) {
      return to.getPrecision() - to.getScale() >= new int[] {3, 5, 10, 19}[fr];
    }
    return t == SqlTypeName.DOUBLE && fr <= 2;
  }

  private static int integerRank(SqlTypeName t) {
    switch (t) {
      case TINYINT:
        return 0;
      case SMALLINT:
        return 1;
      case INTEGER:
        return 2;
      case BIGINT:
        return 3;
      default:
        return -1;
    }
  }

  /** A constant or a statement parameter, else null. */
  private static KeyOperand operand(RexNode e) {
    if (e instanceof RexDynamicParam p) {
      return KeyOperand.param(p.getIndex());
    }
    if (e instanceof RexFieldAccess fa && fa.getReferenceExpr() instanceof RexCorrelVariable v) {
      return KeyOperand.correl(v.id.getName(), fa.getField().getIndex(), v.id.getName() + "." + fa.getField().getName());
    }
    if (e instanceof RexLiteral lit && !lit.isNull()) {
      Object v = literalValue(lit);
      return v == null ? null : KeyOperand.constant(v, display(v, lit.getType().getSqlTypeName()));
    }
    return null;
  }

  static Object literalValue(RexLiteral lit) {
    switch (lit.getType().getSqlTypeName()) {
      case TINYINT:
      case SMALLINT:
      case INTEGER:
      case BIGINT:
      case DECIMAL:
      case REAL:
      case FLOAT:
      case DOUBLE:
        return lit.getValueAs(BigDecimal.class);
      case CHAR:
      case VARCHAR:
        return lit.getValueAs(String.class);
      case BOOLEAN:
        return lit.getValueAs(Boolean.class);
      case BINARY:
      case VARBINARY:
        return lit.getValueAs(ByteString.class);
      case DATE:
        return lit.getValueAs(Integer.class);
      case TIME:
        return lit.getValueAs(Integer.class);
      case TIMESTAMP:
        return lit.getValueAs(Long.class);
      default:
        return null;
    }
  }

  /** A {@code SEARCH} endpoint as an operand. */
  private static KeyOperand endpoint(Object c, SqlTypeName type) {
    Object v;
    if (c instanceof NlsString s) {
      v = s.getValue();
    } else if (c instanceof DateString d) {
      v = d.getDaysSinceEpoch();
    } else if (c instanceof TimeString t) {
      v = t.getMillisOfDay();
    } else if (c instanceof TimestampString t) {
      v = t.getMillisSinceEpoch();
    } else {
      v = c;
    }
    return KeyOperand.constant(v, display(v, type));
  }

  private static KeyOperand stringOperand(String s) {
    return KeyOperand.constant(s, display(s, SqlTypeName.VARCHAR));
  }

  public static String display(Object v, SqlTypeName type) {
    switch (type) {
      case CHAR:
      case VARCHAR:
        return "'" + v.toString().replace("'", "''") + "'";
      case BINARY:
      case VARBINARY:
        return "X'" + ((ByteString) v).toString().toUpperCase(java.util.Locale.ROOT) + "'";
      case DATE:
        return "DATE '" + DateString.fromDaysSinceEpoch((Integer) v) + "'";
      case TIME:
        return "TIME '" + TimeString.fromMillisOfDay((Integer) v) + "'";
      case TIMESTAMP:
        return "TIMESTAMP '" + TimestampString.fromMillisSinceEpoch((Long) v) + "'";
      default:
        return v instanceof BigDecimal d ? d.toPlainString() : String.valueOf(v);
    }
  }
}
