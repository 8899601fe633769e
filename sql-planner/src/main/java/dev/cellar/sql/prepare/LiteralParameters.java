package dev.cellar.sql.prepare;

import dev.cellar.sql.catalog.Catalog;
import dev.cellar.sql.catalog.ColumnDef;
import dev.cellar.sql.catalog.IndexDef;
import dev.cellar.sql.catalog.TableDef;
import java.math.BigDecimal;
import java.sql.Types;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.apache.calcite.DataContext;
import org.apache.calcite.avatica.AvaticaParameter;
import org.apache.calcite.jdbc.CalcitePrepare.CalciteSignature;
import org.apache.calcite.linq4j.QueryProvider;
import org.apache.calcite.runtime.Bindable;
import org.apache.calcite.schema.SchemaPlus;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlInsert;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlWith;
import org.apache.calcite.sql.SqlWithItem;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.util.SqlBasicVisitor;

/**
 * A query's literals turned into statement parameters, so that queries differing only in their
 * literals share one plan and one compiled class ({@link PlanCache}, {@link CompiledCode}).
 *
 * <p>Only literals whose value cannot change the plan's shape or the result's types become
 * parameters: a number or string compared with an expression that is not a constant
 * ({@code =}, {@code <>}, {@code <}, {@code <=}, {@code >}, {@code >=}, {@code BETWEEN},
 * the pattern of {@code LIKE}) in the {@code WHERE}, {@code HAVING} and join conditions of the
 * query and of the queries it reads from; but a range or {@code LIKE} of a column that is a key
 * or indexed column of any table keeps its literals (see {@link Finder#isValue}). Literals of the
 * select list (whose text labels columns), of {@code GROUP BY}, {@code ORDER BY},
 * {@code LIMIT}, {@code IN} lists and every other place stay literals. In an
 * {@code INSERT ... VALUES} of one row, the numbers and strings that are whole values of the row
 * become parameters too (typed by their target columns); rows of parameters would be planned as
 * a union of one-row projections, so an insert of several rows keeps its literals. The statement's text with those literals
 * written as {@code ?} is the plan's key.
 *
 * <p>The plan of that text is then {@link #bind bound} to the literals: its extra parameters
 * take their values at execution, as a prepared statement's parameters do (key ranges
 * included), and the statement's own parameters keep their positions. A literal that does not
 * hold exactly in its parameter's type (2.5 for an INTEGER, a string for a CHAR column, a
 * string with trailing blanks or longer than its VARCHAR) is refused: the statement is then
 * prepared with its literals.
 */
final class LiteralParameters {
  private static final Pattern NUMBER = Pattern.compile("-?\\s*(\\d+(\\.\\d*)?|\\.\\d+)([eE][+-]?\\d+)?");

  /** The text with literals as {@code ?}. */
  final String text;
  /** Per {@code ?} of {@link #text}, in order: the statement's own parameter (an Integer index) or a literal. */
  private final List<Object> slots;
  private final int ownParameters;
  /** Per literal taken out: its start and end in the statement's text, and its index in {@link #slots}. */
  private final int[][] literalSpans;

  private LiteralParameters(String text, List<Object> slots, int ownParameters, int[][] literalSpans) {
    this.text = text;
    this.slots = slots;
    this.ownParameters = ownParameters;
    this.literalSpans = literalSpans;
  }

  /**
   * The literals of a statement whose text with them as {@code ?} is {@code text}: per
   * {@code ?}, in order, the statement's own parameter (an Integer index) or a
   * {@linkplain #literal literal} ({@link LiteralShapes}).
   */
  static LiteralParameters of(String text, List<Object> slots, int ownParameters, int[][] literalSpans) {
    return new LiteralParameters(text, slots, ownParameters, literalSpans);
  }

  /** A literal's value, a String or a BigDecimal, for {@link #of(String, List, int, int[][])}. */
  static Object literal(Object value, boolean exact) {
    return new Literal(value, exact);
  }

