package dev.cellar.sql.prepare;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.apache.calcite.adapter.java.JavaTypeFactory;
import org.apache.calcite.config.CalciteConnectionConfig;
import org.apache.calcite.jdbc.CalcitePrepare;
import org.apache.calcite.prepare.CalciteCatalogReader;
import org.apache.calcite.prepare.CalciteSqlValidator;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.sql.SqlBasicTypeNameSpec;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlInsert;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.fun.SqlCase;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.CompositeOperandTypeChecker;
import org.apache.calcite.sql.type.FamilyOperandTypeChecker;
import org.apache.calcite.sql.type.SqlOperandTypeChecker;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.util.SqlOperatorTables;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql.validate.SqlValidatorNamespace;
import org.apache.calcite.sql.validate.SqlValidatorScope;
import org.apache.calcite.sql.validate.SqlValidatorTable;
import org.checkerframework.checker.nullness.qual.Nullable;
import org.checkerframework.checker.nullness.qual.PolyNull;

/**
 * Calcite's validator for Cellar statements. An INSERT, UPSERT or UPDATE assigns its values to
 * the unlimited types of length-limited columns and leaves numbers and text for DECIMAL columns
 * uncast ({@link AssignmentTypes}): the table's writer checks them, where Calcite's casts would
 * cut them. And it has rewrites of its own:
 * <ul>
 *   <li>a unary plus is the value it is applied to, whatever that value's type ({@code + name} is
 *       {@code name}), as in SQLite and MySQL. Calcite's own {@code +} accepts numbers only and
 *       would cast text to a number, failing on text that is not one;</li>
 *   <li>the text literals of a {@code MAP[...]} constructor are VARCHARs, so that its keys and
 *       values keep their lengths ({@code MAP['I7', 'a', 'I42', 'b']} has the key {@code 'I7'},
 *       not {@code 'I7 '} padded to the longest key as CHARs of a common type would be);</li>
 *   <li>string literals of different lengths that are alternatives for one value (the results of
 *       a {@code CASE}, a column of {@code VALUES} or of a {@code UNION}'s branches) are VARCHARs
 *       ({@link VaryingLiterals});</li>
 *   <li>a scalar sub-query without a {@code FROM} whose value holds a sub-query is that value
 *       ({@link NestedScalarQueries});</li>
 *   <li>in a grouped query, a column in a part of a {@code CASE} or {@code COALESCE} that is
 *       never evaluated need not be grouped ({@link UnevaluatedOperands}).</li>
 * </ul>
 * A statement parameter whose type its place does not tell (the argument of {@code UPPER(?)},
 * of {@code SUBSTRING(? FROM ?)}, {@code SELECT ?}) takes the type of the operand family the
 * function expects there (text, a number), else VARCHAR, where Calcite would reject it. The
 * statement's own validation records the labels of its columns ({@link ColumnLabels}).
 * A word that names both a function without parentheses and a column, such as {@code user}
 * (Cellar's parser does not reserve it), is the column when the statement has a column or
 * alias of that name ({@link StatementNames}), and the function otherwise. A column named with
 * its family ({@code a.v}, {@code t.a.v}) is first renamed to the column's SQL name
 * ({@link FamilyNames}).
 */
final class CellarValidator extends CalciteSqlValidator {
  private StatementNames names = StatementNames.none();

  private CellarValidator(SqlOperatorTable opTab, CalciteCatalogReader catalogReader, JavaTypeFactory typeFactory,
      Config config) {
    super(opTab, catalogReader, typeFactory, config);
  }

  /** The validator Calcite would create for {@code context}, with the rewrite above. */
  static SqlValidator create(CalcitePrepare.Context context, CalciteCatalogReader catalogReader,
      UnaryOperator<SqlValidator.Config> configTransform) {
    CalciteConnectionConfig connection = context.config();
    List<SqlOperatorTable> tables = new ArrayList<>();
    tables.add(connection.fun(SqlOperatorTable.class, SqlStdOperatorTable.instance()));
    tables.add(PhoenixOperatorTable.instance());
    tables.add(catalogReader);
    SqlValidator.Config config = configTransform.apply(SqlValidator.Config.DEFAULT
        .withLenientOperatorLookup(connection.lenientOperatorLookup())
        .withConformance(CellarPrepare.extending(connection.conformance()))
        .withDefaultNullCollation(connection.defaultNullCollation())
        .withIdentifierExpansion(true)
        .withTypeCoercionFactory(CellarTypeCoercion::new));
    return new CellarValidator(SqlOperatorTables.chain(tables), catalogReader, context.getTypeFactory(), config);
  }

