package dev.cellar.console.shell;

import dev.cellar.storage.Admin;
import dev.cellar.storage.ColumnFamilyDescriptor;
import dev.cellar.storage.TableDescriptor;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/** The data-definition commands: create, alter, describe, list, exists, enable/disable, drop, truncate. */
final class TableCommands {
  private static final String TABLE_OPTIONS = "SPLITS, SPLITS_FILE, NUMREGIONS, SPLITALGO";

  private TableCommands() {}

  static List<CommandSpec> specs() {
    return List.of(
        CommandSpec.of("create", "ddl", """
            Creates a table. Pass the table name and one or more column families: a name
            for default settings, or a hash of settings. Table options (pre-split points)
            come last. Family settings: VERSIONS, MIN_VERSIONS, TTL, BLOCKSIZE, BLOCKCACHE,
            IN_MEMORY, BLOOMFILTER (NONE, ROW, ROWCOL), COMPRESSION (NONE, SNAPPY, GZ).
            Table options: SPLITS => [keys], SPLITS_FILE => 'file' (a key a line), or
            NUMREGIONS => n with SPLITALGO => 'HexStringSplit' | 'DecimalStringSplit' | 'UniformSplit'.

              create 't1', 'f1', 'f2'
              create 'mytable', {NAME => 'colfam1', VERSIONS => 1, TTL => '18000'}
              create 'mytable', {NAME => 'colfam1', BLOOMFILTER => 'ROWCOL'}
              create 't1', 'f1', SPLITS => ['10', '20', '30', '40']
              create 't1', {NAME => 'f1', TTL => 180}, {NAME => 'f2', TTL => 240}, SPLITS => ['10', '20']
              create 't1', 'f1', {NUMREGIONS => 8, SPLITALGO => 'HexStringSplit'}
            """, TableCommands::create),
        CommandSpec.of("alter", "ddl", """
            Adds, changes or deletes column families; the table stays online. A hash with
            NAME changes that family's given settings (or adds the family if it is new);
            METHOD => 'delete' or 'delete' => 'f' deletes a family and its cells.
            Compression, block size and bloom filter apply to files written from now on.

              alter 't1', NAME => 'f1', VERSIONS => 5
              alter 't1', 'f2', {NAME => 'f3', TTL => 3600}
              alter 't1', NAME => 'f1', METHOD => 'delete'
              alter 't1', 'delete' => 'f1'
            """, TableCommands::alter),
        CommandSpec.of("describe", "ddl", """
            Shows whether a table is enabled and every setting of each column family.

              describe 't1'
            """, TableCommands::describe),
        CommandSpec.of("desc", "ddl", """
            Same as describe.

              desc 't1'
            """, TableCommands::describe),
        CommandSpec.of("list", "ddl", """
            Lists the tables, optionally those whose names match a regular expression.

              list
              list 'user.*'
            """, TableCommands::list),
        CommandSpec.of("exists", "ddl", """
            Whether a table exists.

              exists 't1'
            """, TableCommands::exists),
        CommandSpec.of("disable", "ddl", """
            Takes a table offline: reads and writes fail until it is enabled.

              disable 't1'
            """, TableCommands::disable),
        CommandSpec.of("enable", "ddl", """
            Brings a disabled table back online.

              enable 't1'
            """, TableCommands::enable),
        CommandSpec.of("is_enabled", "ddl", """
            Whether a table is enabled.

              is_enabled 't1'
            """, (a, s) -> isEnabled(a, s, true)),
        CommandSpec.of("is_disabled", "ddl", """
            Whether a table is disabled.

              is_disabled 't1'
            """, (a, s) -> isEnabled(a, s, false)),
        CommandSpec.of("drop", "ddl", """
            Drops a table and all its data. The table must be disabled first.

              disable 't1'
              drop 't1'
            """, TableCommands::drop),
        CommandSpec.of("truncate", "ddl", """
            Removes every row of a table, keeping its column families (the table goes back
            to one region).

              truncate 't1'
            """, (a, s) -> truncate(a, s, false)),
        CommandSpec.of("truncate_preserve", "ddl", """
            Removes every row of a table, keeping its column families and region boundaries.

              truncate_preserve 't1'
            """, (a, s) -> truncate(a, s, true)));
  }

  static String create(Args a, Session s) {
    a.arity(2, Integer.MAX_VALUE);
    String name = a.string(0, "table name");
    TableDescriptor.Builder table = TableDescriptor.newBuilder(name);
    Set<String> families = new LinkedHashSet<>();
    byte[][] splits = new byte[0][];
    boolean splitsGiven = false;
    for (int i = 1; i < a.size(); i++) {
      Value v = a.get(i);
      ColumnFamilyDescriptor family;
      if (v instanceof Value.Str str) {
        family = FamilySpecs.of(str);
      } else if (v instanceof Value.Hash h && FamilySpecs.namesFamily(h)) {
        family = FamilySpecs.build(h, null);
      } else if (v instanceof Value.Hash h) {
        if (splitsGiven) {
          throw ShellSyntaxException.argument("table options are given twice", v);
        }
        Options o = new Options("create", h);
        splits = PreSplits.from(o);
        o.finish(TABLE_OPTIONS + " (or NAME => 'family' for a column family)");
        splitsGiven = true;
        continue;
      } else {
        throw ShellSyntaxException.argument("expected a column family name or {NAME => 'family', ...}, not "
            + v.kind(), v);
      }
      if (!families.add(family.name())) {
        throw ShellSyntaxException.argument("column family '" + family.name() + "' is given twice", v);
      }
      table.family(family);
    }
    if (families.isEmpty()) {
      throw ShellSyntaxException.argument("table '" + name + "' needs at least one column family", a.get(a.size() - 1));
    }
    s.admin().createTable(table.build(), splits);
    s.out().line("Created table " + name);
    return null;
  }

