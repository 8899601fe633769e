package dev.cellar.console.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.ServiceLoader;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The self-contained driver jar, {@code jdbc-driver/target/cellar-jdbc-all.jar}, as a BI tool
 * loads it: alone, in a class loader whose parent is the platform class loader, so nothing of
 * the build's class path can help it. Runs after {@code mvn package} has built the jar (failsafe,
 * in {@code verify}).
 */
class DriverJarIT {
  private static Path jar;

  @BeforeAll
  static void locate() {
    assumeFalse(Boolean.getBoolean("cellar.skipDriverJar"), "the driver jar is not built (cellar.skipDriverJar)");
    jar = Path.of(System.getProperty("cellar.driverJar", "../jdbc-driver/target/cellar-jdbc-all.jar"));
    assertTrue(Files.isRegularFile(jar), jar.toAbsolutePath() + " is missing: mvn package builds it");
  }

  @Test
  void librariesAreRelocatedAndNothingElseLeaks() throws IOException {
    List<String> classes = new ArrayList<>();
    List<String> entries = new ArrayList<>();
    try (JarFile j = new JarFile(jar.toFile())) {
      for (JarEntry e : java.util.Collections.list(j.entries())) {
        entries.add(e.getName());
        if (e.getName().endsWith(".class")) {
          classes.add(e.getName());
        }
      }
      try (InputStream in = j.getInputStream(j.getEntry("META-INF/services/java.sql.Driver"))) {
        assertEquals("dev.cellar.jdbc.CellarDriver", new String(in.readAllBytes(), StandardCharsets.UTF_8).trim(),
            "the jar advertises Cellar's driver only");
      }
    }
    for (String c : classes) {
      assertTrue(c.startsWith("dev/cellar/") || c.startsWith("org/slf4j/") || c.startsWith("org/xerial/snappy/"),
          "unrelocated class " + c);
      assertFalse(c.startsWith("com/google/") || c.startsWith("com/fasterxml/"), c);
      assertFalse(c.startsWith("org/slf4j/impl/") || c.startsWith("org/slf4j/simple/"), "an SLF4J binding: " + c);
    }
    for (String relocated : List.of("com/google/common/collect/ImmutableList", "com/google/protobuf/Message",
        "com/fasterxml/jackson/databind/ObjectMapper", "org/apache/calcite/jdbc/Driver",
        "org/apache/calcite/avatica/AvaticaConnection", "com/github/benmanes/caffeine/cache/Caffeine",
        "org/codehaus/janino/SimpleCompiler")) {
      assertTrue(classes.contains("dev/cellar/shaded/" + relocated + ".class"), relocated);
    }
    assertTrue(classes.contains("dev/cellar/jdbc/CellarDriver.class"));
    assertTrue(classes.contains("org/slf4j/LoggerFactory.class"), "slf4j-api is inside, unrelocated");
    for (String e : entries) {
      assertFalse(e.matches("META-INF/[^/]+\\.(SF|DSA|RSA|EC)"), "a signature file: " + e);
      assertFalse(e.startsWith("META-INF/services/org.slf4j."), "an SLF4J provider: " + e);
    }
  }

  @Test
  void connectsCreatesInsertsAndSelectsOnItsOwn(@TempDir Path dir) throws Exception {
    Thread thread = Thread.currentThread();
    ClassLoader context = thread.getContextClassLoader();
    try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, ClassLoader.getPlatformClassLoader())) {
      // A tool's own loader, not the driver's, is the context class loader.
      thread.setContextClassLoader(ClassLoader.getPlatformClassLoader());
      List<Driver> drivers = new ArrayList<>();
      ServiceLoader.load(Driver.class, loader).forEach(drivers::add);
      assertEquals(1, drivers.size(), drivers.toString());
      Driver driver = drivers.get(0);
      assertEquals("dev.cellar.jdbc.CellarDriver", driver.getClass().getName());
      assertSame(loader, driver.getClass().getClassLoader());
      assertNotEquals(dev.cellar.jdbc.CellarDriver.class, driver.getClass(), "not the build's copy");
      assertTrue(driver.acceptsURL("jdbc:cellar:mem:x"));

      try (Connection c = driver.connect("jdbc:cellar:mem:x", new Properties()); Statement s = c.createStatement()) {
        s.execute("CREATE TABLE t (id INTEGER NOT NULL PRIMARY KEY, info.name VARCHAR, score DECIMAL(6, 2))");
        assertEquals(3, s.executeUpdate("INSERT INTO t VALUES (1, 'ann', 1.50), (2, 'bob', NULL), (3, 'cy', 2.25)"));
        assertEquals(List.of("1 ann 1.50", "3 cy 2.25"),
            rows(s, "SELECT id, name, score FROM t WHERE score IS NOT NULL ORDER BY id"));
        assertEquals(List.of("3 3.75"), rows(s, "SELECT COUNT(*), SUM(score) FROM t"));
        try (ResultSet rs = c.getMetaData().getColumns(null, null, "T", null)) {
          List<String> columns = new ArrayList<>();
          while (rs.next()) {
            columns.add(rs.getString("COLUMN_NAME"));
          }
          assertEquals(List.of("ID", "NAME", "SCORE"), columns);
        }
      }

      // On disk, Snappy-compressed (snappy-java's native library comes from the jar too), and reopened.
      String url = "jdbc:cellar:file:" + dir.resolve("db");
      try (Connection c = driver.connect(url, new Properties()); Statement s = c.createStatement()) {
        s.execute("CREATE TABLE sale (user_id VARCHAR NOT NULL, ts BIGINT NOT NULL, n.product VARCHAR, "
            + "CONSTRAINT pk PRIMARY KEY (user_id, ts DESC)) COMPRESSION='SNAPPY'");
        s.executeUpdate("INSERT INTO sale VALUES ('u1', 1, 'kettle'), ('u1', 2, 'teapot'), ('u2', 1, 'cups')");
      }
      try (Connection c = driver.connect(url, new Properties()); Statement s = c.createStatement()) {
        assertEquals(List.of("u1 2 teapot", "u1 1 kettle", "u2 1 cups"), rows(s, "SELECT * FROM sale"));
      }
    } finally {
      thread.setContextClassLoader(context);
    }
  }

  private static List<String> rows(Statement s, String sql) throws Exception {
    List<String> out = new ArrayList<>();
    try (ResultSet rs = s.executeQuery(sql)) {
      int n = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        StringBuilder b = new StringBuilder();
        for (int i = 1; i <= n; i++) {
          b.append(i > 1 ? " " : "").append(rs.getString(i));
        }
        out.add(b.toString());
      }
    }
    return out;
  }
}
