package dev.cellar.storage.embedded;

import dev.cellar.storage.CellarStore;
import dev.cellar.storage.Durability;
import dev.cellar.storage.spi.StoreProvider;
import dev.cellar.storage.spi.StoreSetting;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The embedded engine as a storage backend: scheme {@code mem} (a store in memory, named by its
 * location; volatile) and scheme {@code file} (a store in the directory the location names,
 * created if missing). Its settings are {@link StoreOptions}'.
 */
public final class EmbeddedStoreProvider implements StoreProvider {
  /** Scheme of an in-memory store. */
  public static final String MEM = "mem";
  /** Scheme of a store in a directory. */
  public static final String FILE = "file";

  private static final List<StoreSetting> SETTINGS = List.of(
      StoreSetting.number("flushSize", StoreOptions.DEFAULT_FLUSH_SIZE,
          "memstore bytes of a region at which it is flushed to a store file"),
      StoreSetting.number("blockCacheSize", -1L,
          "bytes of decoded data blocks the block cache holds; 0 turns it off; -1 = a quarter of the heap (at most 1 GiB)"),
      StoreSetting.choice("durability", Durability.SYNC_WAL.name(), List.of("SKIP_WAL", "ASYNC_WAL", "SYNC_WAL", "FSYNC_WAL"),
          "how durable a write is when it returns: SKIP_WAL, ASYNC_WAL, SYNC_WAL (survives a process crash) or FSYNC_WAL "
              + "(survives a machine crash)"),
      StoreSetting.number("maxCellSize", StoreOptions.DEFAULT_MAX_CELL_SIZE,
          "largest cell (row + family + qualifier + value) accepted, in bytes"),
      StoreSetting.number("walSegmentSize", 64L << 20, "bytes at which a write-ahead-log segment is rolled"),
      StoreSetting.number("asyncWalIntervalMs", 50L, "milliseconds between log writes of ASYNC_WAL durability"),
      StoreSetting.number("compactionThreshold", 3L,
          "store files of one family of a region that trigger a minor compaction"),
      StoreSetting.number("majorCompactionPeriodMs", 7L * 24 * 3600 * 1000,
          "milliseconds between scheduled major compactions; 0 = only on demand"),
      StoreSetting.number("regionSplitSize", 10L << 30, "store-file bytes at which a region splits"),
      StoreSetting.bool("flushOnClose", true, "whether closing the store flushes its memstores"));

  @Override
  public Set<String> schemes() {
    return Set.of(MEM, FILE);
  }

  @Override
  public List<StoreSetting> settings() {
    return SETTINGS;
  }

  @Override
  public String key(String scheme, String location) {
    if (scheme.equals(MEM)) {
      return MEM + ":" + location;
    }
    if (location.isEmpty()) {
      throw new IllegalArgumentException("names no directory after file:");
    }
    return FILE + ":" + Path.of(location).toAbsolutePath().normalize();
  }

  @Override
  public boolean isVolatile(String scheme) {
    return scheme.equals(MEM);
  }

  @Override
  public CellarStore open(String scheme, String location, Map<String, String> settings) {
    StoreOptions.Builder b = scheme.equals(MEM) ? StoreOptions.inMemory() : StoreOptions.builder(Path.of(location));
    b.flushSize(number(settings, "flushSize"));
    long cache = number(settings, "blockCacheSize");
    if (cache >= 0) {
      b.blockCacheSize(cache);
    }
    b.defaultDurability(Durability.valueOf(value(settings, "durability")));
    b.maxCellSize(Math.toIntExact(number(settings, "maxCellSize")));
    b.walSegmentSize(number(settings, "walSegmentSize"));
    b.asyncWalIntervalMs(number(settings, "asyncWalIntervalMs"));
    b.compactionThreshold(Math.toIntExact(number(settings, "compactionThreshold")));
    b.majorCompactionPeriodMs(number(settings, "majorCompactionPeriodMs"));
    b.regionSplitSize(number(settings, "regionSplitSize"));
    b.flushOnClose(Boolean.parseBoolean(value(settings, "flushOnClose")));
    return EmbeddedStore.open(b.build());
  }

  private static String value(Map<String, String> settings, String name) {
    String v = settings.get(name);
    if (v != null) {
      return v;
    }
    for (StoreSetting s : SETTINGS) {
      if (s.name().equals(name)) {
        return s.defaultValue();
      }
    }
    throw new IllegalStateException("no setting " + name);
  }

  private static long number(Map<String, String> settings, String name) {
    return Long.parseLong(value(settings, name));
  }
}
