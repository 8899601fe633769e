package dev.cellar.storage.embedded;

import dev.cellar.storage.Durability;
import dev.cellar.storage.fs.LocalVfs;
import dev.cellar.storage.fs.MemVfs;
import dev.cellar.storage.fs.Vfs;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Objects;
import java.util.function.LongSupplier;

/** How an {@link EmbeddedStore} is opened. Immutable; build with {@link #builder}. */
public final class StoreOptions {
  /** Default memstore size of a region at which it is flushed: 64 MiB. */
  public static final long DEFAULT_FLUSH_SIZE = 64L << 20;
  /** Default largest cell accepted (row + family + qualifier + value): 10 MiB (SEEDS.md §3). */
  public static final int DEFAULT_MAX_CELL_SIZE = 10 << 20;

  private final Vfs vfs;
  private final boolean inMemory;
  private final long flushSize;
  private final int maxCellSize;
  private final Durability defaultDurability;
  private final LongSupplier clock;
  private final long walSegmentSize;
  private final long asyncWalIntervalMs;
  private final boolean flushOnClose;
  private final long blockCacheSize;
  private final int compactionThreshold;
  private final boolean majorAtThreshold;
  private final long majorCompactionPeriodMs;
  private final long regionSplitSize;
  private final int keptLogSegments;

  private StoreOptions(Builder b) {
    this.vfs = b.vfs;
    this.inMemory = b.inMemory;
    this.flushSize = b.flushSize;
    this.maxCellSize = b.maxCellSize;
    this.defaultDurability = b.defaultDurability;
    this.clock = b.clock;
    this.walSegmentSize = b.walSegmentSize;
    this.asyncWalIntervalMs = b.asyncWalIntervalMs;
    this.flushOnClose = b.flushOnClose;
    this.blockCacheSize = b.blockCacheSize;
    this.compactionThreshold = b.compactionThreshold;
    this.majorAtThreshold = b.majorAtThreshold;
    this.majorCompactionPeriodMs = b.majorCompactionPeriodMs;
    this.regionSplitSize = b.regionSplitSize;
    this.keptLogSegments = b.keptLogSegments;
  }

  /**
   * Closed log segments that may wait for the regions holding their writes to flush by size
   * before those regions are flushed so the segments can go (default 0: as soon as the closed
   * segments hold a segment's size of log, {@link #walSegmentSize()}).
   */
  public int keptLogSegments() {
    return keptLogSegments;
  }

  /** Store files of one family of one region at which a minor compaction merges them (SEEDS.md §3). */
  public int compactionThreshold() {
    return compactionThreshold;
  }

  /**
   * Whether the compaction a flush starts when a family reaches {@link #compactionThreshold()}
   * files is a major one (it drops what reads can no longer return) rather than a minor one (it
   * keeps every cell until the next major compaction).
   */
  public boolean majorAtThreshold() {
    return majorAtThreshold;
  }

  /** Interval of scheduled major compactions in milliseconds; 0 = only on demand. */
  public long majorCompactionPeriodMs() {
    return majorCompactionPeriodMs;
  }

  /** Store-file bytes at which a region is split at its middle row. */
  public long regionSplitSize() {
    return regionSplitSize;
  }

  /** Options for a store in directory {@code dir} (created if missing). */
  public static Builder builder(Path dir) {
    try {
      return new Builder(new LocalVfs(dir), false);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create store directory " + dir + ": " + e.getMessage(), e);
    }
  }

  /** Options for a store that lives in memory only and is gone when closed. */
  public static Builder inMemory() {
    return new Builder(new MemVfs(), true);
  }

  /** Options for a store over a given file system (tests: in-memory or fault-injecting, reopened at will). */
  public static Builder builder(Vfs vfs) {
    return new Builder(vfs, false);
  }

  public Vfs vfs() {
    return vfs;
  }

  /** Whether the store is memory-only (no write-ahead log). */
  public boolean inMemoryOnly() {
    return inMemory;
  }

  public long flushSize() {
    return flushSize;
  }

  public int maxCellSize() {
    return maxCellSize;
  }

  public Durability defaultDurability() {
    return defaultDurability;
  }

  /** Milliseconds since the epoch: server-assigned timestamps and TTL expiry use it. */
  public LongSupplier clock() {
    return clock;
  }

  public long walSegmentSize() {
    return walSegmentSize;
  }

  public long asyncWalIntervalMs() {
    return asyncWalIntervalMs;
  }

  public boolean flushOnClose() {
    return flushOnClose;
  }

  /** Bytes of decoded data blocks the store's block cache holds. */
  public long blockCacheSize() {
    return blockCacheSize;
  }

  /** Default block cache size: a quarter of the maximum heap, at most 1 GiB. */
  public static long defaultBlockCacheSize() {
    return Math.min(1L << 30, Runtime.getRuntime().maxMemory() / 4);
  }

