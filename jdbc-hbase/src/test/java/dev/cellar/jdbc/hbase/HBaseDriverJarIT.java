package dev.cellar.jdbc.hbase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.cellar.hbase.sandbox.HBaseSandbox;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.jar.JarEntry;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cellar-jdbc-hbase-all.jar} as a BI tool uses it: alone on the class path of a JVM of its
 * own, connected to a sandbox HBase started in this JVM. Runs after {@code mvn package} (failsafe).
 */
class HBaseDriverJarIT {
  @TempDir Path dir;

  @Test
  void servesHBaseUrlsOnItsOwn() throws Exception {
    assumeFalse(Boolean.getBoolean("cellar.skipDriverJar"), "the driver jars are not built (cellar.skipDriverJar)");
    Path jar = Path.of(System.getProperty("cellar.hbaseDriverJar", "target/cellar-jdbc-hbase-all.jar"));
    assertTrue(Files.isRegularFile(jar), jar.toAbsolutePath() + " is missing: mvn package builds it");
    try (JarFile j = new JarFile(jar.toFile())) {
      for (JarEntry e : Collections.list(j.entries())) {
        String n = e.getName();
        assertFalse(n.startsWith("com/google/") || n.startsWith("com/fasterxml/") || n.startsWith("org/apache/calcite/"),
            "unrelocated: " + n);
        assertFalse(n.startsWith("org/slf4j/simple/") || n.startsWith("org/apache/logging/slf4j/"), "an SLF4J binding: " + n);
      }
    }
    try (HBaseSandbox sandbox = HBaseSandbox.start(dir, 0)) {
      // A separate JVM, as a tool's: its class path is the jar and the probe, nothing of the build's.
      Path java = Path.of(System.getProperty("java.home"), "bin", "java");
      String classPath = jar.toAbsolutePath() + File.pathSeparator
          + Path.of(JarProbe.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      Process p = new ProcessBuilder(java.toString(), "-cp", classPath, JarProbe.class.getName(), sandbox.jdbcUrl())
          .redirectErrorStream(true).start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertTrue(p.waitFor(5, TimeUnit.MINUTES), out);
      assertEquals(0, p.exitValue(), out);
      assertTrue(out.contains("row 2 bob"), out);
    }
  }
}
