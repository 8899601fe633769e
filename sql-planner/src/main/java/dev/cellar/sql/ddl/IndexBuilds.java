package dev.cellar.sql.ddl;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import dev.cellar.sql.database.CellarDatabase;
import dev.cellar.sql.exec.IndexBuilder;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;

/**
 * The index builds running in the background ({@code CREATE INDEX ... ASYNC}, and the rebuilds
 * of indexes left unfinished, which {@link #resume} starts when a database opens), for their
 * progress, and so that a statement changing the index can stop its build first.
 */
public final class IndexBuilds {
  private static final Map<CellarDatabase, Map<String, Build>> BUILDS = new ConcurrentHashMap<>();

  private IndexBuilds() {}

  /** One background build: its builder, whether it was asked to stop, and whether it ended. */
  static final class Build {
    final IndexBuilder builder;
    private volatile boolean stopRequested;
    private final CountDownLatch ended = new CountDownLatch(1);

    Build(IndexBuilder builder) {
      this.builder = builder;
    }

    /** Whether a statement asked the build to stop, to drop or rebuild its index. */
    boolean stopRequested() {
      return stopRequested;
    }
  }

  static Build started(CellarDatabase db, String index, IndexBuilder builder) {
    Build b = new Build(builder);
    BUILDS.computeIfAbsent(db, d -> new ConcurrentHashMap<>()).put(index, b);
    return b;
  }

  static void finished(CellarDatabase db, String index, Build build) {
    Map<String, Build> builds = BUILDS.get(db);
    if (builds != null) {
      builds.remove(index, build);
      if (builds.isEmpty()) {
        BUILDS.remove(db, builds);
      }
    }
    build.ended.countDown();
  }

  /**
   * Stops the background build of index {@code index} of {@code db}, if one runs, and waits
   * until it has ended: it stops at its next chunk, leaving nothing of its load behind. Called
   * by DROP INDEX and ALTER INDEX ... REBUILD before they change the index.
   *
   * @throws CellarSqlException HY008 if the waiting thread is interrupted
   */
  static void stop(CellarDatabase db, String index) {
    Build b = BUILDS.getOrDefault(db, Map.of()).get(index);
    if (b == null) {
      return;
    }
    b.stopRequested = true;
    try {
      b.ended.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CellarSqlException(SqlState.CANCELLED, "interrupted while waiting for the background build of "
          + "index " + index + " to stop");
    }
  }

  /**
   * Rebuilds from scratch, in the background, every index of {@code db} still {@code BUILDING}
   * in its catalog: one whose build the last process using the store did not finish. Never
   * throws; a rebuild that cannot start is logged.
   */
  public static void resume(CellarDatabase db) {
    new IndexDdl(db).resume();
  }

  /**
   * Rows indexed so far by the background build of index {@code index} of {@code db}, or -1
   * when none is running.
   */
  public static long progress(CellarDatabase db, String index) {
    Build b = BUILDS.getOrDefault(db, Map.of()).get(index);
    return b == null ? -1 : b.builder.rowsDone();
  }
}
