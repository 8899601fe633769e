package org.apache.calcite.jdbc;

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
    } catch (org.apache.calcite.avatica.NoSuchStatementException e) {
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

  /** The connection this meta serves. */
  protected CalciteConnection calciteConnection() {
    return getConnection();
  }
}