  static String alter(Args a, Session s) {
    a.arity(2, Integer.MAX_VALUE);
    String name = s.existingTable(a, 0);
    Admin admin = s.admin();
    // Validate every spec against the evolving descriptor before changing anything.
    TableDescriptor.Builder next = admin.describe(name).toBuilder();
    List<Runnable> changes = new ArrayList<>();
    for (int i = 1; i < a.size(); i++) {
      Value v = a.get(i);
      if (v instanceof Value.Str str) {
        ColumnFamilyDescriptor f = FamilySpecs.of(str);
        if (!next.build().hasFamily(f.name())) {
          next.family(f);
          changes.add(() -> admin.addFamily(name, f));
        }
        continue;
      }
      if (!(v instanceof Value.Hash h)) {
        throw ShellSyntaxException.argument("expected a column family name or {NAME => 'family', ...}, not "
            + v.kind(), v);
      }
      Options o = new Options("alter", h);
      String deleted = o.string("delete");
      String method = o.string("METHOD");
      if (deleted == null && method != null) {
        if (!method.equals("delete")) {
          throw ShellSyntaxException.argument("METHOD '" + method + "' is not supported; only 'delete' is", v);
        }
        deleted = FamilySpecs.name(h);
        o.take("NAME");
      }
      if (deleted != null) {
        o.finish("NAME, METHOD");
        String family = deleted;
        if (!next.build().hasFamily(family)) {
          throw ShellSyntaxException.argument("table '" + name + "' has no column family '" + family + "'", v);
        }
        next.removeFamily(family);
        changes.add(() -> admin.deleteFamily(name, family));
        continue;
      }
      if (!FamilySpecs.namesFamily(h)) {
        Value.Pair first = h.pairs().get(0);
        throw ShellSyntaxException.argument("table setting " + first.name() + " is not supported; alter takes column"
            + " families: {NAME => 'family', ...}", first.key());
      }
      String family = FamilySpecs.name(h);
      TableDescriptor sofar = next.build();
      ColumnFamilyDescriptor f = FamilySpecs.build(h, sofar.family(family));
      boolean exists = sofar.hasFamily(family);
      next.family(f);
      changes.add(() -> {
        if (exists) {
          admin.modifyFamily(name, f);
        } else {
          admin.addFamily(name, f);
        }
      });
    }
    next.build();
    int regions = admin.regions(name).size();
    s.out().line("Updating all regions with the new schema...");
    for (Runnable c : changes) {
      c.run();
    }
    s.out().line(regions + "/" + regions + " regions updated.");
    s.out().line("Done.");
    return null;
  }

  static String describe(Args a, Session s) {
    a.arity(1, 1);
    String name = s.existingTable(a, 0);
    TableDescriptor d = s.admin().describe(name);
    Output out = s.out();
    out.line("Table " + name + " is " + (s.admin().isTableEnabled(name) ? "ENABLED" : "DISABLED"));
    out.line(name);
    out.line("COLUMN FAMILIES DESCRIPTION");
    for (ColumnFamilyDescriptor f : d.families()) {
      out.line(f.toString());
    }
    out.blank();
    out.rows(d.families().size());
    return null;
  }

  static String list(Args a, Session s) {
    a.arity(0, 1);
    Pattern p = null;
    if (a.size() == 1) {
      String regex = a.string(0, "table name pattern");
      try {
        p = Pattern.compile(regex);
      } catch (PatternSyntaxException e) {
        throw ShellSyntaxException.argument("bad regular expression: " + e.getDescription(), a.get(0));
      }
    }
    List<String> names = new ArrayList<>();
    for (TableDescriptor d : s.admin().listTables()) {
      if (p == null || p.matcher(d.name()).matches()) {
        names.add(d.name());
      }
    }
    s.out().line("TABLE");
    names.forEach(s.out()::line);
    s.out().rows(names.size());
    return Output.rubyArray(names);
  }

  static String exists(Args a, Session s) {
    a.arity(1, 1);
    String name = a.string(0, "table name");
    boolean exists = s.admin().tableExists(name);
    s.out().line("Table " + name + " " + (exists ? "does exist" : "does not exist"));
    return Boolean.toString(exists);
  }

  static String disable(Args a, Session s) {
    a.arity(1, 1);
    s.admin().disableTable(s.existingTable(a, 0));
    return null;
  }

  static String enable(Args a, Session s) {
    a.arity(1, 1);
    s.admin().enableTable(s.existingTable(a, 0));
    return null;
  }

  static String isEnabled(Args a, Session s, boolean enabled) {
    a.arity(1, 1);
    boolean answer = s.admin().isTableEnabled(s.existingTable(a, 0)) == enabled;
    s.out().line(Boolean.toString(answer));
    return Boolean.toString(answer);
  }

  static String drop(Args a, Session s) {
    a.arity(1, 1);
    String name = s.existingTable(a, 0);
    if (s.admin().isTableEnabled(name)) {
      throw new IllegalStateException("Table " + name + " is enabled. Disable it first.");
    }
    s.admin().deleteTable(name);
    return null;
  }

  static String truncate(Args a, Session s, boolean preserveSplits) {
    a.arity(1, 1);
    String name = s.existingTable(a, 0);
    s.out().line("Truncating '" + name + "' table (it may take a while):");
    s.out().line("Disabling table...");
    s.out().line("Truncating table...");
    s.admin().truncateTable(name, preserveSplits);
    return null;
  }
}
