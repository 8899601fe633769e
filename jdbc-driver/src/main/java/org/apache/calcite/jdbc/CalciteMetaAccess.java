package org.apache.calcite.jdbc;

/**
 * Lets a driver outside this package extend {@link CalciteMetaImpl}, whose constructor takes
 * Calcite's package-private connection class. Cellar's {@code dev.cellar.jdbc.CellarMeta}
 * extends this; nothing else of Cellar lives in this package.
 */
public abstract class CalciteMetaAccess extends CalciteMetaImpl {
  protected CalciteMetaAccess(CalciteConnection connection) {
    super((CalciteConnectionImpl) connection, CalciteMetaTableFactoryImpl.INSTANCE,
        CalciteMetaColumnFactoryImpl.INSTANCE);
  }

  /** The connection this meta serves. */
  protected CalciteConnection calciteConnection() {
    return getConnection();
  }
}
