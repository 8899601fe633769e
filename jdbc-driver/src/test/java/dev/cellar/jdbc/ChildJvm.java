package dev.cellar.jdbc;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A second JVM on the tests' class path, for the suites that kill a writer or run a second client:
 * its standard error goes to a file, its standard output is the test's to read.
 */
public final class ChildJvm {
  private ChildJvm() {}

  /** The {@code java} launcher of the running JVM. */
  public static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  /** The test class path (surefire's, or this JVM's outside surefire). */
  public static String classPath() {
    return System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
  }

  /** Starts {@code main(args)} of {@code main} with the JVM {@code options}, standard error to {@code err}. */
  public static Process start(Path err, List<String> options, Class<?> main, String... args) throws IOException {
    List<String> cmd = new ArrayList<>();
    cmd.add(java());
    cmd.addAll(options);
    cmd.addAll(List.of("-cp", classPath(), main.getName()));
    cmd.addAll(List.of(args));
    return new ProcessBuilder(cmd).redirectError(err.toFile()).start();
  }
}
