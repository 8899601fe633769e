package dev.cellar.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The package rules of {@code sql-planner/docs/DESIGN.md} (and of each package's
 * {@code package-info.java}) as data: which packages of {@code dev.cellar.sql} each package may
 * use. Every reference between classes of the compiled module (read from the class files'
 * constant pools, so fully qualified names count too) and every {@code import} of its sources
 * (so Javadoc-only imports count too) must follow them, and the rules themselves must have no
 * cycle, so no package can reach itself.
 */
class PackageRulesTest {
  /**
   * Package (relative to {@code dev.cellar.sql}; "" is the root, with {@code SqlState} and the
   * errors) to the packages it may use besides itself and the root. Bottom to top.
   */
  static final Map<String, Set<String>> MAY_USE = rules(
      "", "",
      "parser", "",
      "codec", "",
      "catalog", "codec",
      "database", "catalog",
      "txn", "catalog database",
      "exec", "catalog codec database parser txn",
      "sequence", "catalog database",
      "ddl", "catalog codec database exec parser sequence",
      "copy", "catalog codec database exec parser session",
      "advice", "catalog codec database",
      "discover", "",
      "keyrange", "catalog codec exec",
      "profile", "keyrange",
      "runtime", "catalog codec exec keyrange profile",
      "session", "catalog database txn",
      "rel", "catalog codec database exec keyrange profile runtime session",
      "rules", "catalog codec exec keyrange rel",
      "schema", "advice catalog database ddl discover rel schema/system sequence session",
      "schema/system", "catalog codec database exec",
      "interp", "rel runtime",
      "prepare", "advice catalog codec copy database ddl discover exec interp keyrange parser profile rel rules runtime schema sequence session txn");

  private static final String ROOT = "dev/cellar/sql/";
  private static final Pattern CLASS_REF = Pattern.compile("dev/cellar/sql/((?:[a-z]\\w*/)*)[A-Z]");
  private static final Pattern IMPORT = Pattern.compile("^import (?:static )?dev\\.cellar\\.sql\\.((?:[a-z]\\w*\\.)*)[A-Z]",
      Pattern.MULTILINE);

  @Test
  void classFilesFollowThePackageRules() throws IOException {
    Map<String, Set<String>> uses = classFileUses(classesDir());
    assertTrue(uses.size() > 100, "read the module's classes: " + uses.size());
    assertEquals(List.of(), violations(uses));
  }

