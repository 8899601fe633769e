package dev.cellar.sql.prepare;

import dev.cellar.sql.advice.CatalogReview;
import dev.cellar.sql.advice.StatementWarnings;
import dev.cellar.sql.catalog.Catalog;
import dev.cellar.sql.ddl.DdlExecutor;
import dev.cellar.sql.ddl.DdlParser;
import dev.cellar.sql.parser.CellarParser;
import dev.cellar.sql.interp.PlanInterpreter;
import dev.cellar.sql.profile.QueryProfile;
import dev.cellar.sql.rel.CellarTable;
import dev.cellar.sql.rel.CellarTableModify;
import dev.cellar.sql.rel.DynamicColumns;
import dev.cellar.sql.rel.IndexHint;
import dev.cellar.sql.rel.UpsertContext;
import dev.cellar.sql.rules.CellarRules;
import dev.cellar.sql.rules.CellarSemiJoinRules;
import dev.cellar.sql.rules.NullOperands;
import dev.cellar.sql.rules.ProjectionOrder;
import dev.cellar.sql.rules.WindowOrder;
import dev.cellar.sql.schema.DiscoverFunction;
import dev.cellar.sql.session.CellarSession;
import java.lang.reflect.Type;
import java.sql.DatabaseMetaData;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.calcite.DataContexts;
import org.apache.calcite.adapter.enumerable.EnumerableConvention;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.adapter.java.JavaTypeFactory;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.config.CalciteConnectionConfig;
import org.apache.calcite.config.CalciteSystemProperty;
import org.apache.calcite.linq4j.Linq4j;
import org.apache.calcite.plan.ConventionTraitDef;
import org.apache.calcite.plan.RelOptCostFactory;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.plan.volcano.VolcanoPlanner;
import org.apache.calcite.prepare.CalciteCatalogReader;
import org.apache.calcite.prepare.CalcitePrepareImpl;
import org.apache.calcite.prepare.Prepare.CatalogReader;
import org.apache.calcite.rel.RelCollationTraitDef;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexExecutor;
import org.apache.calcite.rex.RexExecutorImpl;
import org.apache.calcite.runtime.Bindable;
import org.apache.calcite.runtime.Hook;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlInsert;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql2rel.SqlToRelConverter;
import org.apache.calcite.tools.Program;

/**
 * Prepares statements for Cellar connections: DDL goes to {@link DdlExecutor} (Calcite's parser
 * does not know Phoenix DDL), an UPSERT's target columns are recorded for
 * {@link CellarTableModify}, and prepared plans are cached per connection by SQL text
 * ({@link PlanCache}), queries that differ only in literals sharing one plan
 * ({@link LiteralParameters}); the code generated for plans is compiled once per distinct source
 * ({@link CompiledCode}). Everything else is Calcite's own preparation.
 */
public class CellarPrepare extends CalcitePrepareImpl {
  /**
   * Forgets the compiled code of every plan, for after a failure in the initialization of a
   * compiled class ({@link ExceptionInInitializerError}, {@link NoClassDefFoundError}): the JVM
   * would refuse that class from then on, so the next run compiles it anew.
   */
  public static void forgetCompiledCode() {
    CompiledCode.clear();
    PlanCache.forgetAll();
  }

  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(CellarPrepare.class);

  static {
    CalciteAssertions.relax();
  }

  /** {@code EXPLAIN [PLAN FOR] UPSERT}: group 1 ends before the UPSERT. */
  private static final java.util.regex.Pattern EXPLAIN_UPSERT = java.util.regex.Pattern.compile(
      "(\\s*EXPLAIN\\s+(?:PLAN\\s+FOR\\s+)?)UPSERT\\b", java.util.regex.Pattern.CASE_INSENSITIVE);