  int ownParameters() {
    return ownParameters;
  }

  /** Per literal taken out: its start and end in the statement's text, and its slot. */
  int[][] literalSpans() {
    return literalSpans;
  }

  /** A literal taken out of the text: its value, a String or a BigDecimal, and whether it was exact. */
  private record Literal(Object value, boolean exact) {}

  /**
   * {@code sql} (parsed as {@code parsed}) with its parameterizable literals as {@code ?}, or
   * null if it has none or its literals' places in the text are not where the parser says.
   */
  static LiteralParameters of(String sql, SqlNode parsed, Catalog.Snapshot catalog) {
    Finder finder = new Finder(indexedColumns(catalog));
    finder.query(parsed);
    if (finder.literals.isEmpty()) {
      return null;
    }
    parsed.accept(new SqlBasicVisitor<Void>() {
      @Override
      public Void visit(SqlDynamicParam param) {
        finder.params.add(param);
        return null;
      }
    });
    int[] lineStarts = lineStarts(sql);
    TreeMap<Integer, Object[]> spans = new TreeMap<>();
    for (SqlLiteral lit : finder.literals) {
      int start = offset(lineStarts, lit.getParserPosition().getLineNum(), lit.getParserPosition().getColumnNum());
      int end = offset(lineStarts, lit.getParserPosition().getEndLineNum(),
          lit.getParserPosition().getEndColumnNum()) + 1;
      if (start < 0 || end <= start || end > sql.length()) {
        return null;
      }
      String written = sql.substring(start, end);
      Literal value;
      if (lit instanceof SqlNumericLiteral n && NUMBER.matcher(written).matches()
          && new BigDecimal(written.replaceAll("\\s", "")).compareTo(n.getValueAs(BigDecimal.class)) == 0) {
        value = new Literal(n.getValueAs(BigDecimal.class), n.isExact());
      } else if (lit instanceof SqlCharStringLiteral && isQuoted(written)
          && written.substring(1, written.length() - 1).replace("''", "'").equals(lit.getValueAs(String.class))) {
        value = new Literal(lit.getValueAs(String.class), true);
      } else {
        return null;
      }
      if (spans.put(start, new Object[] {end, value}) != null) {
        return null;
      }
    }
    for (SqlDynamicParam p : finder.params) {
      SqlParserPos pos = p.getParserPosition();
      int start = offset(lineStarts, pos.getLineNum(), pos.getColumnNum());
      if (start < 0 || start >= sql.length() || sql.charAt(start) != '?'
          || spans.put(start, new Object[] {start + 1, p.getIndex()}) != null) {
        return null;
      }
    }
    StringBuilder text = new StringBuilder(sql.length());
    List<Object> slots = new ArrayList<>();
    List<int[]> literalSpans = new ArrayList<>();
    int at = 0;
    for (Map.Entry<Integer, Object[]> e : spans.entrySet()) {
      if (e.getKey() < at) {
        return null;
      }
      text.append(sql, at, e.getKey()).append('?');
      at = (Integer) e.getValue()[0];
      if (e.getValue()[1] instanceof Literal) {
        literalSpans.add(new int[] {e.getKey(), at, slots.size()});
      }
      slots.add(e.getValue()[1]);
    }
    text.append(sql, at, sql.length());
    return new LiteralParameters(text.toString(), slots, finder.params.size(), literalSpans.toArray(new int[0][]));
  }

