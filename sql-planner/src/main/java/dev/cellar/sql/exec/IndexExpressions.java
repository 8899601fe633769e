package dev.cellar.sql.exec;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import dev.cellar.sql.catalog.ColumnDef;
import dev.cellar.sql.catalog.ColumnType;
import dev.cellar.sql.catalog.TableDef;
import dev.cellar.sql.codec.KeyType;
import dev.cellar.sql.parser.CellarParser;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.DataContext;
import org.apache.calcite.adapter.java.JavaTypeFactory;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.linq4j.QueryProvider;
import org.apache.calcite.linq4j.function.Function1;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexExecutable;
import org.apache.calcite.rex.RexExecutorImpl;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.rex.RexVisitorImpl;
import org.apache.calcite.schema.SchemaPlus;
import org.apache.calcite.schema.impl.AbstractTable;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.util.SqlShuttle;
import org.apache.calcite.tools.FrameworkConfig;
import org.apache.calcite.tools.Frameworks;
import org.apache.calcite.tools.Planner;
import org.apache.calcite.util.ImmutableBitSet;
import org.apache.calcite.util.Util;

/**
 * The expressions of a functional index ({@code CREATE INDEX i ON t (UPPER(name))}), compiled
 * once over the table's columns: their Calcite form, which the planner matches in conditions,
 * their types, and a function computing their values from a row as Calcite's runtime holds it.
 * Immutable and thread-safe.
 */
final class IndexExpressions {
  private final List<String> sql;
  private final List<RexNode> nodes;
  private final List<ColumnType> types;
  private final Function1<DataContext, Object[]> function;
  private final ImmutableBitSet inputs;

  private IndexExpressions(List<String> sql, List<RexNode> nodes, List<ColumnType> types,
      Function1<DataContext, Object[]> function, ImmutableBitSet inputs) {
    this.sql = sql;
    this.nodes = nodes;
    this.types = types;
    this.function = function;
    this.inputs = inputs;
  }

  /** The deepest nesting of parentheses an index expression may have. */
  static final int MAX_NESTING = 200;

  /** The deepest nesting of parentheses in {@code sql}, outside quoted text. */
  private static int nesting(String sql) {
    int depth = 0;
    int max = 0;
    char quote = 0;
    for (int i = 0; i < sql.length(); i++) {
      char c = sql.charAt(i);
      if (quote != 0) {
        if (c == quote) {
          quote = 0;
        }
      } else if (c == '\'' || c == '"') {
        quote = c;
      } else if (c == '(') {
        max = Math.max(max, ++depth);
      } else if (c == ')') {
        depth--;
      }
    }
    return max;
  }

  /**
   * Compiles {@code expressions} over the columns of {@code table}.
   *
   * @throws CellarSqlException 42000 naming the index and the expression if one is not a valid
   *     deterministic expression over the table, or has a type no key can hold
   */
  static IndexExpressions compile(String index, TableDef table, List<String> expressions) {
    for (String e : expressions) {
      int depth = nesting(e);
      if (depth > MAX_NESTING) {
        // deeper ones may compile on one thread and not on another, at the next open
        throw new CellarSqlException(SqlState.STATEMENT_TOO_COMPLEX, "index " + index + ": an expression nested "
            + depth + " parentheses deep, more than the " + MAX_NESTING + " an index expression may have");
      }
    }
    SchemaPlus root = Frameworks.createRootSchema(false);
    root.add(table.name(), new AbstractTable() {
      @Override
      public RelDataType getRowType(RelDataTypeFactory f) {
        RelDataTypeFactory.Builder b = f.builder();
        for (ColumnDef c : table.columns()) {
          b.add(c.name(), c.type().toRelDataType(f, c.nullable()));
        }
        return b.build();
      }
    });
    FrameworkConfig config = Frameworks.newConfigBuilder().defaultSchema(root)
        .parserConfig(CellarParser.config().withCaseSensitive(true)).build();
    Planner planner = Frameworks.getPlanner(config);
    String query = "SELECT " + String.join(", ", expressions) + " FROM \"" + table.name().replace("\"", "\"\"") + "\"";
    RelNode rel;
    try {
      SqlNode parsed = planner.parse(query).accept(new ColumnsFirst(table));
      rel = planner.rel(planner.validate(parsed)).project();
    } catch (Exception e) {
      Throwable why = e;
      while (why.getCause() != null && why.getCause().getMessage() != null) {
        why = why.getCause(); // the validator's own words, not its wrappers' class names
      }
      throw new CellarSqlException(SqlState.SYNTAX_ERROR, "index " + index + ": the expressions " + expressions
          + " are not valid over table " + table.name() + ": " + why.getMessage(), e);
    }
    if (!(rel instanceof Project project) || project.getProjects().size() != expressions.size()) {
      throw new CellarSqlException(SqlState.SYNTAX_ERROR, "index " + index + ": the expressions " + expressions
          + " are not plain expressions over table " + table.name());
    }
    List<RexNode> nodes = project.getProjects();
    List<ColumnType> types = new ArrayList<>();
    for (int i = 0; i < nodes.size(); i++) {
      RexNode n = nodes.get(i);
      if (n instanceof RexInputRef) {
        throw CellarSqlException.syntax("index " + index + ": " + expressions.get(i) + " is a column; index it "
            + "as one");
      }
      if (RexUtil.SubQueryFinder.find(List.of(n)) != null) {
        throw CellarSqlException.syntax("index " + index + ": " + expressions.get(i) + " holds a sub-query; an index "
            + "expression is over the columns of the row it indexes only");
      }
      if (!RexUtil.isDeterministic(n) || dynamic(n)) {
        throw CellarSqlException.syntax("index " + index + ": " + expressions.get(i) + " does not always give "
            + "the same value for the same row, so no index can hold it");
      }
      types.add(columnType(index, expressions.get(i), n.getType()));
    }
    RexExecutable exec = RexExecutorImpl.getExecutable(project.getCluster().getRexBuilder(), nodes,
        project.getInput().getRowType());
    return new IndexExpressions(List.copyOf(expressions), List.copyOf(nodes), List.copyOf(types), exec.getFunction(),
        RelOptUtilInputs.of(nodes));
  }