  @Override
  public <T> CalciteSignature<T> prepareSql(Context context, Query<T> query, Type elementType, long maxRowCount) {
    String sql = query.sql;
    if (query.rel == null && query.queryable == null && (sql == null || sql.isBlank())) {
      throw new dev.cellar.sql.CellarSqlException(dev.cellar.sql.SqlState.SYNTAX_ERROR, sql == null ? "Syntax error: no SQL statement (null)"
          : "Syntax error: the statement is empty");
    }
    CellarSession session = sql == null ? null : CellarSession.of(context);
    if (session == null) {
      return super.prepareSql(context, query, elementType, maxRowCount);
    }
    String sampled = NextValues.phoenixForm(TableSamples.phoenixForm(DiscoverFunction.callAsQuery(sql)));
    if (!sampled.equals(sql)) {
      sql = sampled;
      query = Query.of(sampled);
    }
    String first = DdlParser.firstWord(sql);
    if (first.equals("CREATE") || first.equals("ALTER") || first.equals("DROP") || DdlParser.isUpdateStatistics(sql)) {
      return ddl(context, session, sql);
    }
    if (first.equals("SHOW")) {
      return ShowStatements.prepare(context, session, sql);
    }
    if (first.equals("COPY")) {
      return CopyStatements.prepare(context, session, sql, q -> prepareSql(context, Query.of(q), Object[].class, -1));
    }
    String analyzed = explainAnalyzeTarget(sql);
    if (analyzed != null) {
      return ExplainRows.perLine(explainAnalyze(context, analyzed, elementType), maxRowCount);
    }
    PlanCache.Key key = new PlanCache.Key(sql, context.getDefaultSchemaPath(), maxRowCount, elementType);
    Catalog.Snapshot catalog = session.database().catalog().snapshot();
    long version = catalog.version();
    CalciteSignature<T> cached = session.planCache(PlanCache::new).get(key, version);
    if (cached != null) {
      return cached;
    }
    if (first.equals("SELECT") || first.equals("WITH") || first.equals("INSERT")) {
      CalciteSignature<T> shared = withLiteralParameters(context, session, catalog, sql, elementType, maxRowCount);
      if (shared != null) {
        return shared;
      }
    }
    Query<T> prepared = query;
    if (first.equals("UPSERT")) {
      String rewritten = OnDuplicateKey.rewrite(sql, catalog, parserConfig(context.config()));
      if (rewritten != null) {
        prepared = Query.of(rewritten);
      }
      UpsertContext.set(upsertTarget(context.config(), rewritten != null ? rewritten : sql));
    } else if (first.equals("EXPLAIN")) {
      java.util.regex.Matcher m = EXPLAIN_UPSERT.matcher(sql);
      String rewritten = m.lookingAt()
          ? OnDuplicateKey.rewrite(sql.substring(m.end(1)), catalog, parserConfig(context.config())) : null;
      if (rewritten != null) {
        prepared = Query.of(sql.substring(0, m.end(1)) + rewritten);
      }
    }
    CalciteSignature<T> signature;
    String summary = null;
    if (first.equals("EXPLAIN")) {
      ExplainSummary.start();
    }
    try {
      signature = labelled(context, prepared, elementType, maxRowCount);
    } finally {
      UpsertContext.clear();
      if (first.equals("EXPLAIN")) {
        summary = ExplainSummary.finish();
      }
    }
    if (first.equals("EXPLAIN")) {
      // Calcite's EXPLAIN PLAN ... FOR keeps its tree; EXPLAIN statement adds the paths considered
      List<String> report = EXPLAIN_PLAN.matcher(sql).lookingAt() ? List.of() : ExplainSummary.report();
      signature = ExplainRows.perLine(signature, maxRowCount, summary, report);
    }
    session.planCache(PlanCache::new).put(key, version, signature);
    return signature;
  }

  /** Calcite's preparation of {@code query}, its columns labelled by {@link ColumnLabels}. */
  private <T> CalciteSignature<T> labelled(Context context, Query<T> query, Type elementType, long maxRowCount) {
    CalciteSignature<T> signature;
    List<String> labels;
    Map<Integer, String> rowCounts;
    ColumnLabels.start();
    RowCountParameters.start();
    try {
      signature = super.prepareSql(context, query, elementType, maxRowCount);
    } finally {
      PlanningStop.finish();
      labels = ColumnLabels.finish();
      rowCounts = RowCountParameters.finish();
    }
    ColumnLabels.apply(signature.columns, labels);
    return RowCountParameters.checked(signature, rowCounts);
  }

