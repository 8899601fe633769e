package dev.cellar.storage.sst;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.stats.CacheStats;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

/**
 * One bounded cache of decoded data blocks for a whole store, shared by every store file
 * reader. Blocks are weighed by their decoded size; eviction is Caffeine's (frequency- and
 * recency-aware). Keys are (reader id, block offset): a reader gets a fresh id when opened, so
 * a deleted and re-created file never sees stale blocks. Thread-safe.
 */
public final class BlockCache {
  private static final AtomicLong READER_IDS = new AtomicLong();

  private final Cache<Key, Block> cache;
  private final long capacity;

  private record Key(long readerId, long offset) {}

  private BlockCache(long capacityBytes) {
    this.capacity = capacityBytes;
    this.cache = Caffeine.newBuilder()
        .maximumWeight(capacityBytes)
        .weigher((Key k, Block b) -> b.length() + 64)
        .recordStats()
        .build();
  }

  /** A cache holding at most {@code capacityBytes} of decoded blocks. */
  public static BlockCache create(long capacityBytes) {
    if (capacityBytes < 0) {
      throw new IllegalArgumentException("block cache size " + capacityBytes + " must not be negative");
    }
    return new BlockCache(capacityBytes);
  }

  static long newReaderId() {
    return READER_IDS.incrementAndGet();
  }

  /** The block at {@code offset} of reader {@code readerId}, loading it with {@code loader} on a miss. */
  Block get(long readerId, long offset, Function<Long, Block> loader) {
    return cache.get(new Key(readerId, offset), k -> loader.apply(k.offset()));
  }

  /** Drops every block of a reader (its file is closed). */
  void invalidateReader(long readerId) {
    cache.asMap().keySet().removeIf(k -> k.readerId() == readerId);
  }

  /** Configured capacity in bytes. */
  public long capacity() {
    return capacity;
  }

  /** Bytes held now (approximate). */
  public long size() {
    return cache.policy().eviction().map(e -> e.weightedSize().orElse(0L)).orElse(0L);
  }

  /** Hits, misses and evictions since the cache was created. */
  public CacheStats stats() {
    return cache.stats();
  }
}
