package dev.cellar.slt;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * SQLite's SQL Logic Test files through the Cellar driver, each against a fresh
 * {@code jdbc:cellar:mem:} database.
 *
 * <p>System property {@code cellar.slt} chooses the files (default {@code ci}: select1-5;
 * {@code select}: select1-5; {@code evidence}, {@code all}, or files and directories under the corpus's {@code test/}).
 * {@code cellar.slt.queries}, when set, runs only the queries whose SQL contains it (in any
 * case), such as {@code NULL}; the others count as skipped, and every statement still runs.
 * A file does not fail on wrong queries: it fails when fewer queries pass than
 * {@code baseline.properties} records for it (in a run of all its queries), so that regressions
 * fail the build; raise the baseline when the engine passes more. The summary, the failure causes with counts, and every
 * failure go to standard output and {@code target/slt-report.txt}.
 */
class SqlLogicTest {
  /** Failures printed per file on standard output. */
  private static final int SHOWN_FAILURES = 5;

  private static final List<SltRunner.FileResult> RESULTS =
      Collections.synchronizedList(new ArrayList<>());

  @TestFactory
  Stream<DynamicTest> files() throws IOException {
    String selection = System.getProperty("cellar.slt", "ci");
    if (selection.isBlank()) {
      selection = "ci";
    }
    Properties baseline = baseline();
    int timeout = Integer.getInteger("cellar.slt.timeout", 300);
    String queries = System.getProperty("cellar.slt.queries", "");
    SltRunner runner = new SltRunner(timeout, queries.isEmpty() ? null : queries);
    List<String> files = SltCorpus.select(selection);
    // Files run in parallel, each on its own database; planning dominates, and it is CPU-bound.
    int threads = Integer.getInteger("cellar.slt.threads",
        Math.max(1, Runtime.getRuntime().availableProcessors()));
    ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
      Thread t = new Thread(r, "slt");
      t.setDaemon(true);
      return t;
    });
    // Largest files first, so that the threads finish together.
    Map<String, Future<SltRunner.FileResult>> running = new LinkedHashMap<>();
    files.stream()
        .map(SltCorpus::load)
        .sorted(Comparator.comparingLong(SltScript::queryCount).reversed())
        .forEach(script -> running.put(script.name, pool.submit(() -> {
          SltRunner.FileResult r = runner.run(script);
          // as soon as it is known, for long runs (the summaries below come in file order)
          System.out.println("finished " + fileSummary(r));
          return r;
        })));
    pool.shutdown();
    return files.stream()
        .map(file -> DynamicTest.dynamicTest(file, () -> {
          SltRunner.FileResult r = await(running.get(file));
          RESULTS.add(r);
          System.out.println(fileSummary(r));
          for (SltRunner.Failure f : r.failures.subList(0, Math.min(SHOWN_FAILURES, r.failures.size()))) {
            System.out.println("  " + f.toString().replace("\n", "\n  "));
          }
          boolean whole = queries.isEmpty() && Integer.getInteger("cellar.slt.limit", 0) == 0;
          if (whole && file.startsWith("random/")) {
            // random/ has no baseline: every query passes, or answers as the standard has it
            assertTrue(r.queriesFailed == 0 && r.statementsFailed == 0, file + ": " + r.queriesFailed
                + " queries and " + r.statementsFailed + " statements failed");
          }
          String min = baseline.getProperty(file + ".passed");
          if (min != null && queries.isEmpty() && Integer.getInteger("cellar.slt.limit", 0) == 0) {
            int expected = Integer.parseInt(min.trim());
            assertTrue(r.queriesPassed >= expected,
                file + ": " + r.queriesPassed + " queries passed, fewer than the baseline "
                    + expected + " (baseline.properties)");
            if (r.queriesPassed > expected) {
              System.out.println("  " + file + ": " + r.queriesPassed
                  + " queries pass, more than the baseline " + expected
                  + ": raise it in baseline.properties");
            }
          }
        }));
  }

  private static SltRunner.FileResult await(Future<SltRunner.FileResult> f) throws Exception {
    try {
      return f.get();
    } catch (ExecutionException e) {
      throw e.getCause() instanceof Exception x ? x : e;
    }
  }

  private static String abbreviate(String s) {
    return s.length() > 150 ? s.substring(0, 150) + "..." : s;
  }

  static Properties baseline() throws IOException {
    Properties p = new Properties();
    try (InputStream in = SqlLogicTest.class.getResourceAsStream("baseline.properties")) {
      if (in != null) {
        p.load(in);
      }
    }
    return p;
  }

  static String fileSummary(SltRunner.FileResult r) {
    return String.format(
        "%-40s queries: %5d passed, %5d failed, %3d as SQL has it (SQLite differs), %4d skipped; statements: %4d ok,"
            + " %3d failed; %6.1f s (CPU %.1f s)%s",
        r.file, r.queriesPassed, r.queriesFailed, r.queriesDiffering, r.queriesSkipped, r.statementsPassed,
        r.statementsFailed, r.millis / 1000.0, r.cpuMillis / 1000.0, r.halted ? " (halted)" : "");
  }

  @AfterAll
  static void report() throws IOException {
    if (RESULTS.isEmpty()) {
      return;
    }
    StringWriter text = new StringWriter();
    PrintWriter out = new PrintWriter(text);
    out.println("SQL Logic Test summary");
    // plans run without generated code, and why the others were compiled
    Map<String, Long> compiled = dev.cellar.sql.interp.PlanInterpreter.notCovered();
    out.println("plans interpreted: " + dev.cellar.sql.interp.PlanInterpreter.interpreted() + "; compiled: "
        + compiled.values().stream().mapToLong(Long::longValue).sum());
    compiled.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()).limit(15)
        .forEach(e -> out.println(String.format("  %6d  %s", e.getValue(), e.getKey())));
    int passed = 0;
    int failed = 0;
    int differing = 0;
    int skipped = 0;
    long millis = 0;
    long cpuMillis = 0;
    List<SltRunner.Failure> failures = new ArrayList<>();
    List<Map.Entry<String, SltRunner.Failure>> differences = new ArrayList<>();
    for (SltRunner.FileResult r : RESULTS) {
      out.println(fileSummary(r));
      passed += r.queriesPassed;
      failed += r.queriesFailed;
      differing += r.queriesDiffering;
      skipped += r.queriesSkipped;
      millis += r.millis;
      cpuMillis += r.cpuMillis;
      failures.addAll(r.failures);
      differences.addAll(r.differences);
    }
    out.printf("%-40s queries: %5d passed, %5d failed, %3d as SQL has it (SQLite differs), %4d skipped; %6.1f s"
        + " (CPU %.1f s)%n", "total (" + RESULTS.size() + " files)", passed, failed, differing, skipped,
        millis / 1000.0, cpuMillis / 1000.0);
    out.println();
    out.println("Slowest statements and queries:");
    RESULTS.stream()
        .flatMap(r -> r.slowest.stream().map(x -> Map.entry(r.file, x)))
        .sorted((a, b) -> Long.compare(b.getValue().millis(), a.getValue().millis()))
        .limit(10)
        .forEach(e -> out.printf("%8.1f s  %s:%d  %s%n", e.getValue().millis() / 1000.0,
            e.getKey(), e.getValue().line(), abbreviate(e.getValue().sql().replace('\n', ' '))));
    out.println();
    out.println("Failure causes (statements and queries):");
    for (FailureCategories.Category c : FailureCategories.of(failures)) {
      out.printf("%6d  %s%n        e.g. %s%n", c.count, c.name,
          c.example.toString().replace("\n", "\n        "));
    }
    if (!differences.isEmpty()) {
      out.println();
      out.println("Answered as the SQL standard has it, where SQLite's results differ (SqliteSemantics; not failures):");
      Map<String, List<SltRunner.Failure>> byKind = new LinkedHashMap<>();
      differences.forEach(d -> byKind.computeIfAbsent(d.getKey(), k -> new ArrayList<>()).add(d.getValue()));
      byKind.forEach((kind, list) -> out.printf("%6d  %s%n        e.g. %s%n", list.size(), kind,
          list.get(0).toString().replace("\n", "\n        ")));
    }
    out.flush();
    System.out.println(text);

    Path target = Path.of("target");
    if (Files.isDirectory(target)) {
      StringBuilder all = new StringBuilder(text.toString());
      all.append("\nEvery failure:\n");
      for (SltRunner.Failure f : failures) {
        all.append(FailureCategories.categorize(f)).append("\n  ")
            .append(f.toString().replace("\n", "\n  ")).append('\n');
      }
      all.append("\nEvery query answered as the SQL standard has it, where SQLite differs:\n");
      for (Map.Entry<String, SltRunner.Failure> d : differences) {
        all.append(d.getKey()).append("\n  ").append(d.getValue().toString().replace("\n", "\n  ")).append('\n');
      }
      Files.writeString(target.resolve("slt-report.txt"), all, StandardCharsets.UTF_8);
    }
  }
}