  /**
   * The query {@code sql} as the plan of its text with literals as parameters
   * ({@link LiteralParameters}), shared by every query that differs from it only in those
   * literals; null if it has no such literals, or that plan cannot be made or does not hold them.
   */
  private <T> CalciteSignature<T> withLiteralParameters(Context context, CellarSession session,
      Catalog.Snapshot catalog, String sql, Type elementType, long maxRowCount) {
    LiteralShapes shapes = session.planCache(PlanCache::new).shapes;
    LiteralShapes.Scan scan = LiteralShapes.Scan.of(sql);
    LiteralParameters known = shapes.find(sql, scan, catalog.version());
    if (known != null) {
      PlanCache.Key key = new PlanCache.Key(known.text, context.getDefaultSchemaPath(), maxRowCount, elementType);
      CalciteSignature<T> shared = session.planCache(PlanCache::new).get(key, catalog.version());
      CalciteSignature<T> bound = shared == null ? null : known.bind(shared, sql);
      if (bound != null) {
        return bound;
      }
    }
    SqlNode parsed;
    try {
      parsed = SqlParser.create(sql, parserConfig(context.config())).parseStmt();
    } catch (SqlParseException e) {
      return null;
    }
    LiteralParameters literals = LiteralParameters.of(sql, parsed, catalog);
    if (literals == null) {
      return null;
    }
    shapes.record(sql, scan, literals, catalog.version());
    PlanCache.Key key = new PlanCache.Key(literals.text, context.getDefaultSchemaPath(), maxRowCount, elementType);
    CalciteSignature<T> shared = session.planCache(PlanCache::new).get(key, catalog.version());
    if (shared == null) {
      if (session.planCache(PlanCache::new).refused(key, catalog.version())) {
        return null;
      }
      try {
        shared = labelled(context, Query.of(literals.text), elementType, maxRowCount);
      } catch (RuntimeException | AssertionError e) {
        LOG.debug("no shared plan for {}: {}", literals.text, e.toString());
        session.planCache(PlanCache::new).refuse(key, catalog.version());
        return null;
      }
      session.planCache(PlanCache::new).put(key, catalog.version(), shared);
    }
    return literals.bind(shared, sql);
  }

  private static SqlParser.Config parserConfig(CalciteConnectionConfig config) {
    return CellarParser.config().withQuoting(config.quoting()).withQuotedCasing(config.quotedCasing())
        .withUnquotedCasing(config.unquotedCasing()).withCaseSensitive(config.caseSensitive())
        .withConformance(extending(config.conformance()));
  }

  /** Statements of a known shape whose literals were taken out without parsing them, in this JVM ({@link LiteralShapes}). */
  public static long literalShapeHits() {
    return LiteralShapes.found();
  }

  /** Classes compiled for plans in this JVM ({@link CompiledCode}). */
  public static long compiledClasses() {
    return CompiledCode.compiled();
  }

  /** Plans whose code was a class compiled before, in this JVM ({@link CompiledCode}). */
  public static long compiledClassReuses() {
    return CompiledCode.hits();
  }

  /**
   * Cellar's parser ({@link CellarParser}: everyday words such as {@code value} or {@code date}
   * are names, {@code EXPLAIN query}), accepting the columns a statement declares for a table
   * ({@code FROM t EXTEND (c type)}, {@code UPSERT INTO t (id, c type)}), which
   * {@link CellarTable} reads as cells ({@link DynamicColumns}). Every statement of a Cellar
   * connection that is not DDL is parsed here, view definitions included.
   */
  @Override
  protected SqlParser createParser(String sql, SqlParser.Config config) {
    return SqlParser.create(sql, CellarParser.withCellarParser(config).withConformance(extending(config.conformance())));
  }

  /** Calcite's convertlets, with calls of NULL-strict operators on a NULL literal folded ({@link NullFoldingConvertlets}). */
  @Override
  protected org.apache.calcite.sql2rel.SqlRexConvertletTable createConvertletTable() {
    return NullFoldingConvertlets.wrap(PhoenixOperatorTable.convertlets(super.createConvertletTable()));
  }

  /** {@code conformance}, allowing {@code EXTEND}, {@code a % b} and {@code CURRENT_DATE()}. */
  static org.apache.calcite.sql.validate.SqlConformance extending(org.apache.calcite.sql.validate.SqlConformance c) {
    if (c.allowExtend() && c.isPercentRemainderAllowed() && c.allowNiladicParentheses()) {
      return c;
    }
    return new org.apache.calcite.sql.validate.SqlDelegatingConformance(c) {
      @Override
      public boolean allowExtend() {
        return true;
      }

      @Override
      public boolean isPercentRemainderAllowed() {
        return true;
      }

      @Override
      public boolean allowNiladicParentheses() {
        return true;
      }
    };
  }

