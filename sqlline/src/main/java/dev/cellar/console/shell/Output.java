package dev.cellar.console.shell;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

/**
 * Prints results the way the HBase shell does: a two-column table with a header
 * ({@code ROW  COLUMN+CELL}), rows inset by one space, byte strings as {@code toStringBinary},
 * then {@code N row(s)} and {@code Took S seconds}.
 */
final class Output {
  /** Width of the left column (the row key or column name), header included. */
  static final int LEFT_WIDTH = 28;

  private final PrintStream out;
  /** Set by Ctrl-C: the running command stops at its next line of output or row read. */
  private volatile boolean cancelled;

  Output(PrintStream out) {
    this.out = out;
  }

  /** Asks the running command to stop ({@link #checkCancelled} then throws). */
  void cancel() {
    cancelled = true;
  }

  /** Clears a request to stop, before a command runs. */
  void resetCancel() {
    cancelled = false;
  }

  /**
   * Stops the running command if {@link #cancel} was called: long commands call it for each row
   * they read, and each line printed does.
   *
   * @throws Cancelled if the command is to stop
   */
  void checkCancelled() {
    if (cancelled) {
      throw new Cancelled();
    }
  }

  /** Thrown in a command that Ctrl-C stopped. */
  static final class Cancelled extends RuntimeException {
    Cancelled() {
      super("interrupted", null, false, false);
    }
  }

  void line(String s) {
    checkCancelled();
    out.println(s);
  }

  void blank() {
    out.println();
  }

  /** The header of a two-column listing. */
  void header(String left, String right) {
    out.println(pad(left, LEFT_WIDTH) + " " + right);
  }

  /** One entry of a two-column listing. */
  void row(String left, String right) {
    checkCancelled();
    out.println(" " + pad(left, LEFT_WIDTH - 1) + " " + right);
  }

  /** {@code N row(s)}. */
  void rows(long n) {
    out.println(n + " row(s)");
  }

  /** {@code Took 0.0123 seconds}. */
  void took(long nanos) {
    out.println(String.format(Locale.ROOT, "Took %.4f seconds", nanos / 1e9));
  }

  /** The value a command returns, as irb echoes it: {@code => true}. */
  void returns(String ruby) {
    out.println("=> " + ruby);
  }

  /** A Ruby array of strings: {@code ["a", "b"]}. */
  static String rubyArray(List<String> items) {
    StringBuilder sb = new StringBuilder("[");
    for (String s : items) {
      if (sb.length() > 1) {
        sb.append(", ");
      }
      sb.append('"').append(s.replace("\\", "\\\\").replace("\"", "\\\"")).append('"');
    }
    return sb.append(']').toString();
  }

  /** A table of columns separated by {@code |}, right-aligned, as {@code list_regions} prints it. */
  void grid(List<String> headers, List<List<String>> rows) {
    int[] w = new int[headers.size()];
    for (int i = 0; i < w.length; i++) {
      w[i] = headers.get(i).length();
      for (List<String> r : rows) {
        w[i] = Math.max(w[i], r.get(i).length());
      }
    }
    gridLine(headers, w);
    StringBuilder dashes = new StringBuilder();
    for (int width : w) {
      dashes.append(' ').append("-".repeat(width)).append(" |");
    }
    out.println(dashes);
    for (List<String> r : rows) {
      gridLine(r, w);
    }
  }

  private void gridLine(List<String> cells, int[] w) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < w.length; i++) {
      sb.append(' ').append(" ".repeat(w[i] - cells.get(i).length())).append(cells.get(i)).append(" |");
    }
    out.println(sb);
  }

  static String pad(String s, int width) {
    return s.length() >= width ? s : s + " ".repeat(width - s.length());
  }

  /** How {@code get} and {@code scan} show byte strings: {@code FORMATTER => 'toStringBinary' | 'toString'}. */
  enum Format {
    TO_STRING_BINARY,
    TO_STRING;

    String show(byte[] b) {
      return this == TO_STRING ? new String(b, StandardCharsets.UTF_8) : Bytes.toStringBinary(b);
    }

    /** Parses a FORMATTER value. */
    static Format parse(Value v) {
      String name = Args.text(v, "FORMATTER");
      switch (name) {
        case "toStringBinary":
          return TO_STRING_BINARY;
        case "toString":
          return TO_STRING;
        default:
          throw ShellSyntaxException.argument("FORMATTER '" + name + "' is unknown; use 'toStringBinary' or 'toString'",
              v);
      }
    }
  }

  /** How one cell is shown in {@code get} and {@code scan}. */
  record CellFormat(Format format, int maxLength) {
    static final CellFormat DEFAULT = new CellFormat(Format.TO_STRING_BINARY, -1);

    String column(Cell c) {
      return format.show(c.family()) + ":" + format.show(c.qualifier());
    }

    /** {@code timestamp=..., value=...}. */
    String cell(Cell c) {
      String v = format.show(c.value());
      if (maxLength >= 0 && v.length() > maxLength) {
        v = v.substring(0, maxLength);
      }
      return "timestamp=" + c.timestamp() + ", value=" + v;
    }
  }
}
