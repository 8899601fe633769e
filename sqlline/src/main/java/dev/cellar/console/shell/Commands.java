package dev.cellar.console.shell;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Every shell command by name, and the {@code help} command over them. */
final class Commands {
  /** Help groups in the order {@code help} lists them. */
  static final List<String> GROUPS = List.of("general", "ddl", "dml", "tools");

  private final Map<String, CommandSpec> byName = new TreeMap<>();

  Commands() {
    List<CommandSpec> all = new ArrayList<>();
    all.addAll(general());
    all.addAll(TableCommands.specs());
    all.addAll(DataCommands.specs());
    all.addAll(RegionCommands.specs());
    for (CommandSpec c : all) {
      if (byName.put(c.name(), c) != null) {
        throw new IllegalStateException("command " + c.name() + " is defined twice");
      }
    }
  }

  /** The command called {@code name}, or {@code null}. */
  CommandSpec get(String name) {
    return byName.get(name);
  }

  Collection<CommandSpec> all() {
    return byName.values();
  }

  private List<CommandSpec> general() {
    return List.of(
        new CommandSpec("help", "general", """
            Shows the commands, or the help of one command or group.

              help
              help 'get'
              help 'ddl'
            """, false, this::help),
        new CommandSpec("exit", "general", """
            Leaves the shell (end of input does too).

              exit
            """, false, (a, s) -> null),
        new CommandSpec("quit", "general", """
            Same as exit.

              quit
            """, false, (a, s) -> null),
        CommandSpec.of("status", "general", """
            Shows the store's state: 'summary' (the default) in one line as HBase prints it
            (one process serves as master and region server), 'simple' or 'detailed' with a
            line per table (regions, store files, bytes).

              status
              status 'simple'
            """, GeneralCommands::status),
        CommandSpec.of("version", "general", """
            Shows the version of Cellar.

              version
            """, GeneralCommands::version),
        CommandSpec.of("whoami", "general", """
            Shows the user the shell runs as (the embedded store has no other users).

              whoami
            """, GeneralCommands::whoami),
        CommandSpec.of("list_namespace", "general", """
            Lists the namespaces: only 'default', since the embedded store has no others.

              list_namespace
            """, GeneralCommands::listNamespace),
        CommandSpec.of("sleep", "general", """
            Waits the given seconds (a fraction too), as Ruby's sleep in the HBase shell;
            Ctrl-C ends it.

              sleep 2
              sleep 0.5
            """, GeneralCommands::sleep));
  }

  private String help(Args a, Session s) {
    a.arity(0, 1);
    Output out = s.out();
    if (a.size() == 1) {
      String topic = a.string(0, "command or group name");
      CommandSpec c = byName.get(topic);
      if (c != null) {
        out.line(c.help().stripTrailing());
        return null;
      }
      if (topic.equals("filters")) {
        out.line("FILTER => \"...\" (get, scan, count) takes HBase's filter language: Name('arg', ...)");
        out.line("joined by AND and OR (AND first; parentheses group). Compare filters take an operator");
        out.line("(<, <=, =, !=, >=, >) and a comparator 'binary:v', 'binaryprefix:v', 'regexstring:re'");
        out.line("or 'substring:s'. Filters: " + FilterParser.SUPPORTED + ".");
        out.blank();
        out.line("  scan 't1', {FILTER => \"PrefixFilter('r') AND KeyOnlyFilter()\"}");
        out.line("  scan 't1', {FILTER => \"SingleColumnValueFilter('f', 'q', =, 'binary:v', true, true)\"}");
        out.line("  scan 't1', {FILTER => \"(RowFilter(<, 'binary:b') OR ValueFilter(=, 'substring:x')) AND PageFilter(10)\"}");
        return null;
      }
      if (GROUPS.contains(topic)) {
        out.line("Command group: " + topic);
        for (CommandSpec g : byName.values()) {
          if (g.group().equals(topic)) {
            out.blank();
            out.line("Command: " + g.name());
            out.line(g.help().stripTrailing());
          }
        }
        return null;
      }
      throw ShellSyntaxException.argument("no command or group called '" + topic + "'; try help", a.get(0));
    }
    out.line("Cellar shell: the HBase shell's commands over an embedded Cellar store.");
    out.line("Type 'help \"COMMAND\"' (e.g. 'help \"get\"') for help on one command,");
    out.line("or 'help \"GROUP\"' (e.g. 'help \"ddl\"') for every command of a group.");
    out.blank();
    out.line("COMMAND GROUPS:");
    Map<String, List<String>> groups = new LinkedHashMap<>();
    for (String g : GROUPS) {
      groups.put(g, new ArrayList<>());
    }
    for (CommandSpec c : byName.values()) {
      groups.get(c.group()).add(c.name());
    }
    for (Map.Entry<String, List<String>> g : groups.entrySet()) {
      out.line("  Group name: " + g.getKey());
      out.line("  Commands: " + String.join(", ", g.getValue()));
      out.blank();
    }
    out.line("SHELL USAGE:");
    out.line("Quote table names, rows, columns and values: 'single' quotes take text as is,");
    out.line("\"double\" quotes take escapes such as \\n and \\xNN (one byte, as values are printed).");
    out.line("Options are hashes: {NAME => 'f', VERSIONS => 1}; braces may be left out when the");
    out.line("hash comes last: create 't1', 'f1', SPLITS => ['10', '20']. Lists are arrays: ['a', 'b'].");
    out.line("A statement may continue over several lines while a bracket or quote is open;");
    out.line("';' separates statements on one line and '#' starts a comment.");
    out.line("help 'filters' describes the filter language of FILTER => \"...\".");
    return null;
  }
}