  /**
   * Calcite's planner, with its semi-join rules kept off aggregates without group keys and off
   * key-lookup joins ({@link CellarSemiJoinRules}) and its projections declaring only the orders
   * they keep ({@link ProjectionOrder}), plus the rule that implements writes of Cellar tables, the
   * Cellar pushdown rules and converter ({@link CellarRules}; they match only Cellar scans), and
   * folding casts of literals without compiling code ({@link LiteralCastExecutor}).
   */
  @Override
  protected RelOptPlanner createPlanner(Context prepareContext, org.apache.calcite.plan.Context externalContext,
      RelOptCostFactory costFactory) {
    CellarSession session = CellarSession.of(prepareContext);
    org.apache.calcite.plan.Context context = externalContext != null || session == null ? externalContext
        : org.apache.calcite.plan.Contexts.of(prepareContext.config(), session);
    // the search stops when the statement is cancelled, times out or runs past the planning budget
    org.apache.calcite.plan.Context bounded = org.apache.calcite.plan.Contexts.chain(
        org.apache.calcite.plan.Contexts.of(PlanningStop.start()),
        context != null ? context : org.apache.calcite.plan.Contexts.of(prepareContext.config()));
    VolcanoPlanner planner = new VolcanoPlanner(costFactory, bounded) {
      // Calcite's preparation sets its executor before trimming and again before optimizing
      @Override
      public void setExecutor(RexExecutor executor) {
        super.setExecutor(LiteralCastExecutor.wrap(executor));
      }

      // a projection new to the planner declares only the orders it keeps (ProjectionOrder), its calls
      // of NULL operands folded (NullOperands); a window declares none (WindowOrder)
      @Override
      public org.apache.calcite.plan.volcano.RelSubset ensureRegistered(org.apache.calcite.rel.RelNode rel,
          org.apache.calcite.rel.RelNode equivRel) {
        return super.ensureRegistered(getSubset(rel) != null ? rel
            : ProjectionOrder.withSoundOrder(NullOperands.fold(WindowOrder.unordered(rel)),
                input -> ensureRegistered(input, null)), equivRel);
      }

      @Override
      public void setRoot(org.apache.calcite.rel.RelNode rel) {
        super.setRoot(getSubset(rel) != null ? rel
            : ProjectionOrder.withSoundOrder(NullOperands.fold(WindowOrder.unordered(rel)),
                input -> ensureRegistered(input, null)));
      }
    };
    // as Calcite's own planner (CalcitePrepareImpl.createPlanner)
    planner.setExecutor(new RexExecutorImpl(DataContexts.EMPTY));
    planner.addRelTraitDef(ConventionTraitDef.INSTANCE);
    if (CalciteSystemProperty.ENABLE_COLLATION_TRAIT.value()) {
      planner.addRelTraitDef(RelCollationTraitDef.INSTANCE);
    }
    planner.setTopDownOpt(prepareContext.config().topDownOpt());
    RelOptUtil.registerDefaultRules(planner, prepareContext.config().materializationsEnabled(), enableBindable);
    Hook.PLANNER.run(planner);
    for (org.apache.calcite.plan.RelOptRule rule : CellarSemiJoinRules.REPLACED) {
      planner.removeRule(rule);
    }
    for (org.apache.calcite.plan.RelOptRule rule : CellarSemiJoinRules.RULES) {
      planner.addRule(rule);
    }
    planner.removeRule(dev.cellar.sql.rules.CellarProjectMerge.REPLACED);
    planner.addRule(dev.cellar.sql.rules.CellarProjectMerge.RULE);
    planner.removeRule(dev.cellar.sql.rules.MergeJoinKeys.REPLACED);
    planner.addRule(dev.cellar.sql.rules.MergeJoinKeys.RULE);
    planner.addRule(CellarRules.MODIFY);
    planner.addRule(CellarRules.TO_ENUMERABLE);
    for (org.apache.calcite.plan.RelOptRule rule : CellarRules.RULES) {
      planner.addRule(rule);
    }
    return planner;
  }

