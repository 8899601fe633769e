package dev.cellar.storage.sst;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

/**
 * One bounded cache of decoded data blocks for a whole store, shared by every store file
 * reader. Blocks are weighed by their decoded size; eviction is Caffeine's (frequency- and
 * recency-aware).
 *
 * <p>Priorities as HBase's {@code IN_MEMORY}: a quarter of the capacity is reserved for
 * families with {@code IN_MEMORY => true} (readers of those families use
 * {@link #forInMemoryFamilies()}); other families share the rest, so a large scan of an
 * ordinary family cannot evict them. Keys are (reader id, block offset): a reader gets a fresh
 * id when opened, so a deleted and re-created file never sees stale blocks. Thread-safe.
 */
public final class BlockCache {
  /** Share of the capacity reserved for IN_MEMORY families. */
  public static final double IN_MEMORY_SHARE = 0.25;
  private static final AtomicLong READER_IDS = new AtomicLong();

  private final Cache<Key, Block> general;
  private final Cache<Key, Block> inMemory;
  private final long capacity;
  private final boolean inMemoryView;

  private record Key(long readerId, long offset) {}

  /** Hit, miss and eviction counts and the bytes held, over both parts of the cache. */
  public record Stats(long hits, long misses, long evictions, long bytes) {
    /** Hits over requests, 0 when nothing was asked. */
    public double hitRate() {
      long n = hits + misses;
      return n == 0 ? 0 : (double) hits / n;
    }
  }

  private BlockCache(Cache<Key, Block> general, Cache<Key, Block> inMemory, long capacity, boolean inMemoryView) {
    this.general = general;
    this.inMemory = inMemory;
    this.capacity = capacity;
    this.inMemoryView = inMemoryView;
  }

  /** A cache holding at most {@code capacityBytes} of decoded blocks. */
  public static BlockCache create(long capacityBytes) {
    if (capacityBytes < 0) {
      throw new IllegalArgumentException("block cache size " + capacityBytes + " must not be negative");
    }
    long reserved = (long) (capacityBytes * IN_MEMORY_SHARE);
    return new BlockCache(build(capacityBytes - reserved), build(reserved), capacityBytes, false);
  }

  /**
   * The cache's upkeep (replaying reads into its eviction policy, evicting) runs in the reading
   * thread when due, not in a pool: handing it to a pool woke a pool thread every few reads,
   * a tenth of the time of a lookup of rows by key.
   */
  private static Cache<Key, Block> build(long bytes) {
    return Caffeine.newBuilder()
        .executor(Runnable::run)
        .maximumWeight(bytes)
        .weigher((Key k, Block b) -> b.length() + 64)
        .recordStats()
        .build();
  }

  /** The same cache, storing blocks in the part reserved for IN_MEMORY families. */
  public BlockCache forInMemoryFamilies() {
    return new BlockCache(general, inMemory, capacity, true);
  }

  static long newReaderId() {
    return READER_IDS.incrementAndGet();
  }

  private Cache<Key, Block> part() {
    return inMemoryView ? inMemory : general;
  }

  /** The block at {@code offset} of reader {@code readerId}, loading it with {@code loader} on a miss. */
  Block get(long readerId, long offset, Function<Long, Block> loader) {
    return part().get(new Key(readerId, offset), k -> loader.apply(k.offset()));
  }

  /**
   * The block at {@code offset} of reader {@code readerId} if the cache holds it, else the one
   * {@code loader} loads, which the cache does not keep: for reads that pass over every block
   * once (a compaction's), so that they do not push out the blocks queries use.
   */
  Block getWithoutCaching(long readerId, long offset, Function<Long, Block> loader) {
    Block b = part().getIfPresent(new Key(readerId, offset));
    return b != null ? b : loader.apply(offset);
  }

  /** Drops every block of a reader (its file is closed). */
  void invalidateReader(long readerId) {
    part().asMap().keySet().removeIf(k -> k.readerId() == readerId);
  }

  /** Configured capacity in bytes (both parts). */
  public long capacity() {
    return capacity;
  }

  /** Counters since the cache was created, over both parts. */
  public Stats stats() {
    var g = general.stats();
    var m = inMemory.stats();
    return new Stats(g.hitCount() + m.hitCount(), g.missCount() + m.missCount(),
        g.evictionCount() + m.evictionCount(), weight(general) + weight(inMemory));
  }

  private static long weight(Cache<Key, Block> c) {
    return c.policy().eviction().map(e -> e.weightedSize().orElse(0L)).orElse(0L);
  }
}