  /** The types chosen for parameters whose place gives none, by parameter node. */
  private final Map<SqlNode, RelDataType> parameterTypes = new IdentityHashMap<>();

  /** Numeric functions that Calcite cannot implement over an untyped NULL operand. */
  private static final java.util.Set<String> UNTYPED_NULL_OPERANDS = java.util.Set.of("ABS", "SIGN", "ROUND", "TRUNC",
      "TRUNCATE");

  @Override
  public SqlNode validate(SqlNode topNode) {
    FamilyNames.rewrite(topNode, getCatalogReader());
    names = StatementNames.of(topNode, getCatalogReader());
    NumericLimits.checkRowCounts(topNode);
    ColumnLabels labels = ColumnLabels.forValidation();
    try {
      return labels == null ? super.validate(topNode)
          : labels.validate(topNode, super::validate, this::getValidatedNodeTypeIfKnown);
    } catch (AssertionError e) {
      // Calcite's type system asserts on the type of an expression over a literal too long for a DECIMAL
      dev.cellar.sql.CellarSqlException tooLong = NumericLimits.decimalOutOfRange(topNode, typeFactory.getTypeSystem());
      if (tooLong != null) {
        tooLong.initCause(e);
        throw tooLong;
      }
      throw e;
    }
  }

  @Override
  protected void inferUnknownTypes(RelDataType inferredType, SqlValidatorScope scope, SqlNode node) {
    if (node instanceof SqlDynamicParam && inferredType.equals(unknownType)) {
      RelDataType chosen = parameterTypes.get(node);
      super.inferUnknownTypes(chosen != null ? chosen : typeFactory.createSqlType(SqlTypeName.VARCHAR), scope, node);
      return;
    }
    if (node instanceof SqlCase c) {
      // a parameter in a branch's expression takes its type from the expression ({@code ELSE n * ?}):
      // the CASE's own type, which Calcite derives first, needs it
      List<SqlNode> branches = new ArrayList<>(c.getThenOperands().getList());
      branches.add(c.getElseOperand());
      for (SqlNode b : branches) {
        if (b instanceof SqlCall bc && bc.getOperator().getOperandTypeInference() != null) {
          inferUnknownTypes(unknownType, scope, b);
        }
      }
    }
    if (node instanceof SqlCall call && !(node instanceof SqlCase)
        && call.getOperator().getOperandTypeInference() == null) {
      List<SqlNode> operands = call.getOperandList();
      for (int i = 0; i < operands.size(); i++) {
        if (operands.get(i) instanceof SqlDynamicParam p) {
          SqlTypeFamily family = operandFamily(call.getOperator(), i, operands.size());
          RelDataType type = family == null ? null : family.getDefaultConcreteType(typeFactory);
          if (type != null) {
            parameterTypes.put(p, type);
          }
        }
      }
    }
    super.inferUnknownTypes(inferredType, scope, node);
  }

  /** The family of operand {@code i} of {@code n} that {@code op} expects, or null if it says none. */
  private static SqlTypeFamily operandFamily(SqlOperator op, int i, int n) {
    if (op.getKind() == SqlKind.OTHER_FUNCTION && op.getName().equals("SUBSTRING")) {
      return i == 0 ? SqlTypeFamily.CHARACTER : SqlTypeFamily.INTEGER;
    }
    return operandFamily(op.getOperandTypeChecker(), i, n);
  }

  private static SqlTypeFamily operandFamily(SqlOperandTypeChecker checker, int i, int n) {
    if (checker instanceof FamilyOperandTypeChecker f && f.getOperandCountRange().isValidCount(n)) {
      SqlTypeFamily family = f.getOperandSqlTypeFamily(i);
      return family == SqlTypeFamily.ANY ? null : family;
    }
    if (checker instanceof CompositeOperandTypeChecker c) {
      for (SqlOperandTypeChecker rule : c.getRules()) {
        SqlTypeFamily family = operandFamily(rule, i, n);
        if (family != null) {
          return family;
        }
      }
    }
    return null;
  }