  private static ColumnType columnType(String index, String expression, RelDataType t) {
    switch (t.getSqlTypeName()) {
      case BOOLEAN:
        return ColumnType.of(KeyType.BOOLEAN);
      case TINYINT:
        return ColumnType.of(KeyType.TINYINT);
      case SMALLINT:
        return ColumnType.of(KeyType.SMALLINT);
      case INTEGER:
        return ColumnType.of(KeyType.INTEGER);
      case BIGINT:
        return ColumnType.of(KeyType.BIGINT);
      case DECIMAL:
        return new ColumnType(KeyType.DECIMAL, t.getPrecision(), t.getScale());
      case REAL:
        return ColumnType.of(KeyType.REAL);
      case FLOAT:
      case DOUBLE:
        return ColumnType.of(KeyType.DOUBLE);
      case CHAR:
      case VARCHAR:
        // CHAR results (of CHAR columns) are compared as text: keep them unpadded
        return ColumnType.of(KeyType.VARCHAR);
      case BINARY:
      case VARBINARY:
        return ColumnType.of(KeyType.VARBINARY);
      case DATE:
        return ColumnType.of(KeyType.DATE);
      case TIME:
        return ColumnType.of(KeyType.TIME);
      case TIMESTAMP:
        return ColumnType.of(KeyType.TIMESTAMP);
      default:
        throw CellarSqlException.syntax("index " + index + ": " + expression + " is of type " + t
            + ", which an index key cannot hold");
    }
  }

  /** The expressions as written. */
  List<String> sql() {
    return sql;
  }

  /** The expressions over the table's fields, as the planner sees conditions. */
  List<RexNode> nodes() {
    return nodes;
  }

  /** The column type of each expression's value. */
  List<ColumnType> types() {
    return types;
  }

  /** Whether an expression reads the table's field {@code f}. */
  boolean reads(int f) {
    return inputs.get(f);
  }

  /** The values of the expressions for a row of the table (its fields as Calcite's runtime holds them). */
  Object[] values(Object[] row) {
    return function.apply(new RowContext(row));
  }

  /** Fields the expressions read. */
  private static final class RelOptUtilInputs {
    static ImmutableBitSet of(List<RexNode> nodes) {
      ImmutableBitSet.Builder b = ImmutableBitSet.builder();
      for (RexNode n : nodes) {
        b.addAll(org.apache.calcite.plan.RelOptUtil.InputFinder.bits(n));
      }
      return b.build();
    }
  }

  /** The data context of one evaluation: the row as the input record. */
  private static final class RowContext implements DataContext {
    private static final JavaTypeFactory TYPES = new JavaTypeFactoryImpl();
    private final Object[] row;

    RowContext(Object[] row) {
      this.row = row;
    }

    @Override
    public SchemaPlus getRootSchema() {
      return null;
    }

    @Override
    public JavaTypeFactory getTypeFactory() {
      return TYPES;
    }

    @Override
    public QueryProvider getQueryProvider() {
      return null;
    }

    @Override
    public Object get(String name) {
      return "inputRecord".equals(name) ? row : null;
    }
  }

  /** Whether {@code n} calls a function whose value depends on the statement or the session ({@code USER}). */
  private static boolean dynamic(RexNode n) {
    try {
      n.accept(new RexVisitorImpl<Void>(true) {
        @Override
        public Void visitCall(RexCall call) {
          if (call.getOperator().isDynamicFunction()) {
            throw Util.FoundOne.NULL;
          }
          return super.visitCall(call);
        }
      });
      return false;
    } catch (Util.FoundOne e) {
      return true;
    }
  }

  /**
   * Marks the table's columns named unquoted as quoted, so that a column named as a function
   * without parentheses ({@code user}) is the column, as in queries ({@code CellarValidator}); and
   * names a column named with its family ({@code a.v}) by its SQL name.
   */
  private static final class ColumnsFirst extends SqlShuttle {
    private final TableDef table;

    ColumnsFirst(TableDef table) {
      this.table = table;
    }

    @Override
    public SqlNode visit(SqlIdentifier id) {
      if (id.names.size() == 2 && !id.names.get(0).equals(table.name())
          && table.column(id.names.get(0) + "." + id.names.get(1)) != null) {
        // family.column, as in queries
        SqlParserPos pos = id.getParserPosition();
        return new SqlIdentifier(List.of(table.column(id.names.get(0) + "." + id.names.get(1)).name()), null, pos,
            List.of(pos.withQuoting(true)));
      }
      if (id.isSimple() && !id.isComponentQuoted(0) && table.column(id.getSimple()) != null) {
        SqlParserPos pos = id.getParserPosition();
        return new SqlIdentifier(List.of(id.getSimple()), null, pos, List.of(pos.withQuoting(true)));
      }
      return id;
    }
  }
}
