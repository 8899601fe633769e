package dev.cellar.slt;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * SQLite's sqllogictest files as bundled by {@code net.hydromatic:sql-logic-test}, under
 * {@code test/} on the class path.
 */
final class SltCorpus {
  private static final String ROOT = "test/";

  private SltCorpus() {}

  /**
   * The files a selection names, relative to {@code test/}: {@code select} or {@code ci}
   * (select1-5, the longest first so that parallel files finish together), {@code evidence},
   * {@code all}, or a comma-separated list of files and directories.
   */
  static List<String> select(String selection) {
    TreeSet<String> all = new TreeSet<>(list());
    List<String> chosen = new ArrayList<>();
    for (String part : selection.split(",")) {
      String p = part.trim();
      if (p.isEmpty()) {
        continue;
      }
      if (p.equals("select") || p.equals("ci")) {
        for (int i : new int[] {5, 4, 3, 2, 1}) {
          add(chosen, "select" + i + ".test");
        }
        continue;
      }
      if (p.equals("all")) {
        all.forEach(f -> add(chosen, f));
        continue;
      }
      if (p.endsWith("/")) {
        p = p.substring(0, p.length() - 1);
      }
      if (all.contains(p)) {
        add(chosen, p);
      } else if (all.contains(p + ".test")) {
        add(chosen, p + ".test");
      } else {
        String dir = p + "/";
        List<String> under = all.stream().filter(f -> f.startsWith(dir)).toList();
        if (under.isEmpty()) {
          throw new IllegalArgumentException("no sqllogictest file or directory '" + p + "'");
        }
        under.forEach(f -> add(chosen, f));
      }
    }
    return chosen;
  }

  private static void add(List<String> chosen, String f) {
    if (!chosen.contains(f)) {
      chosen.add(f);
    }
  }

  static SltScript load(String file) {
    try (InputStream in = SltCorpus.class.getClassLoader().getResourceAsStream(ROOT + file)) {
      if (in == null) {
        throw new IllegalArgumentException("no sqllogictest file " + file);
      }
      return SltScript.parse(file, new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Every {@code .test} file of the corpus, relative to {@code test/}. */
  static List<String> list() {
    URL url = SltCorpus.class.getClassLoader().getResource(ROOT + "select1.test");
    if (url == null) {
      throw new IllegalStateException("net.hydromatic:sql-logic-test is not on the class path");
    }
    List<String> files = new ArrayList<>();
    try {
      if (url.getProtocol().equals("jar")) {
        JarURLConnection c = (JarURLConnection) url.openConnection();
        c.setUseCaches(false);
        try (JarFile jar = c.getJarFile()) {
          Enumeration<JarEntry> entries = jar.entries();
          while (entries.hasMoreElements()) {
            String name = entries.nextElement().getName();
            if (name.startsWith(ROOT) && name.endsWith(".test")) {
              files.add(name.substring(ROOT.length()));
            }
          }
        }
      } else {
        Path root = Path.of(url.toURI()).getParent();
        try (Stream<Path> s = Files.walk(root)) {
          s.filter(f -> f.toString().endsWith(".test"))
              .forEach(f -> files.add(root.relativize(f).toString().replace('\\', '/')));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
    files.sort(null);
    return files;
  }
}