  /**
   * {@code shared}, the plan of {@link #text}, as the plan of the statement with the literals:
   * its parameters are the statement's own, the others take the literals' values. Null if a
   * literal does not hold exactly in its parameter's type.
   */
  <T> CalciteSignature<T> bind(CalciteSignature<T> shared, String sql) {
    List<AvaticaParameter> all = shared.parameters;
    if (all.size() != slots.size()) {
      return null;
    }
    Object[] values = new Object[slots.size()];
    int[] own = new int[slots.size()];
    AvaticaParameter[] ownParams = new AvaticaParameter[ownParameters];
    for (int i = 0; i < slots.size(); i++) {
      Object slot = slots.get(i);
      if (slot instanceof Integer index) {
        if (index < 0 || index >= ownParameters) {
          return null;
        }
        own[i] = index;
        ownParams[index] = all.get(i);
      } else {
        own[i] = -1;
        values[i] = value((Literal) slot, all.get(i));
        if (values[i] == null) {
          return null;
        }
      }
    }
    String[] ownNames = new String[own.length];
    for (int i = 0; i < own.length; i++) {
      ownNames[i] = own[i] >= 0 ? "?" + own[i] : null;
    }
    Bindable<T> bindable = dataContext -> shared.enumerable(new Bound(dataContext, own, ownNames, values));
    return new CalciteSignature<>(sql, List.of(ownParams), shared.internalParameters, shared.rowType,
        shared.columns, shared.cursorFactory, shared.rootSchema, shared.getCollationList(), -1, bindable,
        shared.statementType);
  }

  /** {@code lit} as a value of {@code p}'s type, exactly, or null. */
  static Object value(Literal lit, AvaticaParameter p) {
    if (lit.value instanceof String s) {
      return p.parameterType == Types.VARCHAR && (s.isEmpty() || s.charAt(s.length() - 1) != ' ')
          && (p.precision <= 0 || s.length() <= p.precision) ? s : null;
    }
    BigDecimal v = (BigDecimal) lit.value;
    switch (p.parameterType) {
      case Types.DOUBLE:
      case Types.FLOAT:
        return v.doubleValue();
      case Types.TINYINT:
        return integral(lit, v, Byte.MIN_VALUE, Byte.MAX_VALUE) ? (Object) v.byteValueExact() : null;
      case Types.SMALLINT:
        return integral(lit, v, Short.MIN_VALUE, Short.MAX_VALUE) ? (Object) v.shortValueExact() : null;
      case Types.INTEGER:
        return integral(lit, v, Integer.MIN_VALUE, Integer.MAX_VALUE) ? (Object) v.intValueExact() : null;
      case Types.BIGINT:
        return integral(lit, v, Long.MIN_VALUE, Long.MAX_VALUE) ? (Object) v.longValueExact() : null;
      case Types.DECIMAL:
      case Types.NUMERIC: {
        if (!lit.exact) {
          return null;
        }
        BigDecimal s = v.stripTrailingZeros();
        int scale = Math.max(s.scale(), 0);
        int digits = s.precision() - s.scale();
        return scale <= p.scale && digits <= p.precision - p.scale ? v : null;
      }
      default:
        return null;
    }
  }

  private static boolean integral(Literal lit, BigDecimal v, long min, long max) {
    if (!lit.exact) {
      return false;
    }
    BigDecimal s = v.stripTrailingZeros();
    return s.scale() <= 0 && s.compareTo(BigDecimal.valueOf(min)) >= 0 && s.compareTo(BigDecimal.valueOf(max)) <= 0;
  }

  /** Names of the key and indexed columns of every table; null if an index is on expressions. */
  private static Set<String> indexedColumns(Catalog.Snapshot catalog) {
    Set<String> names = new HashSet<>();
    for (TableDef t : catalog.tables().values()) {
      for (ColumnDef c : t.keyColumns()) {
        add(names, c.name());
      }
    }
    for (IndexDef ix : catalog.indexes().values()) {
      for (IndexDef.Part part : ix.columns()) {
        if (part.isExpression()) {
          return null;
        }
        add(names, part.column());
      }
    }
    return names;
  }

  private static void add(Set<String> names, String column) {
    names.add(column.toUpperCase(java.util.Locale.ROOT));
    int dot = column.lastIndexOf('.');
    if (dot >= 0) {
      names.add(column.substring(dot + 1).toUpperCase(java.util.Locale.ROOT));
    }
  }

