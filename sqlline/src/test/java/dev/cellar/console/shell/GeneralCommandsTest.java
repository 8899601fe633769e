package dev.cellar.console.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** status, version, whoami, list_namespace, sleep and stopping a command; the versions new families keep. */
class GeneralCommandsTest {
  @Test
  void statusVersionWhoamiAndNamespaces() {
    try (ShellHarness sh = new ShellHarness()) {
      sh.run("create 't1', 'f1', SPLITS => ['m']; create 't2', 'f'");
      assertEquals("1 active master, 0 backup masters, 1 servers, 0 dead, 3.0000 average load\nTook T seconds\n",
          sh.run("status"));
      String simple = sh.run("status 'simple'");
      assertTrue(simple.contains("\n    t1: regions=2, storefiles=0, storefileBytes=0\n    t2: regions=1,"), simple);
      assertTrue(sh.run("status 'full'").startsWith("ERROR: status takes 'summary', 'simple' or 'detailed', not 'full'"));
      assertEquals(GeneralCommands.VERSION + ", Cellar embedded store, HBase shell syntax\nTook T seconds\n",
          sh.run("version"));
      assertEquals(System.getProperty("user.name") + " (auth:SIMPLE)\nTook T seconds\n", sh.run("whoami"));
      assertEquals("NAMESPACE\ndefault\n1 row(s)\nTook T seconds\n", sh.run("list_namespace"));
      assertTrue(sh.run("help 'general'").contains("Command: list_namespace"));
    }
  }

  @Test
  void newFamiliesKeepOneVersionAsInHBase() {
    try (ShellHarness sh = new ShellHarness()) {
      sh.run("create 't1', 'f1', {NAME => 'f2', TTL => 60}, {NAME => 'f3', VERSIONS => 4}");
      assertEquals(1, sh.store.admin().describe("t1").family("f1").maxVersions());
      assertEquals(1, sh.store.admin().describe("t1").family("f2").maxVersions());
      assertEquals(4, sh.store.admin().describe("t1").family("f3").maxVersions());
      sh.run("alter 't1', 'f4'; alter 't1', NAME => 'f5', TTL => 10; alter 't1', NAME => 'f3', TTL => 10");
      assertEquals(1, sh.store.admin().describe("t1").family("f4").maxVersions());
      assertEquals(1, sh.store.admin().describe("t1").family("f5").maxVersions());
      assertEquals(4, sh.store.admin().describe("t1").family("f3").maxVersions(), "alter keeps the other settings");
      sh.run("put 't1', 'r', 'f1:q', 'a', 1; put 't1', 'r', 'f1:q', 'b', 2");
      String versions = sh.run("get 't1', 'r', {COLUMN => 'f1:q', VERSIONS => 3}");
      assertTrue(versions.contains("value=b") && !versions.contains("value=a"), versions);
    }
  }

  @Test
  void interruptStopsTheRunningCommandAndTheShellGoesOn() throws Exception {
    try (ShellHarness sh = new ShellHarness()) {
      long start = System.nanoTime();
      CompletableFuture<Boolean> sleeping = CompletableFuture.supplyAsync(() -> sh.shell.execute("sleep 30"));
      Thread.sleep(300);
      sh.shell.interrupt();
      assertEquals(false, sleeping.get(10, TimeUnit.SECONDS));
      assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(10));
      String out = sh.run("list");
      assertTrue(out.startsWith("Interrupted: sleep stopped after ") && out.contains(" seconds\nTABLE\n0 row(s)"), out);
      assertEquals("Took T seconds\n", sh.run("sleep 0.01"));
      assertTrue(sh.run("sleep 'x'").startsWith("ERROR: sleep takes a number of seconds, not 'x'"));
    }
  }

  @Test
  void anInterruptedScanStopsAtItsNextRow() {
    try (ShellHarness sh = new ShellHarness()) {
      sh.run("create 't1', 'f'");
      for (int i = 0; i < 50; i++) {
        sh.run("put 't1', 'r" + i + "', 'f:q', 'v'");
      }
      sh.shell.interrupt();
      // a request to stop made before a command starts is forgotten
      assertTrue(sh.run("count 't1'").contains("50 row(s)"));
    }
  }
}