  /**
   * Calcite's target row type, with the assigned columns unlimited in length: an UPDATE's row
   * starts with the table's columns (the old values), then the columns it sets.
   */
  @Override
  protected RelDataType createTargetRowType(SqlValidatorTable table, @Nullable SqlNodeList targetColumnList,
      boolean append, @Nullable SqlIdentifier targetTableAlias) {
    RelDataType t = super.createTargetRowType(table, targetColumnList, append, targetTableAlias);
    int from = append && targetColumnList != null ? t.getFieldCount() - targetColumnList.size() : 0;
    return AssignmentTypes.unlimited(getTypeFactory(), t, from);
  }

  /**
   * Calcite's validation, then the row type the INSERT's values are converted to has the values'
   * own types for DECIMAL columns, as {@link #checkTypeAssignment} left them: Calcite would bring
   * the literals of a {@code VALUES} to the column's scale, and fail on one too large for it.
   */
  @Override
  public void validateInsert(SqlInsert insert) {
    ViewTargets.refuseQueryView(getCatalogReader(), insert.getTargetTable(), "write to");
    super.validateInsert(insert);
    SqlValidatorNamespace source = getNamespace(insert.getSource());
    if (source != null) {
      setValidatedNodeType(insert, AssignmentTypes.castTargets(getTypeFactory(),
          getLogicalSourceRowType(source.getRowType(), insert), getValidatedNodeType(insert)));
    }
  }

  @Override
  public void validateUpdate(org.apache.calcite.sql.SqlUpdate call) {
    ViewTargets.refuseQueryView(getCatalogReader(), call.getTargetTable(), "update");
    super.validateUpdate(call);
  }

  @Override
  public void validateDelete(org.apache.calcite.sql.SqlDelete call) {
    ViewTargets.refuseQueryView(getCatalogReader(), call.getTargetTable(), "delete from");
    super.validateDelete(call);
  }

  @Override
  public void validateMerge(org.apache.calcite.sql.SqlMerge call) {
    ViewTargets.refuseQueryView(getCatalogReader(), call.getTargetTable(), "merge into");
    super.validateMerge(call);
  }

  /**
   * Calcite's check and implicit casts, leaving numbers and text for DECIMAL columns uncast
   * ({@link AssignmentTypes#castTargets}).
   */
  @Override
  protected void checkTypeAssignment(@Nullable SqlValidatorScope sourceScope, SqlValidatorTable table,
      RelDataType sourceRowType, RelDataType targetRowType, SqlNode query) {
    RelDataType targets = AssignmentTypes.castTargets(getTypeFactory(), sourceRowType, targetRowType);
    for (int i = 0; i < Math.min(sourceRowType.getFieldCount(), targets.getFieldCount()); i++) {
      RelDataType from = sourceRowType.getFieldList().get(i).getType();
      RelDataTypeField to = targets.getFieldList().get(i);
      if (org.apache.calcite.sql.type.SqlTypeUtil.inCharFamily(from) && !to.getType().isStruct()
          && (to.getType().getKeyType() != null || to.getType().getComponentType() != null)) {
        // Calcite's implicit coercion lets text stand for any type; no cast makes a MAP or ARRAY of it
        throw new dev.cellar.sql.CellarSqlException(dev.cellar.sql.SqlState.SYNTAX_ERROR, "Cannot assign to target "
            + "field '" + to.getName() + "' of type " + to.getType() + " from a value of type " + from);
      }
    }
    try {
      super.checkTypeAssignment(sourceScope, table, sourceRowType, targets, query);
    } catch (IndexOutOfBoundsException e) {
      // Calcite looks for the expression to blame among an UPDATE's SET list by the wrong position
      for (int i = 0; i < Math.min(sourceRowType.getFieldCount(), targets.getFieldCount()); i++) {
        RelDataType from = sourceRowType.getFieldList().get(i).getType();
        RelDataTypeField to = targets.getFieldList().get(i);
        if (!org.apache.calcite.sql.type.SqlTypeUtil.canAssignFrom(to.getType(), from)) {
          throw new dev.cellar.sql.CellarSqlException(dev.cellar.sql.SqlState.SYNTAX_ERROR, "Cannot assign to target "
              + "field '" + to.getName() + "' of type " + to.getType() + " from a value of type " + from, e);
        }
      }
      throw e;
    }
  }