  /** Calcite's statement preparation, with Cellar's optimizer program ({@link CellarProgram}). */
  @Override
  protected CalcitePreparingStmt getPreparingStmt(Context context, Type elementType,
      CalciteCatalogReader catalogReader, RelOptPlanner planner) {
    JavaTypeFactory typeFactory = context.getTypeFactory();
    EnumerableRel.Prefer prefer = elementType == Object[].class ? EnumerableRel.Prefer.ARRAY
        : EnumerableRel.Prefer.CUSTOM;
    CompiledCode.Handler compiler = new CompiledCode.Handler(context.spark());
    return new CalcitePreparingStmt(this, CompiledCode.withHandler(context, compiler), catalogReader, typeFactory,
        context.getRootSchema(), prefer, createCluster(planner, new RexBuilder(typeFactory)),
        EnumerableConvention.INSTANCE, createConvertletTable()) {
      @Override
      protected Program getProgram() {
        return CellarProgram.INSTANCE;
      }

      /** Samples as filters ({@link TableSamples}) before unused fields are trimmed: a repeatable one reads its rows' values. */
      @Override
      protected RelRoot trimUnusedFields(RelRoot root) {
        return super.trimUnusedFields(root.withRel(TableSamples.toFilters(root.rel)));
      }

      /**
       * The plan run by {@link PlanInterpreter} where it covers it, an INSERT of rows of
       * parameters as a {@link dev.cellar.sql.rel.DirectInsert}, otherwise Calcite's
       * implementation, the plan's code compiled through {@link CompiledCode}'s cache.
       */
      @Override
      protected PreparedResult implement(RelRoot root) {
        PreparedResult interpreted = Interpreted.implement(root, parameterRowType, fieldOrigins);
        if (interpreted != null) {
          return interpreted;
        }
        PreparedResult direct = DirectInserts.implement(root, parameterRowType, fieldOrigins);
        if (direct != null) {
          return direct;
        }
        int fields = root.kind.belongsTo(SqlKind.DML) ? root.rel.getRowType().getFieldCount() : root.fields.size();
        return compiler.compiling(fields, () -> super.implement(root));
      }

      /** Calcite's validator, with {@link CellarValidator}'s rewrite. */
      @Override
      protected SqlValidator createSqlValidator(CatalogReader catalogReader,
          java.util.function.UnaryOperator<SqlValidator.Config> configTransform) {
        return CellarValidator.create(context, (CalciteCatalogReader) catalogReader, configTransform);
      }

      /**
       * Calcite's flattening, then integer arithmetic made checked ({@link CheckedArithmetic}), CHAR
       * values compared with VARCHAR ones without their padding ({@link CharComparisons}),
       * expressions that are always NULL folded to NULL ({@link NullExpressions}), constant
       * expressions that cannot be computed raised as errors ({@link ConstantErrors}) and the
       * number literals of approximate {@code VALUES} columns typed ({@link ApproxValues}).
       */
      @Override
      public org.apache.calcite.rel.RelNode flattenTypes(org.apache.calcite.rel.RelNode rootRel, boolean restructure) {
        org.apache.calcite.rel.RelNode flat = super.flattenTypes(rootRel, restructure);
        flat = NullExpressions.fold(CharComparisons.apply(CheckedArithmetic.apply(flat)));
        return ApproxValues.fix(ConstantErrors.check(flat));
      }

      /** {@code IN} lists of any length stay predicates, which key ranges and multi-gets use. */
      @Override
      protected SqlToRelConverter getSqlToRelConverter(SqlValidator validator, CatalogReader catalogReader,
          SqlToRelConverter.Config config) {
        return super.getSqlToRelConverter(validator, catalogReader, config.withInSubQueryThreshold(Integer.MAX_VALUE)
            .withHintStrategyTable(IndexHint.STRATEGIES));
      }
    };
  }

  /** Calcite's own forms, {@code EXPLAIN PLAN [...] FOR}. */
  private static final java.util.regex.Pattern EXPLAIN_PLAN =
      java.util.regex.Pattern.compile("\\s*EXPLAIN\\s+PLAN\\b", java.util.regex.Pattern.CASE_INSENSITIVE);

