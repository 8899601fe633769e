package dev.cellar.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.apache.calcite.adapter.java.JavaTypeFactory;
import org.apache.calcite.avatica.AvaticaFactory;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.MetaImpl;
import org.apache.calcite.jdbc.CalciteConnection;
import org.apache.calcite.jdbc.CalciteConnectionAccess;
import org.apache.calcite.jdbc.CalciteMetaAccess;
import org.apache.calcite.jdbc.CalciteMetaImpl;
import org.apache.calcite.jdbc.CalcitePreparedStatementAccess;
import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.jdbc.CalciteStatement;
import org.apache.calcite.jdbc.CalciteStatementAccess;
import org.apache.calcite.jdbc.Driver;
import org.apache.calcite.schema.lookup.LikePattern;
import org.junit.jupiter.api.Test;

/**
 * The four classes the driver keeps in {@code org.apache.calcite.jdbc}
 * ({@code jdbc-driver/src/main/java/org/apache/calcite/jdbc/}) stay because Calcite has no public
 * API for what they do; each reason is a test here, and each member of Calcite they reach is
 * named, so that an upgrade that removes one, or makes it public (and the class replaceable by
 * the public API), fails here with the member's name rather than at run time:
 * <ul>
 *   <li>{@link CalciteConnectionAccess}: Calcite's connection class is package-private, and
 *       Calcite casts every connection to it; it wraps {@code prepareStatement}, which Calcite
 *       runs without the {@code Meta}, to give its errors their SQLState.
 *   <li>{@link CalciteMetaAccess}: {@link CalciteMetaImpl}'s constructors take the
 *       package-private connection class (its public {@code create} cannot be extended), and the
 *       listing of views it corrects is package-private.
 *   <li>{@link CalciteStatementAccess} and {@link CalcitePreparedStatementAccess}: Calcite's
 *       statement constructors take the package-private connection class, and its prepared
 *       statement class is package-private; Calcite's connection requires its statements to be
 *       theirs.
 * </ul>
 */
class CalciteAccessTest {
  private static final String PKG = "org.apache.calcite.jdbc.";

  private static Class<?> calcite(String name) throws ClassNotFoundException {
    return Class.forName(PKG + name, false, CalciteConnection.class.getClassLoader());
  }

  @Test
  void whatTheAccessClassesReachIsStillHidden() throws Exception {
    Class<?> connection = calcite("CalciteConnectionImpl");
    assertFalse(Modifier.isPublic(connection.getModifiers()), "CalciteConnectionImpl became public");
    assertFalse(Modifier.isPublic(calcite("CalcitePreparedStatement").getModifiers()),
        "CalcitePreparedStatement became public");
    for (Constructor<?> c : CalciteStatement.class.getDeclaredConstructors()) {
      assertFalse(Modifier.isPublic(c.getModifiers()) || Modifier.isProtected(c.getModifiers())
          && !List.of(c.getParameterTypes()).contains(connection), "CalciteStatement has an open constructor: " + c);
    }
    for (Constructor<?> c : CalciteMetaImpl.class.getDeclaredConstructors()) {
      assertTrue(List.of(c.getParameterTypes()).contains(connection), "CalciteMetaImpl has a constructor " + c);
    }
    assertFalse(Modifier.isPublic(tables().getModifiers()) || Modifier.isProtected(tables().getModifiers()),
        "CalciteMetaImpl.tables(MetaSchema, LikePattern) became open");
  }

  @Test
  void theMembersTheAccessClassesUseExist() throws Exception {
    Class<?> connection = calcite("CalciteConnectionImpl");
    List<Executable> used = new ArrayList<>();
    used.add(connection.getDeclaredConstructor(Driver.class, AvaticaFactory.class, String.class, Properties.class,
        CalciteSchema.class, JavaTypeFactory.class));
    used.add(connection.getMethod("prepareStatement", String.class, int.class, int.class, int.class));
    used.add(CalciteMetaImpl.class.getDeclaredConstructor(connection, calcite("CalciteMetaTableFactory"),
        calcite("CalciteMetaColumnFactory")));
    used.add(tables());
    used.add(CalciteMetaImpl.class.getDeclaredMethod("schemas", String.class, LikePattern.class));
    used.add(CalciteStatement.class.getDeclaredConstructor(connection, Meta.StatementHandle.class, int.class,
        int.class, int.class));
    used.add(calcite("CalcitePreparedStatement").getDeclaredConstructor(connection, Meta.StatementHandle.class,
        Meta.Signature.class, int.class, int.class, int.class));
    for (Executable e : used) {
      assertFalse(Modifier.isPrivate(e.getModifiers()) || Modifier.isFinal(e.getModifiers()), e.toString());
    }
    for (String factory : List.of("CalciteMetaTableFactoryImpl", "CalciteMetaColumnFactoryImpl")) {
      Field instance = calcite(factory).getDeclaredField("INSTANCE");
      assertTrue(Modifier.isStatic(instance.getModifiers()) && !Modifier.isPrivate(instance.getModifiers()), factory);
    }
  }

  private static Method tables() throws NoSuchMethodException {
    return CalciteMetaImpl.class.getDeclaredMethod("tables", MetaImpl.MetaSchema.class, LikePattern.class);
  }

  /** The classes load into Calcite's own runtime package (one class loader, an unsealed package). */
  @Test
  void theAccessClassesShareCalcitesRuntimePackage() throws Exception {
    for (Class<?> access : List.of(CalciteConnectionAccess.class, CalciteMetaAccess.class, CalciteStatementAccess.class,
        CalcitePreparedStatementAccess.class)) {
      assertEquals(CalciteMetaImpl.class.getClassLoader(), access.getClassLoader(), access.getName());
      assertEquals(CalciteMetaImpl.class.getPackageName(), access.getPackageName(), access.getName());
      assertFalse(CalciteMetaImpl.class.getPackage().isSealed(), "Calcite's package is sealed");
    }
    try (Connection c = DriverManager.getConnection(Sql.freshMem())) {
      assertTrue(calcite("CalciteConnectionImpl").isInstance(c));
      assertTrue(c instanceof CalciteConnectionAccess);
      assertTrue(c.createStatement() instanceof CalciteStatementAccess);
      assertTrue(c.prepareStatement("VALUES 1") instanceof CalcitePreparedStatementAccess);
    }
  }

  /** What the access classes correct in Calcite still needs them, and works. */
  @Test
  void theirCorrectionsApply() throws SQLException {
    try (Connection c = DriverManager.getConnection(Sql.freshMem())) {
      Sql.run(c, "CREATE TABLE t (id INTEGER PRIMARY KEY)", "CREATE VIEW v1 AS SELECT * FROM t",
          "CREATE VIEW v2 AS SELECT * FROM t");
      // prepareStatement's error has its SQLState and message (Calcite's would be a bare SQLException)
      SQLException e = assertThrows(SQLException.class, () -> c.prepareStatement("SELECT nosuch FROM t"));
      assertEquals("42S22", e.getSQLState(), e.getMessage());
      // views are filtered by the name pattern as tables are
      List<String> names = new ArrayList<>();
      try (ResultSet rs = c.getMetaData().getTables(null, "PUBLIC", "V1", null)) {
        while (rs.next()) {
          names.add(rs.getString("TABLE_NAME"));
        }
      }
      assertEquals(List.of("V1"), names);
    }
  }
}