  /**
   * {@code NEXT VALUE FOR s} or {@code CURRENT VALUE FOR s} as a call of Cellar's function of the
   * sequence's qualified name ({@link SequenceOperators}), once the sequence is found: Cellar's
   * sequences are no tables, and the operand stays out of the checks of the select list's names.
   */
  private SqlNode sequenceCall(SqlCall call) {
    return sequenceCall(call, -1);
  }

  /** {@link #sequenceCall(SqlCall)}; for {@code NEXT n VALUES FOR s}, with {@code n} (else -1). */
  private SqlNode sequenceCall(SqlCall call, long values) {
    SqlIdentifier id = call.operand(0);
    org.apache.calcite.jdbc.CalciteSchema root = ((CalciteCatalogReader) getCatalogReader()).getRootSchema();
    org.apache.calcite.jdbc.CalciteSchema pub = root.getSubSchema(dev.cellar.sql.catalog.Catalog.DEFAULT_SCHEMA, true);
    String qualified = SequenceOperators.qualifiedName(id);
    int dot = qualified.indexOf('.');
    if (id.names.size() > 2 || pub == null || !(pub.schema instanceof dev.cellar.sql.session.CellarSession.Holder h)
        || !dev.cellar.sql.sequence.Sequences.of(h.session().database())
            .exists(qualified.substring(0, dot), qualified.substring(dot + 1))) {
      SqlParserPos pos = id.getParserPosition();
      throw new dev.cellar.sql.CellarSqlException(dev.cellar.sql.SqlState.TABLE_NOT_FOUND, "sequence " + id
          + " does not exist (line " + pos.getLineNum() + ", column " + pos.getColumnNum() + ")");
    }
    return values < 0 ? SequenceOperators.call(call, qualified)
        : SequenceOperators.nextValues(call.getParserPosition(), qualified, values);
  }

  /** No call for an unquoted name that is a column or an alias of the statement. */
  @Override
  public @Nullable SqlCall makeNullaryCall(SqlIdentifier id) {
    if (id.isSimple() && !id.isComponentQuoted(0) && names.contains(id.getSimple())) {
      return null;
    }
    return super.makeNullaryCall(id);
  }

  /**
   * Calcite's check of a call, except that {@code FLOOR} or {@code CEIL} of a date or time with a
   * number for its unit is refused naming the call (Calcite took the number for a time unit).
   */
  @Override
  public void validateCall(SqlCall call, SqlValidatorScope scope) {
    if ((call.getKind() == SqlKind.FLOOR || call.getKind() == SqlKind.CEIL) && call.operandCount() == 2
        && !(call.operand(1) instanceof org.apache.calcite.sql.SqlIntervalQualifier)
        && !(call.operand(1) instanceof org.apache.calcite.sql.SqlCharStringLiteral)
        && !(call.operand(1) instanceof org.apache.calcite.sql.SqlDynamicParam)
        && org.apache.calcite.sql.type.SqlTypeUtil.isDatetime(deriveType(scope, call.operand(0)))) {
      SqlParserPos pos = call.operand(1).getParserPosition();
      throw new dev.cellar.sql.CellarSqlException(dev.cellar.sql.SqlState.SYNTAX_ERROR, call.getOperator().getName()
          + " of a date or time takes a time unit ('DAY', 'HOUR', ...), not " + call.operand(1) + " (line "
          + pos.getLineNum() + ", column " + pos.getColumnNum() + ")");
    }
    super.validateCall(call, scope);
  }

  /** The names of Calcite's standard aggregate functions, which the parser leaves unresolved. */
  private static final java.util.Set<String> AGGREGATE_NAMES = SqlStdOperatorTable.instance().getOperatorList()
      .stream().filter(org.apache.calcite.sql.SqlOperator::isAggregator)
      .map(op -> op.getName().toUpperCase(java.util.Locale.ROOT)).collect(java.util.stream.Collectors.toUnmodifiableSet());