  @Test
  void sourceImportsFollowThePackageRules() throws IOException {
    Path src = Path.of("src/main/java");
    Map<String, Set<String>> uses = new TreeMap<>();
    try (Stream<Path> files = Files.walk(src.resolve("dev/cellar/sql"))) {
      for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".java"))::iterator) {
        String rel = src.resolve(ROOT).relativize(f).toString().replace('\\', '/');
        Matcher m = IMPORT.matcher(Files.readString(f));
        Set<String> targets = uses.computeIfAbsent(rel.substring(0, rel.length() - ".java".length()), k -> new TreeSet<>());
        while (m.find()) {
          targets.add(m.group(1).replace('.', '/'));
        }
      }
    }
    assertTrue(uses.size() > 100, "read the module's sources: " + uses.size());
    assertEquals(List.of(), violations(uses));
  }

  @Test
  void everyPackageHasRulesAndAPackageInfo() throws IOException {
    Set<String> packages = new TreeSet<>();
    for (String cls : classFileUses(classesDir()).keySet()) {
      packages.add(packageOf(cls));
    }
    assertEquals(new TreeSet<>(MAY_USE.keySet()), packages, "packages of dev.cellar.sql and the rules");
    for (String p : packages) {
      assertTrue(Files.exists(Path.of("src/main/java", ROOT + p, "package-info.java")), "package-info.java of " + p);
    }
  }

  @Test
  void theRulesHaveNoCycle() {
    assertEquals(List.of(), cycles(MAY_USE));
  }

  /** The checks themselves: an upward reference and a cycle are both reported. */
  @Test
  void aReferenceAgainstTheRulesOrACycleIsReported() {
    assertEquals(List.of("keyrange/KeyBox -> rel"),
        violations(Map.of("keyrange/KeyBox", Set.of("rel/", "codec/", ""))));
    assertEquals(List.of("exec/IndexBuilder -> ddl"), violations(Map.of("exec/IndexBuilder", Set.of("ddl/"))));
    assertEquals(List.of("[a, b, c]"), cycles(Map.of("a", Set.of("b"), "b", Set.of("c"), "c", Set.of("a"), "d", Set.of("a"))));
  }

  /** {@code from -> package} for each reference {@link #MAY_USE} does not allow; classes as {@code pkg/Name}. */
  static List<String> violations(Map<String, Set<String>> uses) {
    List<String> out = new ArrayList<>();
    for (Map.Entry<String, Set<String>> e : new TreeMap<>(uses).entrySet()) {
      String from = packageOf(e.getKey());
      Set<String> allowed = MAY_USE.get(from);
      for (String target : new TreeSet<>(e.getValue())) {
        String to = target.endsWith("/") ? target.substring(0, target.length() - 1) : target;
        if (!to.equals(from) && !to.isEmpty() && (allowed == null || !allowed.contains(to))) {
          out.add(e.getKey() + " -> " + to);
        }
      }
    }
    return out;
  }

  /** The strongly connected sets of more than one node (or a node using itself) of {@code graph}. */
  static List<String> cycles(Map<String, Set<String>> graph) {
    List<String> out = new ArrayList<>();
    Set<String> nodes = new TreeSet<>(graph.keySet());
    for (String n : nodes) {
      Set<String> reach = reach(graph, n);
      if (reach.contains(n)) {
        Set<String> scc = new TreeSet<>();
        for (String m : reach) {
          if (reach(graph, m).contains(n)) {
            scc.add(m);
          }
        }
        if (scc.iterator().next().equals(n)) {
          out.add(scc.toString());
        }
      }
    }
    return out;
  }

  private static Set<String> reach(Map<String, Set<String>> graph, String from) {
    Set<String> seen = new TreeSet<>();
    List<String> todo = new ArrayList<>(graph.getOrDefault(from, Set.of()));
    while (!todo.isEmpty()) {
      String n = todo.remove(todo.size() - 1);
      if (!n.isEmpty() && seen.add(n)) {
        todo.addAll(graph.getOrDefault(n, Set.of()));
      }
    }
    return seen;
  }

  private static String packageOf(String cls) {
    int slash = cls.lastIndexOf('/');
    return slash < 0 ? "" : cls.substring(0, slash);
  }

  private static Map<String, Set<String>> rules(String... pairs) {
    Map<String, Set<String>> m = new TreeMap<>();
    for (int i = 0; i < pairs.length; i += 2) {
      m.put(pairs[i], pairs[i + 1].isEmpty() ? Set.of() : Set.of(pairs[i + 1].split(" ")));
    }
    return m;
  }

  private static Path classesDir() {
    try {
      return Path.of(SqlState.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new AssertionError(e);
    }
  }

  /** Each top-level class (as {@code pkg/Name}) to the packages (as {@code pkg/}) its class files name. */
  static Map<String, Set<String>> classFileUses(Path classes) throws IOException {
    Map<String, Set<String>> uses = new TreeMap<>();
    try (Stream<Path> files = Files.walk(classes.resolve(ROOT))) {
      for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".class"))::iterator) {
        String name = classes.resolve(ROOT).relativize(f).toString().replace('\\', '/');
        name = name.substring(0, name.length() - ".class".length());
        int nested = name.indexOf('$');
        String top = nested < 0 ? name : name.substring(0, nested);
        Set<String> targets = uses.computeIfAbsent(top, k -> new TreeSet<>());
        try (InputStream in = Files.newInputStream(f)) {
          for (String utf8 : constantStrings(in)) {
            Matcher m = CLASS_REF.matcher(utf8);
            while (m.find()) {
              targets.add(m.group(1));
            }
          }
        }
      }
    }
    return uses;
  }

  /** The UTF-8 entries of a class file's constant pool: class names, descriptors and signatures among them. */
  private static List<String> constantStrings(InputStream raw) throws IOException {
    DataInputStream in = new DataInputStream(raw);
    if (in.readInt() != 0xCAFEBABE) {
      throw new IOException("not a class file");
    }
    in.readUnsignedShort();
    in.readUnsignedShort();
    int count = in.readUnsignedShort();
    List<String> out = new ArrayList<>();
    for (int i = 1; i < count; i++) {
      int tag = in.readUnsignedByte();
      switch (tag) {
        case 1 -> out.add(in.readUTF());
        case 7, 8, 16, 19, 20 -> in.skipNBytes(2);
        case 15 -> in.skipNBytes(3);
        case 3, 4, 9, 10, 11, 12, 17, 18 -> in.skipNBytes(4);
        case 5, 6 -> {
          in.skipNBytes(8);
          i++;
        }
        default -> throw new IOException("constant pool tag " + tag);
      }
    }
    return out;
  }
}
