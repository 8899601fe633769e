package org.apache.calcite.jdbc;

import dev.cellar.sql.rel.ParameterSets;
import org.apache.calcite.DataContext;
import org.apache.calcite.avatica.NoSuchStatementException;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.function.Predicate1;
import org.apache.calcite.schema.lookup.LikePattern;

/**
 * Lets a driver outside this package extend {@link CalciteMetaImpl}, whose constructor takes
 * Calcite's package-private connection class, and corrects its listing of views. Cellar's
 * {@code dev.cellar.jdbc.CellarMeta} extends this.
 */
public abstract class CalciteMetaAccess extends CalciteMetaImpl {
  protected CalciteMetaAccess(CalciteConnection connection, CalciteMetaColumnFactory columns) {
    super((CalciteConnectionImpl) connection, CalciteMetaTableFactoryImpl.INSTANCE, columns);
  }

  /**
   * Calcite's tables of a schema, with its views (nullary table functions) also filtered by the
   * name pattern, which Calcite forgets to do.
   */
  @Override
  Enumerable<MetaTable> tables(MetaSchema schema, LikePattern tableNamePattern) {
    Predicate1<String> matches = tableNamePattern.matcher();
    return super.tables(schema, tableNamePattern).where(t -> matches.apply(t.tableName));
  }

  /** The tables of the schemas and names matching the patterns, in no particular order. */
  protected Enumerable<MetaTable> matchingTables(String catalog, Pat schemaPattern, Pat tableNamePattern) {
    return schemas(catalog, new LikePattern(schemaPattern.s))
        .selectMany(schema -> tables(schema, new LikePattern(tableNamePattern.s)));
  }

  /** Clears a statement's cancel flag before it runs again (Avatica never clears it). */
  protected void clearCancel(StatementHandle h) {
    try {
      getConnection().getCancelFlag(h).set(false);
    } catch (NoSuchStatementException e) {
      // the statement is gone; nothing to clear
    }
  }

  /** Statement {@code h}'s cancel flag, or null if the statement is gone. */
  protected java.util.concurrent.atomic.AtomicBoolean cancelFlag(StatementHandle h) {
    try {
      return getConnection().getCancelFlag(h);
    } catch (org.apache.calcite.avatica.NoSuchStatementException e) {
      return null;
    }
  }

  /** Statement {@code h}, or null if it is gone. */
  protected org.apache.calcite.avatica.AvaticaStatement statement(StatementHandle h) {
    return getConnection().statementMap.get(h.id);
  }

  /**
   * Runs update statement {@code h} once, as Calcite runs it, its parameters read from
   * {@code sets} ({@link ParameterSets#context}); returns its update count. A statement that can
   * runs every set (see {@link ParameterSets#counts}), any other the first only.
   */
  @SuppressWarnings("unchecked")
  protected long executeUpdate(StatementHandle h, ParameterSets sets) throws NoSuchStatementException {
    CalcitePrepare.CalciteSignature<Object> signature = (CalcitePrepare.CalciteSignature<Object>) signature(h);
    java.util.Map<String, Object> map = new java.util.HashMap<>(signature.internalParameters);
    map.put(DataContext.Variable.CANCEL_FLAG.camelName, getConnection().getCancelFlag(h));
    org.apache.calcite.avatica.AvaticaStatement statement = statement(h);
    int timeout;
    try {
      timeout = statement == null ? 0 : statement.getQueryTimeout();
    } catch (java.sql.SQLException e) {
      timeout = 0;
    }
    if (timeout > 0 && timeout < Integer.MAX_VALUE / 1000) {
      map.put(DataContext.Variable.TIMEOUT.camelName, timeout * 1000L);
    }
    map.put(ParameterSets.KEY, sets);
    DataContext context = sets.context(getConnection().createDataContext(map, signature.rootSchema));
    java.util.Iterator<Object> it = signature.enumerable(context).iterator();
    return ((Number) it.next()).longValue();
  }

  /** The prepared signature of statement {@code h} (which its handle does not always carry). */
  protected Signature signature(StatementHandle h) throws NoSuchStatementException {
    return getConnection().server.getStatement(h).getSignature();
  }

  /** The connection this meta serves. */
  protected CalciteConnection calciteConnection() {
    return getConnection();
  }
}
