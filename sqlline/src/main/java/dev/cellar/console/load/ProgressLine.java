package dev.cellar.console.load;

import java.io.PrintStream;
import java.util.Locale;

/**
 * Shows an operation's progress: on a terminal one line rewritten in place ({@code \r}) with the
 * rows done, the percentage and time left when the total is known, and the rate; otherwise a
 * plain line every {@code every} milliseconds, for logs (the first one {@code every} milliseconds after
 * the start, so an operation quicker than that prints none).
 */
public final class ProgressLine {
  private final PrintStream out;
  private final boolean terminal;
  private final long everyMillis;
  private long lastPrinted;
  private int width;

  /**
   * @param terminal whether {@code out} is a terminal
   * @param everyMillis how often a plain line is printed when it is not
   */
  public ProgressLine(PrintStream out, boolean terminal, long everyMillis) {
    this.out = out;
    this.terminal = terminal;
    this.everyMillis = everyMillis;
    this.lastPrinted = System.currentTimeMillis();
  }

  /** Shows the progress of {@code label}: {@code done} rows of {@code total} (-1: not known) at {@code rate} rows/s. */
  public void show(String label, long done, long total, double rate) {
    long now = System.currentTimeMillis();
    if (!terminal && now - lastPrinted < everyMillis) {
      return;
    }
    lastPrinted = now;
    String line = text(label, done, total, rate);
    if (terminal) {
      StringBuilder b = new StringBuilder("\r").append(line);
      for (int i = line.length(); i < width; i++) {
        b.append(' ');
      }
      width = line.length();
      out.print(b);
    } else {
      out.println(line);
    }
    out.flush();
  }

  /** Ends the line in place, if one is shown. */
  public void end() {
    if (terminal && width > 0) {
      StringBuilder b = new StringBuilder("\r");
      for (int i = 0; i < width; i++) {
        b.append(' ');
      }
      out.print(b.append('\r'));
      out.flush();
      width = 0;
    }
  }

  /** {@code LOAD T: 120,000 rows (40%), 300,000 rows/s, 0:01 left}. */
  static String text(String label, long done, long total, double rate) {
    StringBuilder b = new StringBuilder(label).append(": ").append(String.format(Locale.ROOT, "%,d rows", done));
    if (total > 0) {
      b.append(String.format(Locale.ROOT, " of about %,d (%d%%)", total, Math.min(100, done * 100 / total)));
    }
    b.append(String.format(Locale.ROOT, ", %,.0f rows/s", rate));
    if (total > done && rate > 0) {
      long left = (long) Math.ceil((total - done) / rate);
      b.append(String.format(Locale.ROOT, ", %d:%02d left", left / 60, left % 60));
    }
    return b.toString();
  }
}
