package dev.cellar.console.shell;

import dev.cellar.storage.CellarStore;
import dev.cellar.storage.TableDescriptor;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.jline.reader.Candidate;
import org.jline.reader.Completer;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.ParsedLine;
import org.jline.reader.UserInterruptException;
import org.jline.reader.impl.DefaultParser;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;

/**
 * The shell on a terminal, through JLine as SQLLine uses it: line editing, history kept in a
 * file across sessions (Up and Down, Ctrl-R), and Tab completion of command names, table names
 * (quoted) and option and setting names. Ctrl-C while a command runs stops it ({@code
 * Interrupted: ...}) and the prompt comes back; at the prompt it drops the line being typed and
 * any statement it continued. Ctrl-D on an empty line, {@code exit} or {@code quit} leave.
 */
final class ShellConsole {
  /** Option and family setting names Tab offers after the command. */
  static final List<String> OPTION_NAMES = List.of("NAME", "VERSIONS", "MIN_VERSIONS", "TTL", "BLOCKSIZE",
      "BLOCKCACHE", "IN_MEMORY", "BLOOMFILTER", "COMPRESSION", "METHOD", "SPLITS", "SPLITS_FILE", "NUMREGIONS",
      "SPLITALGO", "STARTROW", "STOPROW", "ROWPREFIXFILTER", "LIMIT", "REVERSED", "COLUMN", "COLUMNS", "TIMESTAMP",
      "TIMERANGE", "FILTER", "CACHE", "BATCH", "FORMATTER", "MAXLENGTH", "INTERVAL", "FOREVER");

  private ShellConsole() {}

  /**
   * Runs {@code shell} on the process's terminal until the user leaves.
   *
   * @param history the file of past lines, read at start and appended to
   * @return the shell's exit status
   */
  static int run(Shell shell, CellarStore store, Path history) throws IOException {
    try (Terminal terminal = TerminalBuilder.builder().system(true).nativeSignals(true).build()) {
      // while a command runs (not at the prompt, where the line reader handles it), Ctrl-C stops it
      terminal.handle(Terminal.Signal.INT, signal -> shell.interrupt());
      DefaultParser parser = new DefaultParser();
      // words as typed, quotes included, so that 't<Tab> completes to 't1'
      parser.setEscapeChars(new char[0]);
      parser.setQuoteChars(new char[0]);
      LineReader reader = LineReaderBuilder.builder().terminal(terminal).appName("cellar-shell").parser(parser)
          .completer(new Names(shell.commandNames(), store))
          .variable(LineReader.HISTORY_FILE, history)
          .option(LineReader.Option.DISABLE_EVENT_EXPANSION, true)
          .option(LineReader.Option.CASE_INSENSITIVE, true)
          .build();
      return shell.run(prompt -> {
        try {
          return reader.readLine(prompt);
        } catch (UserInterruptException e) {
          throw new Shell.LineDiscarded();
        } catch (EndOfFileException e) {
          return null;
        }
      });
    }
  }

  /** Command names first on the line; after them table names (quoted) and option names. */
  static final class Names implements Completer {
    private final Set<String> commands;
    private final CellarStore store;

    Names(Set<String> commands, CellarStore store) {
      this.commands = commands;
      this.store = store;
    }

    @Override
    public void complete(LineReader reader, ParsedLine line, List<Candidate> candidates) {
      if (line.wordIndex() == 0) {
        for (String c : commands) {
          candidates.add(new Candidate(c, c, null, null, null, null, true));
        }
        return;
      }
      Set<String> tables = new LinkedHashSet<>();
      try {
        for (TableDescriptor t : store.admin().listTables()) {
          tables.add(t.name());
        }
      } catch (RuntimeException e) {
        // no table names to offer
      }
      for (String t : tables) {
        String quoted = "'" + t + "'";
        candidates.add(new Candidate(quoted, quoted, null, "table", null, null, false));
      }
      for (String o : OPTION_NAMES) {
        candidates.add(new Candidate(o, o, null, null, null, null, false));
      }
    }
  }
}
