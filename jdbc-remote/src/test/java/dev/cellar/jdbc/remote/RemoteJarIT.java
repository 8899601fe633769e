package dev.cellar.jdbc.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Driver;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.ServiceLoader;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The thin driver's jar, {@code jdbc-remote/target/cellar-jdbc-remote-all.jar}: Avatica's client
 * (in its own package, which its protocol names on the wire) with its libraries relocated, and
 * the driver; nothing of Calcite or the engine; loaded alone, it registers
 * Cellar's remote driver only. Runs after {@code mvn package} has built the jar.
 */
class RemoteJarIT {
  private static Path jar;

  @BeforeAll
  static void locate() {
    assumeFalse(Boolean.getBoolean("cellar.skipDriverJar"), "the driver jars are not built (cellar.skipDriverJar)");
    jar = Path.of(System.getProperty("cellar.remoteJar", "target/cellar-jdbc-remote-all.jar"));
    assertTrue(Files.isRegularFile(jar), jar.toAbsolutePath() + " is missing: mvn package builds it");
  }

  @Test
  void holdsNoCalciteAndNoEngine() throws Exception {
    List<String> strays = new ArrayList<>();
    int avatica = 0;
    try (JarFile j = new JarFile(jar.toFile())) {
      for (JarEntry e : Collections.list(j.entries())) {
        String n = e.getName();
        if (!n.endsWith(".class")) {
          continue;
        }
        if (n.startsWith("org/apache/calcite/avatica/")) {
          avatica++;
        } else if (!n.startsWith("dev/cellar/jdbc/remote/") && !n.startsWith("dev/cellar/shaded/com/")
            && !n.startsWith("dev/cellar/shaded/org/apache/hc/") && !n.startsWith("dev/cellar/shaded/org/joou/")
            && !n.startsWith("org/slf4j/")) {
          strays.add(n);
        }
      }
      try (InputStream in = j.getInputStream(j.getEntry("META-INF/services/java.sql.Driver"))) {
        assertEquals("dev.cellar.jdbc.remote.CellarRemoteDriver",
            new String(in.readAllBytes(), StandardCharsets.UTF_8).trim());
      }
    }
    assertTrue(avatica > 100, "Avatica's client is inside");
    assertEquals(List.of(), strays, "classes other than the driver, Avatica's client and its libraries");
  }

  @Test
  void registersTheRemoteDriverOnly() throws Exception {
    try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()},
        ClassLoader.getPlatformClassLoader())) {
      List<Driver> drivers = new ArrayList<>();
      ServiceLoader.load(Driver.class, loader).forEach(d -> {
        if (d.getClass().getClassLoader() == loader) {
          drivers.add(d);
        }
      });
      assertEquals(1, drivers.size(), drivers.toString());
      Driver d = drivers.get(0);
      assertTrue(d.acceptsURL("jdbc:cellar:remote:http://127.0.0.1:8765"));
      assertFalse(d.acceptsURL("jdbc:cellar:mem:x"));
      assertNull(d.connect("jdbc:cellar:file:/tmp/x", new java.util.Properties()));
      SQLException e = org.junit.jupiter.api.Assertions.assertThrows(SQLException.class,
          () -> d.connect("jdbc:cellar:remote:ftp://h", new java.util.Properties()));
      assertEquals("08001", e.getSQLState());
      assertEquals(0, d.getMajorVersion());
    }
  }
}
