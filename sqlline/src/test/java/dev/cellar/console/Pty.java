package dev.cellar.console;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A program run on a pseudo-terminal, as a person at a terminal runs it: {@code script} (from
 * util-linux) gives it a terminal of 120 by 40, keys are typed into it and its screen output
 * is read back without terminal control sequences.
 */
public final class Pty implements AutoCloseable {
  private final Process process;
  private final OutputStream keys;
  private final StringBuilder screen = new StringBuilder();
  private final Thread reader;
  private int mark;

  /** Starts {@code java -cp (this JVM's class path) mainClass args...} on a terminal, with {@code user.home} set. */
  public static Pty java(Path home, String mainClass, String... args) throws IOException {
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Duser.home=" + home, "-cp", System.getProperty("java.class.path"), mainClass));
    command.addAll(List.of(args));
    return new Pty(command);
  }

  private Pty(List<String> command) throws IOException {
    Path script = Path.of("/usr/bin/script");
    assertTrue(Files.isExecutable(script), "the terminal tests need util-linux's script at " + script);
    // A build started in the background (a CI job, `mvn ... &`) runs with SIGINT ignored, and an
    // ignored signal stays ignored in every child, even on a terminal of its own: env gives the
    // program the default disposition back, as a person's terminal would, so Ctrl-C reaches it.
    StringBuilder line = new StringBuilder("stty cols 120 rows 40; exec env --default-signal=INT");
    for (String c : command) {
      line.append(" '").append(c.replace("'", "'\\''")).append('\'');
    }
    ProcessBuilder pb = new ProcessBuilder(script.toString(), "-qfec", line.toString(), "/dev/null");
    pb.environment().put("TERM", "xterm-256color");
    process = pb.redirectErrorStream(true).start();
    keys = process.getOutputStream();
    InputStream in = process.getInputStream();
    reader = new Thread(() -> {
      byte[] b = new byte[8192];
      try {
        for (int n; (n = in.read(b)) > 0;) {
          synchronized (screen) {
            screen.append(new String(b, 0, n, StandardCharsets.UTF_8));
            screen.notifyAll();
          }
        }
      } catch (IOException e) {
        // the program ended
      }
    }, "pty-reader");
    reader.setDaemon(true);
    reader.start();
  }

  /** The Up key, as an xterm sends it once a line editor switched it to application cursor keys. */
  public static final String UP = "\u001bOA";

  /** Types {@code text}: {@code \r} is Enter, {@code \t} Tab, {@code \u0003} Ctrl-C, {@link #UP} Up. */
  public Pty type(String text) throws IOException {
    keys.write(text.getBytes(StandardCharsets.UTF_8));
    keys.flush();
    return this;
  }

  /**
   * Waits until the output after what the last {@code await} found (without control sequences)
   * contains {@code text}, and returns that output up to the end of {@code text}.
   */
  public String await(String text) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    synchronized (screen) {
      while (true) {
        String seen = plain(screen.substring(mark));
        int at = seen.indexOf(text);
        if (at >= 0) {
          // the next await reads on from just after the text found
          int end = mark;
          while (!plain(screen.substring(mark, end)).contains(text)) {
            end++;
          }
          mark = end;
          return seen.substring(0, at + text.length());
        }
        long left = deadline - System.nanoTime();
        if (left <= 0 || !process.isAlive() && !reader.isAlive()) {
          throw new AssertionError("no '" + text + "' on the terminal; it shows:\n" + seen);
        }
        screen.wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
      }
    }
  }

  /** Everything the program has written, without control sequences. */
  public String all() {
    synchronized (screen) {
      return plain(screen.toString());
    }
  }

  /** The program's exit status, waiting for it to end. */
  public int exitStatus() throws InterruptedException {
    assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the program did not end:\n" + all());
    return process.exitValue();
  }

  /** Text without ANSI control sequences and carriage returns. */
  static String plain(String s) {
    return s.replaceAll("\u001b\\[[0-9;?]*[ -/]*[@-~]", "").replaceAll("\u001b\\][^\u0007]*\u0007", "")
        .replaceAll("\u001b[=>]", "").replaceAll("\u001b[()][0-9A-Za-z]", "").replace("\r", "");
  }

  @Override
  public void close() {
    process.destroy();
    try {
      process.waitFor(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    process.destroyForcibly();
  }
}
