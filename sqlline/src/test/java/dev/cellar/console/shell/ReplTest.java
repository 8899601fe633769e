package dev.cellar.console.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.storage.CellarStore;
import dev.cellar.storage.Get;
import dev.cellar.storage.embedded.EmbeddedStore;
import dev.cellar.storage.embedded.StoreOptions;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The read loop: echo, continuation lines, errors with carets, and surviving them; the entry point. */
class ReplTest {
  @Test
  void scriptTranscriptEchoesEachLineAndSurvivesErrors() {
    try (ShellHarness sh = new ShellHarness()) {
      String out = sh.script("""
          create 't1', 'f1'

          # a comment line
          create 't2' 'f1'
          put 't1', 'r1', 'f1:a', 'v1'
          frobnicate 't1'
          drop 't1'
          get 't1', 'r1'
          """);
      assertEquals("""
          cellar(main):001:0> create 't1', 'f1'
          Created table t1
          Took T seconds
          cellar(main):003:0> # a comment line
          cellar(main):004:0> create 't2' 'f1'
          ERROR: syntax error at column 13: unexpected string 'f1', expected ',' or the end of the command
          create 't2' 'f1'
                      ^
          cellar(main):005:0> put 't1', 'r1', 'f1:a', 'v1'
          Took T seconds
          cellar(main):006:0> frobnicate 't1'
          ERROR: syntax error at column 1: unknown command 'frobnicate'; type help for the list of commands
          frobnicate 't1'
          ^
          cellar(main):007:0> drop 't1'
          ERROR: Table t1 is enabled. Disable it first.
          cellar(main):008:0> get 't1', 'r1'
          COLUMN                       CELL
           f1:a                        timestamp=1000000, value=v1
          1 row(s)
          Took T seconds
          """, out);
      assertEquals(3, sh.shell.errors());
    }
  }

  @Test
  void statementsContinueOverLinesWhileABracketIsOpen() {
    try (ShellHarness sh = new ShellHarness()) {
      String out = sh.script("""
          create 't1',
            {NAME => 'f1',
             VERSIONS => 2}, SPLITS => [
            '5']
          list_regions 't1'
          """);
      assertTrue(out.contains("cellar(main):002:1>   {NAME => 'f1',\n"), out);
      assertTrue(out.contains("cellar(main):004:1>   '5']\nCreated table t1\n"), out);
      assertTrue(out.contains(" 2 rows"), out);
      assertEquals(2, sh.store.admin().describe("t1").family("f1").maxVersions());
    }
  }

  @Test
  void errorOnALaterLineOfAStatementNamesTheLineAndPutsTheCaretUnderTheToken() {
    try (ShellHarness sh = new ShellHarness()) {
      String out = sh.script("create 't1', {NAME => 'f1',\n  VERSIONS 2}\nlist\n");
      assertTrue(out.contains("""
          ERROR: syntax error at line 2, column 12: unexpected number 2, expected '=>' after the hash key
            VERSIONS 2}
                     ^
          cellar(main):003:0> list
          TABLE
          0 row(s)
          """), out);
    }
  }

  @Test
  void argumentErrorsPointIntoLaterLinesToo() {
    try (ShellHarness sh = new ShellHarness()) {
      sh.run("create 't1', 'f1'");
      String out = sh.script("scan 't1', {\n\tLIMIT => 'ten'}\n");
      assertTrue(out.contains("ERROR: LIMIT must be a whole number, not 'ten'\n\tLIMIT => 'ten'}\n\t         ^\n"
          + "For usage try 'help \"scan\"'\n"), out);
    }
  }

  @Test
  void theCaretSitsUnderTheTokenPastWideCharacters() {
    try (ShellHarness sh = new ShellHarness()) {
      sh.run("create 't1', 'f1'");
      String out = sh.script("put 't1', '中国', 'f1:q', 'v', {X => 1}\n");
      assertTrue(out.contains("\nput 't1', '中国', 'f1:q', 'v', {X => 1}\n" + " ".repeat(31) + "^\n"), out);
    }
  }

  @Test
  void unfinishedInputAtTheEndIsReported() {
    try (ShellHarness sh = new ShellHarness()) {
      String out = sh.script("list\nscan 't1', {LIMIT => 5\n");
      assertTrue(out.endsWith("ERROR: syntax error at column 12: unclosed '{'\nscan 't1', {LIMIT => 5\n"
          + "           ^\n"), out);
    }
  }

  @Test
  void exitStopsReading() {
    try (ShellHarness sh = new ShellHarness()) {
      String out = sh.script("list; exit\ncreate 't1', 'f1'\n");
      assertTrue(out.contains("TABLE"), out);
      assertTrue(!sh.store.admin().tableExists("t1"), out);
    }
  }

  @Test
  void stopOnErrorEndsWithStatusOne() throws Exception {
    try (CellarStore store = EmbeddedStore.open(StoreOptions.inMemory().build())) {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      Shell shell = new Shell(store, new PrintStream(bytes, true, StandardCharsets.UTF_8), false, true);
      int status = shell.run(new BufferedReader(new StringReader("create 't1', 'f1'\ndrop 't1'\ncreate 't2', 'f'\n")));
      assertEquals(1, status);
      assertTrue(!store.admin().tableExists("t2"));
      Shell lenient = new Shell(store, new PrintStream(bytes, true, StandardCharsets.UTF_8), false, false);
      assertEquals(0, lenient.run(new BufferedReader(new StringReader("drop 't1'\ncreate 't2', 'f'\n"))));
      assertTrue(store.admin().tableExists("t2"));
    }
  }

  @Test
  void interactiveModePromptsWithoutEchoing() throws Exception {
    try (CellarStore store = EmbeddedStore.open(StoreOptions.inMemory().build())) {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      Shell shell = new Shell(store, new PrintStream(bytes, true, StandardCharsets.UTF_8), true, false);
      shell.run(new BufferedReader(new StringReader("exists 't1'\nget 't1',\n'r'\n")));
      String out = bytes.toString(StandardCharsets.UTF_8).replaceAll("\\d+\\.\\d{4}", "T");
      assertEquals("cellar(main):001:0> Table t1 does not exist\nTook T seconds\n=> false\n"
          + "cellar(main):002:0> cellar(main):003:1> ERROR: Unknown table t1!\nget 't1',\n    ^\n"
          + "For usage try 'help \"get\"'\ncellar(main):004:0> \n", out);
    }
  }

  @Test
  void mainRunsAScriptOnADirectoryAndTheDataPersists(@TempDir Path tmp) throws Exception {
    Path dir = tmp.resolve("store");
    Path script = tmp.resolve("script.txt");
    Files.writeString(script, """
        create 'user', {NAME => 'info', VERSIONS => 1}, 'fans'
        put 'user', 'U1', 'info:nickname', 'ann'
        put 'user', 'U1', 'fans:U2', 'friend'
        scan 'user'
        """);
    PrintStream saved = System.out;
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    int status;
    try {
      System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
      status = ShellMain.run(new String[] {"-n", dir.toString(), script.toString()});
    } finally {
      System.setOut(saved);
    }
    String out = bytes.toString(StandardCharsets.UTF_8);
    assertEquals(0, status, out);
    assertTrue(out.contains(" U1                          column=info:nickname, timestamp="), out);
    assertTrue(out.contains("2 row(s)") || out.contains("1 row(s)"), out);
    try (CellarStore store = EmbeddedStore.open(StoreOptions.builder(dir).build())) {
      assertEquals("ann", store.table("user").get(new Get("U1")).valueAsString("info", "nickname"));
    }
  }
}
