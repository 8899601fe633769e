package dev.cellar.storage.faults;

import static org.junit.jupiter.api.Assertions.fail;

import dev.cellar.storage.embedded.EmbeddedStore;
import dev.cellar.storage.fs.FaultyVfs;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * A simulated machine running one store on a {@link FaultyVfs}: opens it (recovering from the
 * last crash, which may itself be cut short by another), runs the {@link FaultWorkload} until
 * the power is cut, and restarts. Everything the store does runs under a time limit, so a hang
 * fails the test with the threads' stacks.
 */
final class FaultMachine implements AutoCloseable {
  private static final long TIMEOUT_SECONDS = 120;

  final Random rnd;
  final FaultWorkload work;
  FaultyVfs fs;
  EmbeddedStore store;
  /** Where the power was cut, by kind of site, for reports. */
  final TreeMap<String, Integer> sites = new TreeMap<>();
  int crashes;
  /** Where the power was cut last. */
  String lastSite;
  int crashesDuringRecovery;
  private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
    Thread t = new Thread(r, "fault-workload");
    t.setDaemon(true);
    return t;
  });

  FaultMachine(long seed) {
    this.rnd = new Random(seed);
    this.work = new FaultWorkload(rnd);
    this.fs = new FaultyVfs("machine");
  }

  /**
   * Opens the store and checks it. {@code arm} (may be null) sets a fault before each attempt
   * to open; an attempt cut short by a power loss is followed by a restart and another attempt.
   *
   * @param processCrash whether the last crash was of the process only
   */
  void open(String where, boolean processCrash, Consumer<FaultyVfs> arm) {
    open(where, processCrash, arm, null);
  }

  /**
   * As {@link #open(String, boolean, Consumer)}; an attempt that fails without a power loss is
   * handed to {@code onError} (which checks it), and the next attempt runs without faults.
   * With {@code onError} null such a failure fails the test: the store must reopen.
   */
  void open(String where, boolean processCrash, Consumer<FaultyVfs> arm, Consumer<RuntimeException> onError) {
    boolean onlyProcess = processCrash;
    while (true) {
      if (arm != null) {
        arm.accept(fs);
      }
      FaultyVfs current = fs;
      try {
        store = timed(() -> EmbeddedStore.open(FaultWorkload.options(current)));
      } catch (RuntimeException e) {
        if (!current.crashed() && onError != null) {
          onError.accept(e);
          current.clearFaults();
          arm = null;
          continue;
        }
        if (!current.crashed()) {
          throw new AssertionError(where + ": the store does not reopen: " + e, e);
        }
        crashes++;
        crashesDuringRecovery++;
        count(current.crashSite());
        fs = current.restart(rnd);
        onlyProcess = false;
        continue;
      }
      current.clearFaults();
      if (current.crashed()) {
        // the fault hit a background task of the opened store (a compaction it queued as it opened)
        crashes++;
        crashesDuringRecovery++;
        count(current.crashSite());
        EmbeddedStore s = store;
        store = null;
        try {
          s.close();
        } catch (RuntimeException e) {
          // the power is off: closing fails, as it would
        }
        fs = current.restart(rnd);
        onlyProcess = false;
        continue;
      }
      boolean process = onlyProcess;
      timed(() -> {
        work.verify(store, where, process);
        work.prepare(store);
        return null;
      });
      return;
    }
  }

  /** Runs up to {@code maxOps} operations, stopping early once the power is cut. */
  void run(int maxOps) {
    FaultyVfs current = fs;
    EmbeddedStore s = store;
    timed(() -> {
      for (int i = 0; i < maxOps && !current.crashed(); i++) {
        try {
          work.step(s);
        } catch (RuntimeException e) {
          if (!current.crashed()) {
            throw new AssertionError("operation failed with no fault injected: " + e, e);
          }
        }
      }
      return null;
    });
  }

  /**
   * Runs up to {@code maxOps} operations while a fault is armed: the first operation's failure,
   * or null if all of them worked.
   */
  RuntimeException runUntilFailure(int maxOps) {
    EmbeddedStore s = store;
    return timed(() -> {
      for (int i = 0; i < maxOps; i++) {
        try {
          work.step(s);
        } catch (RuntimeException e) {
          return e;
        }
      }
      return null;
    });
  }

  /**
   * Cuts the power (if the workload did not already) and boots again from what the disk holds:
   * after a power loss, or after a crash of the process alone.
   */
  void restart(boolean processCrash) {
    FaultyVfs current = fs;
    if (!current.crashed()) {
      current.crash();
    }
    crashes++;
    count(current.crashSite());
    EmbeddedStore s = store;
    store = null;
    timed(() -> {
      try {
        s.close();
      } catch (RuntimeException e) {
        // the power is off: closing fails, as it would
      }
      return null;
    });
    fs = processCrash ? current.restartProcess() : current.restart(rnd);
  }

  private void count(String site) {
    lastSite = site;
    String key = site.replaceAll(" \\(thread ([a-z-]+).*\\)$", " [$1]").replaceAll("\\d{16}\\.(log|sst)", "*.$1")
        .replaceAll("\\.tmp", ".tmp");
    sites.merge(key, 1, Integer::sum);
  }

  interface Task<T> {
    T run();
  }

  <T> T timed(Task<T> task) {
    Future<T> f = worker.submit(task::run);
    try {
      return f.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
    } catch (TimeoutException e) {
      StringBuilder sb = new StringBuilder("the store hung for " + TIMEOUT_SECONDS + " s:\n");
      for (ThreadInfo t : ManagementFactory.getThreadMXBean().dumpAllThreads(false, false)) {
        sb.append(t);
      }
      fail(sb.toString());
      return null;
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException re) {
        throw re;
      }
      if (e.getCause() instanceof Error err) {
        throw err;
      }
      throw new AssertionError(e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }

  @Override
  public void close() {
    if (store != null) {
      try {
        store.close();
      } catch (RuntimeException e) {
        // reported by the test already, if it matters
      }
    }
    worker.shutdownNow();
  }
}
