package dev.cellar.console.shell;

import dev.cellar.storage.RegionInfo;
import dev.cellar.storage.TableDescriptor;
import java.util.List;
import java.util.Locale;

/** The general commands beyond help and exit: status, version, whoami, list_namespace and sleep. */
final class GeneralCommands {
  /** The version {@code version} prints. */
  static final String VERSION = "0.1.0";

  private GeneralCommands() {}

  static String status(Args a, Session s) {
    a.arity(0, 1);
    String format = a.size() == 0 ? "summary" : a.string(0, "'summary', 'simple' or 'detailed'");
    if (!List.of("summary", "simple", "detailed").contains(format)) {
      throw ShellSyntaxException.argument("status takes 'summary', 'simple' or 'detailed', not '" + format + "'",
          a.get(0));
    }
    List<TableDescriptor> tables = s.admin().listTables();
    long regions = 0;
    for (TableDescriptor t : tables) {
      regions += s.admin().regions(t.name()).size();
    }
    Output out = s.out();
    out.line(String.format(Locale.ROOT, "1 active master, 0 backup masters, 1 servers, 0 dead, %.4f average load",
        (double) regions));
    if (!format.equals("summary")) {
      out.line("1 live servers (the embedded store)");
      for (TableDescriptor t : tables) {
        List<RegionInfo> rs = s.admin().regions(t.name());
        long files = 0;
        long bytes = 0;
        for (RegionInfo r : rs) {
          files += r.storeFiles();
          bytes += r.storeFileBytes();
        }
        out.line("    " + t.name() + ": regions=" + rs.size() + ", storefiles=" + files + ", storefileBytes=" + bytes);
      }
    }
    return null;
  }

  static String version(Args a, Session s) {
    a.arity(0, 0);
    s.out().line(VERSION + ", Cellar embedded store, HBase shell syntax");
    return null;
  }

  static String whoami(Args a, Session s) {
    a.arity(0, 0);
    s.out().line(System.getProperty("user.name") + " (auth:SIMPLE)");
    return null;
  }

  static String listNamespace(Args a, Session s) {
    a.arity(0, 1);
    Output out = s.out();
    out.line("NAMESPACE");
    out.line("default");
    out.rows(1);
    return null;
  }

  static String sleep(Args a, Session s) {
    a.arity(1, 1);
    Value v = a.get(0);
    double seconds;
    if (v instanceof Value.Int n) {
      seconds = n.value();
    } else if (v instanceof Value.Flt f) {
      seconds = f.value();
    } else {
      throw ShellSyntaxException.argument("sleep takes a number of seconds, not "
          + (v instanceof Value.Str str ? "'" + str.text() + "'" : v.kind()), v);
    }
    if (!(seconds >= 0)) {
      throw ShellSyntaxException.argument("sleep takes a number of seconds not below 0, not " + seconds, v);
    }
    long end = System.nanoTime() + (long) (seconds * 1e9);
    while (true) {
      s.out().checkCancelled();
      long left = end - System.nanoTime();
      if (left <= 0) {
        return null;
      }
      try {
        Thread.sleep(Math.max(1, Math.min(50, left / 1_000_000)));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new Output.Cancelled();
      }
    }
  }
}