  /** The first call of an aggregate function in {@code node} outside its sub-queries, or null. */
  private static SqlCall firstAggregate(SqlCall node) {
    for (SqlNode operand : node.getOperandList()) {
      if (operand instanceof SqlCall call && !call.getKind().belongsTo(SqlKind.QUERY)) {
        if (call.getOperator().isAggregator() || call.getOperator() instanceof org.apache.calcite.sql.SqlUnresolvedFunction f
            && AGGREGATE_NAMES.contains(f.getName().toUpperCase(java.util.Locale.ROOT))) {
          return call;
        }
        SqlCall inner = firstAggregate(call);
        if (inner != null) {
          return inner;
        }
      }
    }
    return null;
  }

  /** The first sub-query in {@code node}, itself included, or null. */
  static SqlNode firstQuery(SqlNode node) {
    if (node.isA(SqlKind.QUERY)) {
      return node;
    }
    if (node instanceof SqlCall call) {
      for (SqlNode operand : call.getOperandList()) {
        SqlNode q = operand == null ? null : firstQuery(operand);
        if (q != null) {
          return q;
        }
      }
    } else if (node instanceof org.apache.calcite.sql.SqlNodeList list) {
      for (SqlNode element : list) {
        SqlNode q = element == null ? null : firstQuery(element);
        if (q != null) {
          return q;
        }
      }
    }
    return null;
  }

