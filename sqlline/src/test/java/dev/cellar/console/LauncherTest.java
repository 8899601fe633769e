package dev.cellar.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code cellar} launcher's build step, on a copy of the launcher in a repository of its own
 * with {@code mvn} and {@code java} standing in: it builds on the first start, not again while no
 * pom, main source or resource changed, again after one did; what Maven prints reaches the user
 * as one line per module and its errors, with no terminal escape codes; a failed build stops the
 * launcher before it runs anything.
 */
class LauncherTest {
  @TempDir
  Path repo;
  private Path bin;
  private Path calls;

  @BeforeEach
  void copyTheLauncher() throws IOException {
    Path launcher = Path.of("..", "cellar").toAbsolutePath().normalize();
    assertTrue(Files.isExecutable(launcher), "the launcher at " + launcher);
    Files.copy(launcher, repo.resolve("cellar"));
    executable(repo.resolve("cellar"));
    Files.writeString(repo.resolve("pom.xml"), "<project/>");
    Files.createDirectories(repo.resolve("sqlline/src/main/java"));
    Files.writeString(repo.resolve("sqlline/pom.xml"), "<project/>");
    Files.writeString(repo.resolve("sqlline/src/main/java/A.java"), "class A {}");
    bin = Files.createDirectories(repo.resolve("bin"));
    calls = repo.resolve("calls.txt");
    // mvn: logs its arguments, prints as Maven does (colours included), writes the class path file
    script("mvn", "echo \"mvn $*\" >> '" + calls + "'\n"
        + "if [ -f '" + repo.resolve("fail") + "' ]; then printf '\\033[1;31m[ERROR]\\033[m it broke\\n'; exit 1; fi\n"
        + "printf '[INFO] Scanning for projects...\\n'\n"
        + "printf '\\033[1m[INFO] Building cellar-sqlline 0.1.0-SNAPSHOT                          [1/1]\\033[m\\n'\n"
        + "mkdir -p '" + repo.resolve("sqlline/target") + "' && echo /x.jar > '" + repo.resolve("sqlline/target/classpath.txt") + "'\n");
    script("java", "echo \"java $*\" >> '" + calls + "'\n");
  }

  @Test
  void buildsOnceAndAgainOnlyAfterAChange() throws Exception {
    Result first = lint();
    assertEquals(0, first.status, first.err);
    assertEquals(1, count("mvn "), calls());
    assertTrue(first.err.contains("cellar: building sqlline with Maven"), first.err);
    assertTrue(first.err.contains("cellar:   [1/1] cellar-sqlline"), first.err);
    assertFalse(first.err.contains("\u001b"), "no escape codes: " + first.err);
    assertFalse(first.err.contains("Scanning for projects"), first.err);
    assertTrue(calls().contains("java -cp " + repo.resolve("sqlline/target/classes") + ":/x.jar dev.cellar.console.lint.Lint"),
        calls());

    Result second = lint();
    assertEquals(0, second.status, second.err);
    assertEquals(1, count("mvn "), "nothing changed, no build: " + calls());
    assertEquals("", second.err);
    assertEquals(2, count("java "), calls());

    // a change under target/ is no change; a main source is
    Files.writeString(repo.resolve("sqlline/target/B.class"), "x");
    lint();
    assertEquals(1, count("mvn "), calls());
    Thread.sleep(1100);
    Path source = repo.resolve("sqlline/src/main/java/A.java");
    Files.writeString(source, "class A { int x; }");
    Files.setLastModifiedTime(source, FileTime.from(Instant.now().plusSeconds(5)));
    lint();
    assertEquals(2, count("mvn "), "a changed source is built: " + calls());
  }

  @Test
  void aFailedBuildStopsTheLauncherWithMavensErrors() throws Exception {
    Files.writeString(repo.resolve("fail"), "");
    Result r = lint();
    assertEquals(1, r.status, r.err);
    assertTrue(r.err.contains("[ERROR] it broke"), r.err);
    assertTrue(r.err.contains("cellar: the build of sqlline failed"), r.err);
    assertFalse(r.err.contains("\u001b"), r.err);
    assertEquals(0, count("java "), "nothing run after a failed build: " + calls());
    // the next start tries the build again
    Files.delete(repo.resolve("fail"));
    assertEquals(0, lint().status);
    assertEquals(2, count("mvn "), calls());
  }

  private record Result(int status, String err) {}

  private Result lint() throws Exception {
    ProcessBuilder pb = new ProcessBuilder(repo.resolve("cellar").toString(), "lint", "jdbc:cellar:mem:x");
    pb.environment().put("PATH", bin + ":/usr/bin:/bin");
    pb.redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
    Path err = repo.resolve("err.txt");
    pb.redirectError(err.toFile()).redirectOutput(ProcessBuilder.Redirect.DISCARD);
    Process p = pb.start();
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the launcher ended");
    return new Result(p.exitValue(), Files.readString(err, StandardCharsets.UTF_8));
  }

  private String calls() throws IOException {
    return Files.exists(calls) ? Files.readString(calls) : "";
  }

  private long count(String prefix) throws IOException {
    return calls().lines().filter(l -> l.startsWith(prefix)).count();
  }

  private void script(String name, String body) throws IOException {
    Path p = bin.resolve(name);
    Files.writeString(p, "#!/bin/sh\n" + body);
    executable(p);
  }

  private static void executable(Path p) throws IOException {
    Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
  }

}