  /** Finds the literals to take out: see the class comment. */
  private static final class Finder {
    final List<SqlLiteral> literals = new ArrayList<>() {
      @Override
      public boolean add(SqlLiteral lit) {
        return (lit instanceof SqlNumericLiteral || lit instanceof SqlCharStringLiteral) && super.add(lit);
      }
    };
    final List<SqlDynamicParam> params = new ArrayList<>();
    private final Set<String> indexedColumns;

    Finder(Set<String> indexedColumns) {
      this.indexedColumns = indexedColumns;
    }

    void query(SqlNode node) {
      if (node instanceof SqlSelect s) {
        from(s.getFrom());
        condition(s.getWhere());
        condition(s.getHaving());
      } else if (node instanceof SqlOrderBy o) {
        query(o.query);
      } else if (node instanceof SqlWith w) {
        for (SqlNode item : w.withList) {
          query(((SqlWithItem) item).query);
        }
        query(w.body);
      } else if (node instanceof SqlBasicCall c && (c.getKind() == SqlKind.UNION || c.getKind() == SqlKind.INTERSECT
          || c.getKind() == SqlKind.EXCEPT)) {
        for (SqlNode op : c.getOperandList()) {
          query(op);
        }
      } else if (node instanceof SqlInsert insert && insert.getSource().getKind() == SqlKind.VALUES
          && ((SqlCall) insert.getSource()).operandCount() == 1
          && ((SqlCall) insert.getSource()).operand(0).getKind() == SqlKind.ROW) {
        // one row: rows of parameters are planned as a union of one-row projections, worse than literal rows
        for (SqlNode value : ((SqlCall) ((SqlCall) insert.getSource()).operand(0)).getOperandList()) {
          if (value instanceof SqlLiteral lit) {
            literals.add(lit);
          }
        }
      }
    }

    private void from(SqlNode from) {
      if (from instanceof SqlJoin j) {
        from(j.getLeft());
        from(j.getRight());
        condition(j.getCondition());
      } else if (from instanceof SqlBasicCall c && c.getKind() == SqlKind.AS) {
        from(c.operand(0));
      } else if (from != null && !(from instanceof SqlIdentifier)) {
        query(from);
      }
    }

    private void condition(SqlNode node) {
      if (!(node instanceof SqlCall call)) {
        return;
      }
      switch (call.getKind()) {
        case AND, OR, NOT -> {
          for (SqlNode op : call.getOperandList()) {
            condition(op);
          }
        }
        case EQUALS, NOT_EQUALS, LESS_THAN, LESS_THAN_OR_EQUAL, GREATER_THAN, GREATER_THAN_OR_EQUAL -> {
          SqlNode a = call.operand(0);
          SqlNode b = call.operand(1);
          boolean equality = call.getKind() == SqlKind.EQUALS || call.getKind() == SqlKind.NOT_EQUALS;
          if (isValue(a, equality) && b instanceof SqlLiteral lit) {
            literals.add(lit);
          } else if (isValue(b, equality) && a instanceof SqlLiteral lit) {
            literals.add(lit);
          }
          subQueries(call);
        }
        case BETWEEN -> {
          if (call.operandCount() == 3 && isValue(call.operand(0), false)) {
            for (int i = 1; i < 3; i++) {
              if (call.operand(i) instanceof SqlLiteral lit) {
                literals.add(lit);
              }
            }
          }
        }
        case LIKE -> {
          if (call.operandCount() == 2 && isValue(call.operand(0), false) && call.operand(1) instanceof SqlLiteral lit) {
            literals.add(lit);
          }
        }
        case EXISTS, SCALAR_QUERY, IN, NOT_IN, SOME, ALL -> subQueries(call);
        default -> {
        }
      }
    }

    /** The queries among {@code call}'s operands. */
    private void subQueries(SqlCall call) {
      for (SqlNode op : call.getOperandList()) {
        if (op instanceof SqlSelect || op instanceof SqlOrderBy || op instanceof SqlWith) {
          query(op);
        } else if (op instanceof SqlCall c && (c.getKind() == SqlKind.SCALAR_QUERY || c.getKind() == SqlKind.EXISTS)) {
          subQueries(c);
        }
      }
    }