  private static final java.util.regex.Pattern EXPLAIN_ANALYZE =
      java.util.regex.Pattern.compile("^\\s*EXPLAIN\\s+ANALYZE\\s+", java.util.regex.Pattern.CASE_INSENSITIVE);

  /** The query of {@code EXPLAIN ANALYZE query}, or null for any other statement. */
  static String explainAnalyzeTarget(String sql) {
    java.util.regex.Matcher m = EXPLAIN_ANALYZE.matcher(sql);
    return m.find() ? sql.substring(m.end()) : null;
  }

  /**
   * {@code EXPLAIN ANALYZE query}: runs the query, discarding its rows, and returns its plan
   * (as {@code EXPLAIN PLAN FOR} prints it) with each operator's line followed by the rows it gave
   * and the time spent in it, each scan's by the rows and cells it read, its storage requests and
   * the time spent in them ({@link QueryProfile#render}), then the rows the query returned and
   * its total time. Statement parameters are not supported.
   */
  private <T> CalciteSignature<T> explainAnalyze(Context context, String inner, Type elementType) {
    QueryProfile.Instrumented plan = QueryProfile.instrumentNextPlan();
    CalciteSignature<Object> query;
    ExplainSummary.start();
    try {
      query = super.prepareSql(context, Query.of(inner), Object[].class, -1);
    } finally {
      QueryProfile.endInstrumenting();
      ExplainSummary.finish();
    }
    List<String> report = ExplainSummary.report();
    if (!plan.captured()) {
      throw new dev.cellar.sql.CellarSqlException(dev.cellar.sql.SqlState.FEATURE_NOT_SUPPORTED,
          "EXPLAIN ANALYZE needs a query; " + inner.trim().split("\\s+")[0] + " statements cannot be analyzed");
    }
    if (!query.parameters.isEmpty()) {
      throw new dev.cellar.sql.CellarSqlException(dev.cellar.sql.SqlState.FEATURE_NOT_SUPPORTED,
          "EXPLAIN ANALYZE of a statement with parameters is not supported; give the values as literals");
    }
    RelDataType rowType = context.getTypeFactory().builder().add("PLAN", SqlTypeName.VARCHAR).build();
    ColumnMetaData column = new ColumnMetaData(0, false, true, false, false, DatabaseMetaData.columnNoNulls, false,
        Integer.MAX_VALUE, "PLAN", "PLAN", null, Integer.MAX_VALUE, 0, null, null,
        ColumnMetaData.scalar(Types.VARCHAR, "VARCHAR", ColumnMetaData.Rep.STRING), true, false, false,
        String.class.getName());
    java.util.Map<String, Object> internal = new java.util.HashMap<>(query.internalParameters);
    @SuppressWarnings("unchecked")
    Bindable<T> run = dataContext -> {
      QueryProfile profile = new QueryProfile();
      long rows = 0;
      long start = System.nanoTime();
      profile.start();
      try {
        for (Object ignored : query.enumerable(dataContext)) {
          rows++;
        }
      } finally {
        profile.stop();
      }
      long nanos = System.nanoTime() - start;
      StringBuilder out = new StringBuilder(profile.render(plan));
      out.append("rows returned ").append(rows).append(", total time ")
          .append(String.format(java.util.Locale.ROOT, "%.3f", nanos / 1e6)).append(" ms\n");
      report.forEach(line -> out.append(line).append('\n'));
      return (org.apache.calcite.linq4j.Enumerable<T>) (Object) Linq4j.singletonEnumerable(out.toString());
    };
    return new CalciteSignature<>("EXPLAIN ANALYZE " + inner, List.of(), internal, rowType, List.of(column),
        Meta.CursorFactory.OBJECT, context.getRootSchema(), List.of(), -1, run, Meta.StatementType.SELECT);
  }

  /**
   * The column names of a view's query, validated as a statement's query is (Calcite's parse
   * would not take columns named with their family, {@link FamilyNames}).
   */
  private static List<String> queryColumns(Context context, String query) {
    org.apache.calcite.prepare.CalciteCatalogReader reader = new org.apache.calcite.prepare.CalciteCatalogReader(
        context.getRootSchema(), context.getDefaultSchemaPath(), context.getTypeFactory(), context.config());
    SqlNode node;
    try {
      node = new CellarPrepare().createParser(query).parseStmt();
    } catch (SqlParseException e) {
      throw new RuntimeException("parse failed", e);
    }
    SqlValidator validator = CellarValidator.create(context, reader, c -> c);
    return validator.getValidatedNodeType(validator.validate(node)).getFieldNames();
  }

