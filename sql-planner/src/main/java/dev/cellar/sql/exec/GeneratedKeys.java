package dev.cellar.sql.exec;

import dev.cellar.sql.database.RowIds;
import java.util.ArrayList;
import java.util.List;

/**
 * The rowkeys that INSERT and UPSERT generate for tables without a primary key ({@link RowIds}),
 * handed to a caller that asked for them on its thread (the driver's
 * {@code Statement.getGeneratedKeys}). A statement writes on the thread that executes it, so
 * the keys of one execution are those reported between {@link #capture} and {@link #release}
 * on that thread; only statements that wrote their batch report keys.
 */
public final class GeneratedKeys {
  private static final ThreadLocal<List<byte[]>> CAPTURED = new ThreadLocal<>();

  private GeneratedKeys() {}

  /** Starts keeping the keys generated on this thread. */
  public static void capture() {
    CAPTURED.set(new ArrayList<>());
  }

  /** Stops keeping keys on this thread and returns those generated since {@link #capture}, in order. */
  public static List<byte[]> release() {
    List<byte[]> keys = CAPTURED.get();
    CAPTURED.remove();
    return keys == null ? List.of() : keys;
  }

  /** A statement on this thread wrote rows with these generated keys. */
  static void generated(List<byte[]> keys) {
    List<byte[]> captured = CAPTURED.get();
    if (captured != null) {
      captured.addAll(keys);
    }
  }
}
