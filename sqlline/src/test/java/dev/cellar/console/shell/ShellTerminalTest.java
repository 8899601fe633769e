package dev.cellar.console.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.console.Pty;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cellar shell} on a pseudo-terminal: Tab completion, Ctrl-C stopping a command and
 * dropping a half-typed statement, history (Up, and across sessions), Ctrl-D leaving.
 */
class ShellTerminalTest {
  @TempDir
  Path home;

  @Test
  void completionCtrlCAndHistoryOnATerminal() throws Exception {
    Path store = home.resolve("store");
    try (Pty t = Pty.java(home, ShellMain.class.getName(), store.toString())) {
      t.await("cellar(main):001:0> ");
      t.type("create 't1', 'f1'\r").await("Created table t1");
      // Tab completes a command name, then a quoted table name
      t.type("list_na\t\r").await("NAMESPACE\ndefault\n1 row(s)");
      t.type("describe 't\t\r").await("VERSIONS => '1'");
      // Ctrl-C stops the running command; the shell prompts again and goes on
      t.type("sleep 60\r").await("sleep 60");
      Thread.sleep(1000);
      long start = System.nanoTime();
      String stopped = t.type("\u0003").await("Interrupted: sleep stopped after ");
      assertTrue(System.nanoTime() - start < 30_000_000_000L, stopped);
      t.await("> ");
      // Ctrl-C at the prompt drops a statement being continued over lines
      t.type("scan 't1', {\r").await(":1> ");
      t.type("\u0003").await(":0> ");
      t.type("exists 't1'\r").await("Table t1 does exist");
      // Up brings back the last line
      t.await(":0> ");
      t.type(Pty.UP + "\r").await("Table t1 does exist");
      t.await(":0> ");
      t.type("\u0004");
      assertEquals(0, t.exitStatus(), t.all());
    }
    String history = Files.readString(home.resolve(".cellar").resolve("shell_history"));
    assertTrue(history.contains("create 't1', 'f1'") && history.contains("sleep 60"), history);
    // the history outlives the session
    try (Pty t = Pty.java(home, ShellMain.class.getName(), store.toString())) {
      t.await("cellar(main):001:0> ");
      t.type(Pty.UP + "\r").await("Table t1 does exist");
      t.type("exit\r");
      assertEquals(0, t.exitStatus(), t.all());
    }
  }
}
