package dev.cellar.storage.sst;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.RemovalCause;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;

/**
 * One bounded cache of decoded data blocks for a whole store, shared by every store file
 * reader. Blocks are weighed by their decoded size and the restart rows a seek may add to them
 * ({@link #weight(Block)}); eviction is Caffeine's (frequency- and recency-aware).
 *
 * <p>Priorities as HBase's {@code IN_MEMORY}: a quarter of the capacity is reserved for
 * families with {@code IN_MEMORY => true} (readers of those families use
 * {@link #forInMemoryFamilies()}); other families share the rest, so a large scan of an
 * ordinary family cannot evict them. Keys are (reader id, block offset): a reader gets a fresh
 * id when opened, so a deleted and re-created file never sees stale blocks. Thread-safe.
 *
 * <p>A reader also keeps, by block number, the blocks of its own that the cache holds
 * ({@link Slots}): a block is put there when the cache loads it and taken out when the cache
 * evicts it, so a read of a cached block is one array read instead of a hash lookup. One such
 * read in {@value #TOUCH_EVERY} is still told to the cache, so that its eviction policy sees
 * which blocks are in use.
 */
public final class BlockCache {
  /** Share of the capacity reserved for IN_MEMORY families. */
  public static final double IN_MEMORY_SHARE = 0.25;
  private static final AtomicLong READER_IDS = new AtomicLong();
  /** Reads of a reader's held blocks per read also told to the cache's policy. */
  static final int TOUCH_EVERY = 16;

  private final Cache<Key, Block> general;
  private final Cache<Key, Block> inMemory;
  private final long capacity;
  private final boolean inMemoryView;
  /** Reads served from readers' {@link Slots}, which the cache's own counters do not see. */
  private final LongAdder slotHits;

  /** A block's key: (reader id, offset); where the reader keeps it rides along, outside equality. */
  private static final class Key {
    final long readerId;
    final long offset;
    final Slots slots;
    final int index;

    Key(long readerId, long offset, Slots slots, int index) {
      this.readerId = readerId;
      this.offset = offset;
      this.slots = slots;
      this.index = index;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Key k && k.readerId == readerId && k.offset == offset;
    }

    @Override
    public int hashCode() {
      return Long.hashCode(readerId * 0x9E3779B97F4A7C15L + offset);
    }
  }

  /**
   * One reader's blocks that the cache holds, by block number. Set only by the cache's load of
   * a block (atomically with its insertion) and cleared by its eviction (if the slot still holds
   * that block), so a slot never keeps a block the cache has let go.
   */
  public static final class Slots {
    private final AtomicReferenceArray<Block> blocks;
    /** Reads served here; racy, only to pick which reads to tell the cache. */
    private int reads;

    Slots(int blockCount) {
      this.blocks = new AtomicReferenceArray<>(blockCount);
    }

    /** Blocks held here now, with their decoded bytes. */
    long[] held() {
      long n = 0;
      long bytes = 0;
      for (int i = 0; i < blocks.length(); i++) {
        Block b = blocks.get(i);
        if (b != null) {
          n++;
          bytes += b.length();
        }
      }
      return new long[] {n, bytes};
    }

    /** Forgets every block (the reader is closing). */
    void clear() {
      for (int i = 0; i < blocks.length(); i++) {
        blocks.set(i, null);
      }
    }
  }

  /** Hit, miss and eviction counts and the bytes held, over both parts of the cache. */
  public record Stats(long hits, long misses, long evictions, long bytes) {
    /** Hits over requests, 0 when nothing was asked. */
    public double hitRate() {
      long n = hits + misses;
      return n == 0 ? 0 : (double) hits / n;
    }
  }

  private BlockCache(Cache<Key, Block> general, Cache<Key, Block> inMemory, long capacity, boolean inMemoryView,
      LongAdder slotHits) {
    this.slotHits = slotHits;
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
    return new BlockCache(build(capacityBytes - reserved), build(reserved), capacityBytes, false, new LongAdder());
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
        .weigher((Key k, Block b) -> weight(b))
        // run inside the eviction, so a slot is cleared before the block can be loaded again
        .evictionListener((Key k, Block b, RemovalCause cause) -> {
          if (k != null && k.slots != null && b != null) {
            k.slots.blocks.compareAndSet(k.index, b, null);
          }
        })
        .recordStats()
        .build();
  }

  /**
   * What a block weighs in the cache: its decoded bytes, the object around them, and the restart
   * rows a seek may make for it later ({@link Block#restartRows()}: 8 bytes a restart point and
   * the rows' common start, taken as at most 32 bytes), counted from the start, so the cache
   * stays within its bound whether seeks make them or not.
   */
  static int weight(Block b) {
    int restartRows = b.restartCount() >= RestartRows.MIN_RESTARTS ? 8 * b.restartCount() + 64 + 32 : 0;
    return b.length() + 64 + restartRows;
  }

  /** The same cache, storing blocks in the part reserved for IN_MEMORY families. */
  public BlockCache forInMemoryFamilies() {
    return new BlockCache(general, inMemory, capacity, true, slotHits);
  }

  static long newReaderId() {
    return READER_IDS.incrementAndGet();
  }

  private Cache<Key, Block> part() {
    return inMemoryView ? inMemory : general;
  }

  /** Where a reader of {@code blockCount} data blocks keeps those the cache holds. */
  static Slots slotsFor(int blockCount) {
    return new Slots(blockCount);
  }

  /**
   * Block {@code index} of reader {@code readerId}, at {@code offset} of its file, loading it
   * with {@code loader} on a miss.
   */
  Block get(long readerId, long offset, Slots slots, int index, Function<Long, Block> loader) {
    Block b = slots.blocks.get(index);
    if (b != null) {
      if (++slots.reads % TOUCH_EVERY == 0) {
        // counted by the cache as its hit
        part().getIfPresent(new Key(readerId, offset, null, -1));
      } else {
        slotHits.increment();
      }
      return b;
    }
    return part().get(new Key(readerId, offset, slots, index), k -> {
      Block loaded = loader.apply(k.offset);
      k.slots.blocks.set(k.index, loaded);
      return loaded;
    });
  }

  /**
   * The block at {@code offset} of reader {@code readerId} if the cache holds it, else the one
   * {@code loader} loads, which the cache does not keep: for reads that pass over every block
   * once (a compaction's), so that they do not push out the blocks queries use.
   */
  Block getWithoutCaching(long readerId, long offset, Slots slots, int index, Function<Long, Block> loader) {
    Block b = slots.blocks.get(index);
    if (b == null) {
      b = part().getIfPresent(new Key(readerId, offset, null, -1));
    }
    return b != null ? b : loader.apply(offset);
  }

  /** Runs the cache's pending upkeep (evictions) now. */
  void cleanUp() {
    general.cleanUp();
    inMemory.cleanUp();
  }

  /** Drops every block of a reader (its file is closed). */
  void invalidateReader(long readerId) {
    part().asMap().keySet().removeIf(k -> k.readerId == readerId);
  }

  /** Configured capacity in bytes (both parts). */
  public long capacity() {
    return capacity;
  }

  /** Counters since the cache was created, over both parts. */
  public Stats stats() {
    var g = general.stats();
    var m = inMemory.stats();
    return new Stats(g.hitCount() + m.hitCount() + slotHits.sum(), g.missCount() + m.missCount(),
        g.evictionCount() + m.evictionCount(), weight(general) + weight(inMemory));
  }

  private static long weight(Cache<Key, Block> c) {
    return c.policy().eviction().map(e -> e.weightedSize().orElse(0L)).orElse(0L);
  }
}
