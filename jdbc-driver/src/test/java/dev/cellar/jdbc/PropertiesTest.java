package dev.cellar.jdbc;

import static dev.cellar.jdbc.Sql.assertRows;
import static dev.cellar.jdbc.Sql.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One property registry feeds URL parsing, getPropertyInfo and the DataSource. */
class PropertiesTest {
  @TempDir
  Path dir;

  private static String sample(CellarProperty p) {
    switch (p.type()) {
      case BOOLEAN:
        return "false";
      case ENUM:
        return "ASYNC_WAL";
      default:
        return p == CellarProperty.BLOCK_CACHE_SIZE ? "1048576" : String.valueOf(((Number) p.defaultValue()).longValue() + 1);
    }
  }

  @Test
  void urlParsingGetPropertyInfoAndDataSourceAgree() throws Exception {
    Driver driver = DriverManager.getDriver("jdbc:cellar:mem:x");
    assertTrue(driver instanceof CellarDriver);
    StringBuilder url = new StringBuilder("jdbc:cellar:mem:props");
    for (CellarProperty p : CellarProperty.values()) {
      url.append(';').append(p.camelName()).append('=').append(sample(p));
    }
    CellarUrl parsed = CellarUrl.parse(url.toString());
    Map<String, DriverPropertyInfo> info = new HashMap<>();
    for (DriverPropertyInfo i : driver.getPropertyInfo(url.toString(), new Properties())) {
      info.put(i.name, i);
    }
    assertEquals(CellarProperty.values().length, info.size());
    CellarDataSource ds = new CellarDataSource();
    for (CellarProperty p : CellarProperty.values()) {
      String v = sample(p);
      assertEquals(v, parsed.properties().getProperty(p.camelName()), p.camelName());
      DriverPropertyInfo i = info.get(p.camelName());
      assertNotNull(i, p.camelName() + " in getPropertyInfo");
      assertEquals(v, i.value);
      assertTrue(i.description.contains("default " + p.defaultText()), i.description);
      String bean = Character.toUpperCase(p.camelName().charAt(0)) + p.camelName().substring(1);
      Method getter = CellarDataSource.class.getMethod("get" + bean);
      Method setter = null;
      for (Method m : CellarDataSource.class.getMethods()) {
        if (m.getName().equals("set" + bean) && m.getParameterCount() == 1) {
          setter = m;
        }
      }
      assertNotNull(setter, "CellarDataSource.set" + bean);
      assertEquals(p.defaultText(), String.valueOf(getter.invoke(ds)), "default of " + p.camelName());
      Class<?> t = setter.getParameterTypes()[0];
      Object arg = t == long.class ? Long.valueOf(v) : t == boolean.class ? Boolean.valueOf(v) : v;
      setter.invoke(ds, arg);
      assertEquals(v, String.valueOf(getter.invoke(ds)), p.camelName());
      assertEquals(v, ds.getProperty(p));
    }
  }

  @Test
  void unknownOrBadPropertiesAreRejected() {
    SQLException e = assertThrows(SQLException.class, () -> DriverManager.getConnection("jdbc:cellar:mem:x;durabilty=SKIP_WAL"));
    assertEquals("08001", e.getSQLState());
    assertTrue(e.getMessage().contains("durabilty"), e.getMessage());
    e = assertThrows(SQLException.class, () -> DriverManager.getConnection("jdbc:cellar:mem:x;flushSize=big"));
    assertTrue(e.getMessage().contains("flushSize"), e.getMessage());
    e = assertThrows(SQLException.class, () -> DriverManager.getConnection("jdbc:cellar:mem:x;durability=SOMETIMES"));
    assertTrue(e.getMessage().contains("SYNC_WAL"), e.getMessage());
    e = assertThrows(SQLException.class, () -> DriverManager.getConnection("jdbc:cellar:tmp:x"));
    assertEquals("08001", e.getSQLState());
    assertTrue(e.getMessage().contains("'tmp'") && e.getMessage().contains("file, mem"), e.getMessage());
    e = assertThrows(SQLException.class, () -> DriverManager.getConnection("jdbc:cellar:nothing"));
    assertEquals("08001", e.getSQLState());
    assertTrue(e.getMessage().contains("SCHEME:LOCATION") && e.getMessage().contains("file, mem"), e.getMessage());
    e = assertThrows(SQLException.class, () -> DriverManager.getConnection("jdbc:cellar:file:"));
    assertTrue(e.getMessage().contains("names no directory"), e.getMessage());
    e = assertThrows(SQLException.class, () -> DriverManager.getConnection("jdbc:cellar:mem:x;flushSize=10"));
    assertTrue(e.getMessage().contains("flush size"), e.getMessage());
  }

  @Test
  void dataSourceConnectsAndCalcitePropertiesPassThrough() throws Exception {
    CellarDataSource ds = new CellarDataSource();
    ds.setUrl("jdbc:cellar:file:" + dir.resolve("ds"));
    ds.setDurability("skip_wal");
    ds.setPlanCacheSize(0);
    ds.setProperty("timeZone", "UTC");
    assertEquals("SKIP_WAL", ds.getDurability());
    try (Connection c = ds.getConnection()) {
      run(c, "CREATE TABLE t (id INTEGER PRIMARY KEY)", "INSERT INTO t VALUES (1)");
      assertRows(c, "SELECT * FROM t", "1");
      assertNull(c.getWarnings());
    }
    try (Connection c = ds.getConnection("ignored", "ignored")) {
      assertRows(c, "SELECT * FROM t", "1");
    }
    assertTrue(ds.isWrapperFor(javax.sql.DataSource.class));
  }
}
