package dev.cellar.console.shell;

import dev.cellar.storage.CellarStore;
import dev.cellar.storage.StorageException;
import dev.cellar.storage.embedded.EmbeddedStore;
import dev.cellar.storage.embedded.StoreOptions;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * {@code cellar shell [-n] [DIR [SCRIPT]]}: opens the embedded store in {@code DIR} (default
 * {@code ~/.cellar/shell}, created if missing) and runs the shell on it, reading {@code SCRIPT}
 * or standard input. Interactive (with a prompt) when reading a terminal; otherwise each input
 * line is echoed before its output. {@code -n} stops at the first error with exit status 1. On
 * a terminal the shell has line editing, history ({@code ~/.cellar/shell_history}) and completion
 * ({@link ShellConsole}).
 */
public final class ShellMain {
  private ShellMain() {}

  public static void main(String[] args) {
    System.exit(run(args));
  }

  static int run(String[] args) {
    boolean stopOnError = false;
    Path dir = null;
    Path script = null;
    for (String a : args) {
      if (a.equals("-n") || a.equals("--noninteractive")) {
        stopOnError = true;
      } else if (a.equals("-h") || a.equals("--help")) {
        System.out.println("usage: cellar shell [-n] [DIR [SCRIPT]]");
        System.out.println("  DIR     the store's directory (default ~/.cellar/shell), created if missing");
        System.out.println("  SCRIPT  statements to run instead of reading standard input");
        System.out.println("  -n      stop at the first error, with exit status 1");
        return 0;
      } else if (a.startsWith("-")) {
        System.err.println("cellar shell: unknown option " + a);
        return 2;
      } else if (dir == null) {
        dir = Paths.get(a);
      } else if (script == null) {
        script = Paths.get(a);
      } else {
        System.err.println("cellar shell: too many arguments");
        return 2;
      }
    }
    if (dir == null) {
      dir = Paths.get(System.getProperty("user.home"), ".cellar", "shell");
    }
    PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
    boolean interactive = script == null && System.console() != null;
    try (BufferedReader in = script != null ? Files.newBufferedReader(script, StandardCharsets.UTF_8)
        : new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
      CellarStore store;
      try {
        store = EmbeddedStore.open(StoreOptions.builder(dir).build());
      } catch (StorageException | UncheckedIOException e) {
        System.err.println("cellar shell: " + e.getMessage());
        return 1;
      }
      Thread closer = new Thread(store::close, "cellar-shell-close");
      Runtime.getRuntime().addShutdownHook(closer);
      try {
        Shell shell = new Shell(store, out, interactive, stopOnError);
        if (interactive) {
          out.println("Cellar shell over the store in " + dir.toAbsolutePath());
          out.println("Enter 'help' for the list of commands; Tab completes, Ctrl-C stops a command,"
              + " 'exit' or Ctrl-D leaves.");
          Path history = Paths.get(System.getProperty("user.home"), ".cellar", "shell_history");
          Files.createDirectories(history.getParent());
          return ShellConsole.run(shell, store, history);
        }
        return shell.run(in);
      } finally {
        store.close();
        Runtime.getRuntime().removeShutdownHook(closer);
      }
    } catch (IOException e) {
      System.err.println("cellar shell: " + e.getMessage());
      return 1;
    }
  }
}