  @Override
  protected @PolyNull SqlNode performUnconditionalRewrites(@PolyNull SqlNode node, boolean underFrom) {
    if (node instanceof SqlCall call && call.getKind() == SqlKind.MAP_VALUE_CONSTRUCTOR) {
      // keys and values keep their own lengths: 'I7' beside 'I42' is not 'I7 '
      for (int i = 0; i < call.operandCount(); i++) {
        if (call.operand(i) instanceof SqlCharStringLiteral literal) {
          call.setOperand(i, SqlStdOperatorTable.CAST.createCall(SqlParserPos.ZERO, literal,
              new SqlDataTypeSpec(new SqlBasicTypeNameSpec(SqlTypeName.VARCHAR, SqlParserPos.ZERO), SqlParserPos.ZERO)));
        }
      }
    }
    if (node instanceof SqlCall call && NextValues.isMarker(call)) {
      return sequenceCall(call.operand(0), NextValues.count(call));
    }
    if (node instanceof SqlCall call && SequenceOperators.isSequenceCall(call)) {
      return sequenceCall(call);
    }
    if (node instanceof SqlCall call && (call.getKind() == SqlKind.EXISTS || call.getKind() == SqlKind.UNIQUE)
        && call.operandCount() == 1 && !call.operand(0).isA(SqlKind.QUERY)) {
      // "EXISTS ts": the parser takes any operand, the conversion to a plan only a query
      SqlParserPos pos = call.getParserPosition();
      throw new dev.cellar.sql.CellarSqlException(dev.cellar.sql.SqlState.SYNTAX_ERROR, call.getOperator().getName()
          + " needs a sub-query in parentheses, not " + call.operand(0) + ", at line " + pos.getLineNum() + ", column "
          + pos.getColumnNum());
    }
    if (node instanceof SqlCall values && values.getKind() == SqlKind.VALUES) {
      // "VALUES (1, COUNT(*))": Calcite plans the aggregate over no input and cannot implement it
      SqlCall aggregate = firstAggregate(values);
      if (aggregate != null) {
        SqlParserPos pos = aggregate.getParserPosition();
        throw new dev.cellar.sql.CellarSqlException(dev.cellar.sql.SqlState.SYNTAX_ERROR, "aggregate function "
            + aggregate.getOperator().getName() + " is not allowed in VALUES (line " + pos.getLineNum() + ", column "
            + pos.getColumnNum() + ")");
      }
    }
    if (node instanceof org.apache.calcite.sql.SqlOrderBy orderBy && !orderBy.query.isA(SqlKind.QUERY)) {
      // "(5 OFFSET 2)": the parser takes an expression in parentheses as a query it may order and page
      SqlParserPos pos = orderBy.getParserPosition();
      throw new dev.cellar.sql.CellarSqlException(dev.cellar.sql.SqlState.SYNTAX_ERROR, "ORDER BY, OFFSET and FETCH "
          + "apply to a query, not to the expression " + orderBy.query + ", at line " + pos.getLineNum() + ", column "
          + pos.getColumnNum());
    }
    if (node instanceof SqlCall call && call.getKind() == SqlKind.COLLECTION_TABLE && call.operandCount() == 1
        && call.operand(0) instanceof SqlCall function) {
      // a table function's arguments are evaluated before the function runs: a sub-query has no plan there
      for (SqlNode argument : function.getOperandList()) {
        SqlNode query = argument == null ? null : firstQuery(argument);
        if (query != null) {
          SqlParserPos pos = query.getParserPosition();
          throw new dev.cellar.sql.CellarSqlException(dev.cellar.sql.SqlState.FEATURE_NOT_SUPPORTED, "the arguments "
              + "of table function " + function.getOperator().getName() + " are values, not sub-queries (line "
              + pos.getLineNum() + ", column " + pos.getColumnNum() + ")");
        }
      }
    }
    if (node instanceof SqlCall call && (call.getKind() == SqlKind.FLOOR || call.getKind() == SqlKind.CEIL)
        && call.operandCount() >= 2 && !(call.operand(1) instanceof org.apache.calcite.sql.SqlIntervalQualifier)
        && !(call.operand(1) instanceof org.apache.calcite.sql.SqlLiteral)
        && !(call.operand(1) instanceof org.apache.calcite.sql.SqlDynamicParam)) {
      SqlParserPos pos = call.operand(1).getParserPosition();
      throw new dev.cellar.sql.CellarSqlException(dev.cellar.sql.SqlState.SYNTAX_ERROR, call.getOperator().getName()
          + " takes its time unit ('DAY', 'HOUR', ...) or its number of places as a literal or a parameter, not "
          + call.operand(1) + " (line " + pos.getLineNum() + ", column " + pos.getColumnNum() + ")");
    }
    if (node instanceof SqlCall call && call.getOperator() != null
        && UNTYPED_NULL_OPERANDS.contains(call.getOperator().getName().toUpperCase(java.util.Locale.ROOT))) {
      // ABS(NULL), ROUND(1.5, NULL): the NULL has no type, and the call none Calcite can implement;
      // a NULL of these numeric functions is a number's, and the call NULL
      for (int i = 0; i < call.operandCount(); i++) {
        if (call.operand(i) instanceof org.apache.calcite.sql.SqlLiteral literal
            && literal.getTypeName() == SqlTypeName.NULL) {
          call.setOperand(i, SqlStdOperatorTable.CAST.createCall(literal.getParserPosition(), literal,
              new SqlDataTypeSpec(new SqlBasicTypeNameSpec(SqlTypeName.INTEGER, SqlParserPos.ZERO), SqlParserPos.ZERO)));
        }
      }
    }
    SqlNode expanded = RowComparisons.expand(node);
    if (expanded != node) {
      return performUnconditionalRewrites(expanded, underFrom);
    }
    // Phoenix's forms first: ORDER BY INVERT((SELECT (SELECT x))) DESC is ORDER BY (SELECT (SELECT x)), unwrapped next
    SqlNode phoenix = PhoenixOperatorTable.rewrite(node);
    if (phoenix != null) {
      NestedScalarQueries.rewrite(phoenix, underFrom);
    }
    SqlNode rewritten = super.performUnconditionalRewrites(phoenix, underFrom);
    if (rewritten instanceof SqlCall call) {
      VaryingLiterals.rewrite(call);
    }
    if (rewritten instanceof SqlSelect select) {
      ClauseChecks.checkFrom(select);
      ClauseChecks.expandOrderByInLists(select);
      UnevaluatedOperands.rewrite(select);
    }
    if (rewritten instanceof SqlCall call && call.getKind() == SqlKind.OVER) {
      ClauseChecks.checkWindow(call);
    }
    // operands were rewritten first, so a chain "+ + x" is already down to "+ x"
    if (rewritten instanceof SqlCall call && call.getKind() == SqlKind.PLUS_PREFIX) {
      return call.operand(0);
    }
    return rewritten;
  }
}