  /** Builder for {@link StoreOptions}. */
  public static final class Builder {
    private final Vfs vfs;
    private final boolean inMemory;
    private long flushSize = DEFAULT_FLUSH_SIZE;
    private int maxCellSize = DEFAULT_MAX_CELL_SIZE;
    private Durability defaultDurability = Durability.SYNC_WAL;
    private LongSupplier clock = System::currentTimeMillis;
    private long walSegmentSize = 64L << 20;
    private long asyncWalIntervalMs = 50;
    private boolean flushOnClose = true;
    private long blockCacheSize = defaultBlockCacheSize();
    private int compactionThreshold = 3;
    private boolean majorAtThreshold = true;
    private long majorCompactionPeriodMs = 7L * 24 * 3600 * 1000;
    private long regionSplitSize = 10L << 30;
    private int keptLogSegments = 0;

    private Builder(Vfs vfs, boolean inMemory) {
      this.vfs = vfs;
      this.inMemory = inMemory;
    }

    /** Memstore bytes of a region at which it is flushed to a store file. */
    public Builder flushSize(long bytes) {
      if (bytes < 1024) {
        throw new IllegalArgumentException("flush size " + bytes + " must be at least 1024 bytes");
      }
      this.flushSize = bytes;
      return this;
    }

    /** Largest cell accepted, in bytes. */
    public Builder maxCellSize(int bytes) {
      if (bytes < 1) {
        throw new IllegalArgumentException("max cell size " + bytes + " must be positive");
      }
      this.maxCellSize = bytes;
      return this;
    }

    /** Durability of writes that ask for {@link Durability#USE_DEFAULT}. */
    public Builder defaultDurability(Durability d) {
      Objects.requireNonNull(d, "durability");
      if (d == Durability.USE_DEFAULT) {
        throw new IllegalArgumentException("the default durability must be a concrete one, not USE_DEFAULT");
      }
      this.defaultDurability = d;
      return this;
    }

    /** The clock (milliseconds since the epoch); tests use a controllable one. */
    public Builder clock(LongSupplier clock) {
      this.clock = Objects.requireNonNull(clock, "clock");
      return this;
    }

    /** Size at which a write-ahead-log segment is closed and a new one started. */
    public Builder walSegmentSize(long bytes) {
      if (bytes < 4096) {
        throw new IllegalArgumentException("WAL segment size " + bytes + " must be at least 4096 bytes");
      }
      this.walSegmentSize = bytes;
      return this;
    }

    /** How often the log writes records of {@link Durability#ASYNC_WAL} writes. */
    public Builder asyncWalIntervalMs(long ms) {
      if (ms < 1) {
        throw new IllegalArgumentException("async WAL interval " + ms + " ms must be positive");
      }
      this.asyncWalIntervalMs = ms;
      return this;
    }

    /** Whether closing the store flushes memstores (default true). */
    public Builder flushOnClose(boolean flush) {
      this.flushOnClose = flush;
      return this;
    }

    /** Bytes of decoded data blocks the block cache holds; 0 turns the cache off. */
    public Builder blockCacheSize(long bytes) {
      if (bytes < 0) {
        throw new IllegalArgumentException("block cache size " + bytes + " must not be negative");
      }
      this.blockCacheSize = bytes;
      return this;
    }

    /** Files per family of a region that trigger a minor compaction (default 3, as HBase). */
    public Builder compactionThreshold(int files) {
      if (files < 2) {
        throw new IllegalArgumentException("compaction threshold " + files + " must be at least 2 files");
      }
      this.compactionThreshold = files;
      return this;
    }

    /**
     * Whether the compaction a flush starts at the threshold is a major one (the default: it
     * rewrites every file of the family anyway, as HBase's minor compaction that selects every
     * file is one, so a table written over and deleted from keeps its size and its reads their
     * speed) or a minor one, which keeps overwritten versions, masked cells and delete markers
     * (visible to reads of older time ranges, masking puts with older timestamps) until the
     * scheduled major compaction.
     */
    public Builder majorAtThreshold(boolean major) {
      this.majorAtThreshold = major;
      return this;
    }

    /** Interval of scheduled major compactions (default 7 days, as HBase); 0 turns the schedule off. */
    public Builder majorCompactionPeriodMs(long ms) {
      if (ms < 0) {
        throw new IllegalArgumentException("major compaction period " + ms + " ms must not be negative");
      }
      this.majorCompactionPeriodMs = ms;
      return this;
    }

    /** Store-file bytes of a region at which it splits (default 10 GiB, as HBase). */
    public Builder regionSplitSize(long bytes) {
      if (bytes < 1024) {
        throw new IllegalArgumentException("region split size " + bytes + " must be at least 1024 bytes");
      }
      this.regionSplitSize = bytes;
      return this;
    }

    /**
     * Closed log segments kept waiting for the regions that hold their writes (default 0): past
     * that many, and once the closed segments hold a segment's size of log, those regions are
     * flushed in the background so the segments can be deleted.
     */
    public Builder keptLogSegments(int segments) {
      if (segments < 0) {
        throw new IllegalArgumentException("kept log segments " + segments + " must not be negative");
      }
      this.keptLogSegments = segments;
      return this;
    }

    public StoreOptions build() {
      return new StoreOptions(this);
    }
  }
}
