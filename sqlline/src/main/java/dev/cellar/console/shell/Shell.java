package dev.cellar.console.shell;

import dev.cellar.storage.CellarStore;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/**
 * The read-run-print loop of the shell over one open store.
 *
 * <p>Interactive mode prints a prompt ({@code cellar(main):001:0> }) before each line;
 * otherwise each non-blank line is echoed after its prompt, so that a script's output reads
 * as a transcript. A statement continues over several lines while a quote or bracket is open
 * or the line ends with {@code ,} or {@code =>} (the prompt's last digit is then 1). Errors
 * print {@code ERROR: ...} (with a caret under the offending token when there is one) and the
 * loop goes on, unless the shell was told to stop at the first error.
 */
public final class Shell {
  private final Commands commands = new Commands();
  private final Session session;
  private final PrintStream out;
  private final boolean interactive;
  private final boolean stopOnError;
  private int lines;
  private int errors;

  /**
   * A shell over {@code store}.
   *
   * @param out where results and errors go
   * @param interactive whether to prompt (rather than echo input lines)
   * @param stopOnError whether the first error ends {@link #run}
   */
  public Shell(CellarStore store, PrintStream out, boolean interactive, boolean stopOnError) {
    this.session = new Session(store, new Output(out));
    this.out = out;
    this.interactive = interactive;
    this.stopOnError = stopOnError;
  }

  /**
   * Reads and runs statements until {@code exit}, {@code quit} or the end of input.
   *
   * @return 0, or 1 if an error stopped the shell (only when stopping on errors)
   */
  public int run(BufferedReader in) throws IOException {
    return run(prompt -> {
      if (interactive) {
        out.print(prompt);
        out.flush();
      }
      return in.readLine();
    });
  }

  /** Where the loop reads lines: a stream, or a line editor on a terminal. */
  interface Input {
    /**
     * Reads a line after {@code prompt}.
     *
     * @return the line, or null at the end of input
     * @throws LineDiscarded when the line being typed was discarded (Ctrl-C at the prompt)
     */
    String read(String prompt) throws IOException;
  }

  /** Thrown by an {@link Input} when the line being typed, and any statement it continued, is dropped. */
  static final class LineDiscarded extends IOException {
    LineDiscarded() {
      super("line discarded");
    }
  }

  /**
   * Stops the running command, as Ctrl-C does: it ends at its next row read or line printed
   * with {@code Interrupted}, and the loop reads the next statement. Safe from any thread.
   */
  public void interrupt() {
    session.out().cancel();
  }

  /** Reads and runs statements from {@code in}, as {@link #run(BufferedReader)}. */
  int run(Input in) throws IOException {
    StringBuilder pending = new StringBuilder();
    while (true) {
      lines++;
      String prompt = String.format(Locale.ROOT, "cellar(main):%03d:%d> ", lines, pending.length() > 0 ? 1 : 0);
      String line;
      try {
        line = in.read(prompt);
      } catch (LineDiscarded e) {
        pending.setLength(0);
        continue;
      }
      if (line == null) {
        if (interactive) {
          out.println();
        }
        if (!pending.toString().isBlank()) {
          try {
            Parser.parse(pending.toString());
          } catch (ShellSyntaxException e) {
            report(e, pending.toString(), null);
            return stopOnError ? 1 : 0;
          }
        }
        return 0;
      }
      if (!interactive && !line.isBlank()) {
        out.println(prompt + line);
      }
      if (pending.length() > 0) {
        pending.append('\n');
      }
      pending.append(line);
      String text = pending.toString();
      List<Statement> statements;
      try {
        statements = Parser.parse(text);
      } catch (ShellSyntaxException e) {
        if (e.isIncomplete()) {
          continue;
        }
        pending.setLength(0);
        report(e, text, null);
        if (stopOnError) {
          return 1;
        }
        continue;
      }
      pending.setLength(0);
      for (Statement st : statements) {
        if (st.command().equals("exit") || st.command().equals("quit")) {
          return 0;
        }
        if (!execute(st, text) && stopOnError) {
          return 1;
        }
      }
    }
  }

  /**
   * Parses and runs {@code text} (one or more complete statements), printing results and
   * errors. {@code exit} is ignored.
   *
   * @return whether every statement succeeded
   */
  public boolean execute(String text) {
    List<Statement> statements;
    try {
      statements = Parser.parse(text);
    } catch (ShellSyntaxException e) {
      report(e, text, null);
      return false;
    }
    boolean ok = true;
    for (Statement st : statements) {
      ok &= execute(st, text);
    }
    return ok;
  }

  /** The names of the commands, in order. */
  java.util.Set<String> commandNames() {
    java.util.Set<String> names = new java.util.TreeSet<>();
    for (CommandSpec c : commands.all()) {
      names.add(c.name());
    }
    return names;
  }

  /** Number of errors reported so far. */
  public int errors() {
    return errors;
  }

  private boolean execute(Statement st, String text) {
    CommandSpec spec = commands.get(st.command());
    if (spec == null) {
      report(ShellSyntaxException.syntax("unknown command '" + st.command() + "'; type help for the list of commands",
          st.pos()), text, null);
      return false;
    }
    long start = System.nanoTime();
    session.out().resetCancel();
    try {
      String returned = spec.body().run(new Args(st), session);
      if (spec.timed()) {
        session.out().took(System.nanoTime() - start);
      }
      if (returned != null) {
        session.out().returns(returned);
      }
      return true;
    } catch (ShellSyntaxException e) {
      report(e, text, spec);
    } catch (Output.Cancelled e) {
      errors++;
      session.out().resetCancel();
      out.println("Interrupted: " + spec.name() + " stopped after " + String.format(Locale.ROOT, "%.4f",
          (System.nanoTime() - start) / 1e9) + " seconds");
    } catch (RuntimeException e) {
      errors++;
      String m = e.getMessage();
      out.println("ERROR: " + (m == null || m.isBlank() ? e.getClass().getSimpleName() : m));
    }
    return false;
  }

  private void report(ShellSyntaxException e, String text, CommandSpec spec) {
    errors++;
    int at = e.offset();
    if (at < 0 || at > text.length()) {
      out.println("ERROR: " + e.getMessage());
    } else {
      int lineStart = text.lastIndexOf('\n', at - 1) + 1;
      int lineEnd = text.indexOf('\n', at);
      String line = text.substring(lineStart, lineEnd < 0 ? text.length() : lineEnd);
      int column = at - lineStart + 1;
      int lineNo = 1 + (int) text.substring(0, lineStart).chars().filter(c -> c == '\n').count();
      String where = (lineNo > 1 || text.indexOf('\n') >= 0 ? "line " + lineNo + ", " : "") + "column " + column;
      out.println("ERROR: " + (e.isSyntax() ? "syntax error at " + where + ": " : "") + e.getMessage());
      out.println(line);
      // the caret sits under the token on a terminal: a wide character (中) takes two columns
      StringBuilder caret = new StringBuilder();
      for (int i = 0; i < column - 1; i = line.offsetByCodePoints(i, 1)) {
        int cp = line.codePointAt(i);
        caret.append(cp == '\t' ? "\t" : " ".repeat(Math.max(0, org.jline.utils.WCWidth.wcwidth(cp))));
      }
      out.println(caret.append('^'));
    }
    if (spec != null) {
      out.println("For usage try 'help \"" + spec.name() + "\"'");
    }
  }
}