  /**
   * Calcite's analysis of a view's query, which Calcite validates with a validator of its own:
   * given the query with its columns named with their families rewritten ({@link FamilyNames}).
   */
  @Override
  public AnalyzeViewResult analyzeView(Context context, String sql, boolean fail) {
    String analyzed = sql;
    try {
      SqlNode node = createParser(sql).parseStmt();
      if (FamilyNames.rewrite(node, new org.apache.calcite.prepare.CalciteCatalogReader(context.getRootSchema(),
          context.getDefaultSchemaPath(), context.getTypeFactory(), context.config()))) {
        analyzed = node.toSqlString(org.apache.calcite.sql.dialect.CalciteSqlDialect.DEFAULT).getSql();
      }
    } catch (SqlParseException e) {
      // Calcite's analysis reports it
    }
    return super.analyzeView(context, analyzed, fail);
  }

  /** The columns an UPSERT names, or all of them. */
  private static UpsertContext.Target upsertTarget(CalciteConnectionConfig config, String sql) {
    SqlParser.Config pc = parserConfig(config);
    try {
      SqlNode node = SqlParser.create(sql, pc).parseStmt();
      if (node instanceof SqlInsert ins && ins.getTargetColumnList() != null) {
        List<String> cols = new ArrayList<>();
        for (SqlNode c : ins.getTargetColumnList()) {
          SqlIdentifier id = (SqlIdentifier) c;
          // "f"."q" is a column declared in family f, whose name is "f.q"
          cols.add(id.names.size() == 2 ? id.names.get(0) + "." + id.names.get(1) : id.names.get(id.names.size() - 1));
        }
        return new UpsertContext.Target(cols);
      }
    } catch (SqlParseException e) {
      // Calcite's own preparation reports it
    }
    return new UpsertContext.Target(null);
  }

  /**
   * A DDL statement: checked for syntax now, run when executed. It reports an update count of
   * 0 like any other write, so {@code Statement.execute}, {@code executeUpdate} and prepared
   * statements all run it the same way. DDL is not transactional: it is refused (25001) in a
   * transaction with uncommitted writes, and takes effect at once otherwise.
   */
  private <T> CalciteSignature<T> ddl(Context context, CellarSession session, String sql) {
    DdlParser.parse(sql);
    RelDataType rowType = context.getTypeFactory().builder().add("ROWCOUNT", SqlTypeName.BIGINT).build();
    ColumnMetaData count = new ColumnMetaData(0, false, false, false, false, DatabaseMetaData.columnNoNulls, true, 20,
        "ROWCOUNT", "ROWCOUNT", null, 19, 0, null, null,
        ColumnMetaData.scalar(Types.BIGINT, "BIGINT", ColumnMetaData.Rep.PRIMITIVE_LONG), true, false, false,
        Long.class.getName());
    DdlExecutor executor = new DdlExecutor(session.database(), q -> queryColumns(context, q));
    @SuppressWarnings("unchecked")
    Bindable<T> run = dataContext -> {
      if (session.hasUncommittedWrites()) {
        throw new dev.cellar.sql.CellarSqlException(dev.cellar.sql.SqlState.ACTIVE_TRANSACTION, "cannot run "
            + DdlParser.firstWord(sql) + " in a transaction with uncommitted writes: DDL is not transactional; "
            + "commit or roll back first");
      }
      dev.cellar.sql.catalog.Catalog.Snapshot before = session.database().catalog().snapshot();
      long updated = executor.execute(sql);
      if (StatementWarnings.capturing()) {
        StatementWarnings.report(CatalogReview.changes(session.database(), before,
            session.database().catalog().snapshot()));
      }
      return (org.apache.calcite.linq4j.Enumerable<T>) (Object) Linq4j.singletonEnumerable(updated);
    };
    return new CalciteSignature<>(sql, List.of(), java.util.Map.of(), rowType, List.of(count),
        Meta.CursorFactory.OBJECT, context.getRootSchema(), List.of(), -1, run, Meta.StatementType.IS_DML);
  }
}
