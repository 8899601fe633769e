package dev.cellar.console.shell;

import dev.cellar.storage.CellarStore;
import dev.cellar.storage.embedded.EmbeddedStore;
import dev.cellar.storage.embedded.StoreOptions;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A shell over an in-memory store with a controllable clock, whose output is read back after
 * each statement with {@code Took} times replaced by {@code Took T seconds}.
 */
final class ShellHarness implements AutoCloseable {
  /** The store's clock in milliseconds; starts at 1,000,000. */
  final AtomicLong clock = new AtomicLong(1_000_000L);
  final CellarStore store = EmbeddedStore.open(StoreOptions.inMemory().clock(clock::get).build());
  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
  private final PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
  final Shell shell = new Shell(store, out, false, false);

  /** Runs {@code text} and returns what it printed. */
  String run(String text) {
    shell.execute(text);
    return take();
  }

  /** Runs a script through the read loop (echoing lines) and returns the transcript. */
  String script(String text) {
    try {
      shell.run(new BufferedReader(new StringReader(text)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return take();
  }

  private String take() {
    String s = bytes.toString(StandardCharsets.UTF_8).replaceAll("Took \\d+\\.\\d{4} seconds", "Took T seconds");
    bytes.reset();
    return s;
  }

  @Override
  public void close() {
    store.close();
  }
}
