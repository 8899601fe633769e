package dev.cellar.sql.ddl;

import dev.cellar.sql.CellarDatabase;
import dev.cellar.sql.exec.IndexBuilder;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The index builds running in the background ({@code CREATE INDEX ... ASYNC}, and the rebuilds
 * of indexes left unfinished, which {@link #resume} starts when a database opens), for their
 * progress.
 */
public final class IndexBuilds {
  private static final Map<CellarDatabase, Map<String, IndexBuilder>> BUILDS = new ConcurrentHashMap<>();

  private IndexBuilds() {}

  static void started(CellarDatabase db, String index, IndexBuilder builder) {
    BUILDS.computeIfAbsent(db, d -> new ConcurrentHashMap<>()).put(index, builder);
  }

  static void finished(CellarDatabase db, String index, IndexBuilder builder) {
    Map<String, IndexBuilder> builds = BUILDS.get(db);
    if (builds != null) {
      builds.remove(index, builder);
      if (builds.isEmpty()) {
        BUILDS.remove(db, builds);
      }
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
    IndexBuilder b = BUILDS.getOrDefault(db, Map.of()).get(index);
    return b == null ? -1 : b.rowsDone();
  }
}