    /**
     * Whether a literal compared with {@code node} may become a parameter: {@code node} is a
     * column or a call (not a constant, a parameter, a list or a query) whose type comes from the
     * data. For a comparison other than {@code =} or {@code <>} (a range, a {@code LIKE}
     * prefix), not a key or indexed column: a range of those with constant ends is read exactly,
     * so a limit goes down to the store, where one with parameter ends is filtered again.
     * With an index on expressions, only a column compared by equality.
     */
    private boolean isValue(SqlNode node, boolean equality) {
      if (node instanceof SqlIdentifier id) {
        return equality || indexedColumns != null
            && !indexedColumns.contains(id.names.get(id.names.size() - 1).toUpperCase(java.util.Locale.ROOT));
      }
      return node instanceof SqlCall && indexedColumns != null && node.getKind() != SqlKind.ROW
          && node.getKind() != SqlKind.CAST && !isQuery(node);
    }

    private static boolean isQuery(SqlNode node) {
      return node instanceof SqlSelect || node instanceof SqlOrderBy || node instanceof SqlWith
          || node.getKind() == SqlKind.UNION || node.getKind() == SqlKind.SCALAR_QUERY;
    }
  }

  /**
   * Whether {@code s} is one quoted string, quotes inside doubled (a loop: the pattern
   * {@code '([^']|'')*'} recurses per character and overflows the stack on long strings).
   */
  private static boolean isQuoted(String s) {
    if (s.length() < 2 || s.charAt(0) != '\'' || s.charAt(s.length() - 1) != '\'') {
      return false;
    }
    for (int i = 1; i < s.length() - 1; i++) {
      if (s.charAt(i) == '\'') {
        if (i + 1 >= s.length() - 1 || s.charAt(i + 1) != '\'') {
          return false;
        }
        i++;
      }
    }
    return true;
  }

  private static int[] lineStarts(String sql) {
    List<Integer> starts = new ArrayList<>();
    starts.add(0);
    for (int i = 0; i < sql.length(); i++) {
      char c = sql.charAt(i);
      if (c == '\n' || c == '\r' && (i + 1 == sql.length() || sql.charAt(i + 1) != '\n')) {
        starts.add(i + 1);
      }
    }
    return starts.stream().mapToInt(Integer::intValue).toArray();
  }

  /** The offset of 1-based {@code line} and {@code column}, or -1. */
  private static int offset(int[] lineStarts, int line, int column) {
    if (line < 1 || line > lineStarts.length || column < 1) {
      return -1;
    }
    return lineStarts[line - 1] + column - 1;
  }

  /** A statement's data context in which the plan's parameters are the statement's own or the literals. */
  private static final class Bound implements DataContext {
    private final DataContext statement;
    private final int[] own;
    private final Object[] values;
    /** For each parameter of the shared plan that is the statement's own, its name there ({@code ?N}). */
    private final String[] ownNames;

    Bound(DataContext statement, int[] own, String[] ownNames, Object[] values) {
      this.statement = statement;
      this.own = own;
      this.ownNames = ownNames;
      this.values = values;
    }

    @Override
    public SchemaPlus getRootSchema() {
      return statement.getRootSchema();
    }

    @Override
    public org.apache.calcite.adapter.java.JavaTypeFactory getTypeFactory() {
      return statement.getTypeFactory();
    }

    @Override
    public QueryProvider getQueryProvider() {
      return statement.getQueryProvider();
    }

    @Override
    public Object get(String name) {
      int i = dev.cellar.sql.rel.ParameterSets.parameterIndex(name);
      if (i >= 0 && i < own.length) {
        return own[i] >= 0 ? statement.get(ownNames[i]) : values[i];
      }
      return statement.get(name);
    }
  }
}
