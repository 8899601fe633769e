package dev.cellar.storage.sst;

import dev.cellar.storage.BloomType;
import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import dev.cellar.storage.CellComparator;
import dev.cellar.storage.CellType;
import dev.cellar.storage.ColumnFamilyDescriptor;
import dev.cellar.storage.Compression;
import dev.cellar.storage.fs.Vfs;
import dev.cellar.storage.util.ByteWriter;
import java.io.Closeable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes one store file, front to back: cells in strictly increasing
 * {@link CellComparator#WITH_SEQUENCE} order through {@link #append}, then {@link #finish()}
 * writes the meta blocks (the bloom block, when the options ask for a bloom filter, and any
 * added by the caller), meta index, file info, index and trailer and syncs the file. The
 * layout is specified in {@code storage/docs/store-file-format.md}.
 *
 * <p>The writer owns the {@link Vfs.WritableFile}: {@link #close()} closes it. A writer closed
 * without {@code finish()} leaves a file without a trailer, which no reader accepts; the caller
 * deletes it. Not thread-safe.
 */
public final class StoreFileWriter implements Closeable {
  private static final Logger LOG = LoggerFactory.getLogger(StoreFileWriter.class);
  /** Prefix of the meta block names the format itself defines; callers may not use it. */
  static final String RESERVED_META_PREFIX = "cellar.";

  private enum State { OPEN, FINISHED, FAILED, CLOSED }

  /** A meta block to write at finish, with the compression it is written with. */
  private record MetaBlock(byte[] contents, Compression compression) {}

  private final Vfs.WritableFile file;
  private final String path;
  private final Options options;
  private final BlockBuilder dataBlock;
  private final BlockBuilder indexBlock;
  private final BlockCodec codec = new BlockCodec();
  private final ByteWriter key = new ByteWriter(128);
  /** Whether data blocks store cell keys suffix first (format version 2 on; {@link CellKeys}). */
  private final boolean suffixFirst;
  /** A data block's last key in field order, for the index, when blocks store keys suffix first. */
  private byte[] indexKey = new byte[64];
  private final ByteWriter handleBytes = new ByteWriter(32);
  private final ByteWriter stored;
  private final StoreFileInfo.Builder info = new StoreFileInfo.Builder();
  private final Map<byte[], MetaBlock> metaBlocks = new TreeMap<>(Arrays::compareUnsigned);
  private BloomFilterWriter bloom;
  private Cell last;
  /** The sequence number {@link #last} was written with. */
  private long lastSequenceId;
  private long offset;
  private State state = State.OPEN;

  /**
   * @param file a new, empty file; owned by the writer from now on
   * @param path the file's path, for messages and the returned {@link StoreFileInfo}
   */
  public StoreFileWriter(Vfs.WritableFile file, String path, Options options) {
    this.file = Objects.requireNonNull(file, "file");
    this.path = Objects.requireNonNull(path, "path");
    this.options = Objects.requireNonNull(options, "options");
    this.dataBlock = new BlockBuilder(options.restartInterval(), options.blockSize());
    this.indexBlock = new BlockBuilder(options.restartInterval(), 4096);
    this.stored = new ByteWriter(Math.min(options.blockSize(), 1 << 20) + 64);
    this.suffixFirst = options.formatVersion() >= 2;
    info.path = path;
    info.family = options.family();
    info.comparatorName = CellComparator.NAME;
    info.compression = options.compression();
    info.blockSize = options.blockSize();
    info.bloomType = options.bloomType();
    info.createdMillis = options.clock().millis();
    info.formatVersion = options.formatVersion();
    if (options.bloomType() != BloomType.NONE) {
      bloom = new BloomFilterWriter(options.bloomType(), options.bloomErrorRate(), options.bloomChunkKeys());
    }
  }

  /**
   * Appends a cell, which must sort strictly after the previous one.
   *
   * @throws IllegalStateException if the cell does not sort after the previous one, or the
   *     writer is finished, closed or failed
   * @throws IllegalArgumentException if the cell is of another family, of a seek-only type or
   *     too large for a block
   * @throws IOException if writing a finished block fails; the writer is then unusable
   */
  public void append(Cell cell) throws IOException {
    Objects.requireNonNull(cell, "cell");
    append(cell, cell.sequenceId());
  }

  /**
   * Appends a cell as if its sequence number were {@code sequenceId}: what
   * {@code append(cell.withSequenceId(sequenceId))} does, without making that cell (a bulk load
   * writes every cell of a run with the run's number).
   *
   * @throws IllegalStateException if the cell does not sort after the previous one, or the
   *     writer is finished, closed or failed
   * @throws IllegalArgumentException if the cell is of another family, of a seek-only type or
   *     too large for a block
   * @throws IOException if writing a finished block fails; the writer is then unusable
   */
  public void append(Cell cell, long sequenceId) throws IOException {
    checkOpen();
    Objects.requireNonNull(cell, "cell");
    if (!cell.type().isStorable()) {
      throw new IllegalArgumentException("cell " + cell + " has seek-only type " + cell.type());
    }
    if (cell.family() != options.family() && !Arrays.equals(cell.family(), options.family())) {
      throw new IllegalArgumentException("cell " + cell + " is not of this file's family '"
          + Bytes.toStringBinary(options.family()) + "'");
    }
    long size = (long) cell.row().length + cell.qualifier().length + cell.value().length + 64;
    if (size > StoreFileFormat.MAX_BLOCK_CONTENTS) {
      throw new IllegalArgumentException("cell " + cell + " needs " + size + " bytes, more than the "
          + StoreFileFormat.MAX_BLOCK_CONTENTS + " a block may hold");
    }
    if (last != null) {
      int c = CellComparator.INSTANCE.compare(last, cell);
      // the later write of the same coordinates comes first
      if (c > 0 || c == 0 && lastSequenceId <= sequenceId) {
        throw new IllegalStateException("cells must be appended in strictly increasing order: "
            + cell.withSequenceId(sequenceId) + " does not sort after " + last.withSequenceId(lastSequenceId));
      }
    }
    key.reset();
    if (suffixFirst) {
      CellKeys.encodeSuffixFirst(cell, sequenceId, key);
    } else {
      CellKeys.encode(cell, sequenceId, key);
    }
    dataBlock.add(key.array(), key.size(), cell.value(), 0, cell.value().length);
    if (last == null) {
      info.firstKey = cell.withoutValue().withSequenceId(sequenceId);
    } else if (Arrays.equals(last.qualifier(), cell.qualifier()) && Arrays.equals(last.row(), cell.row())) {
      info.repeatCount++;
    }
    last = cell;
    lastSequenceId = sequenceId;
    if (bloom != null) {
      bloom.add(cell);
      if (bloom.estimatedSize() > StoreFileFormat.MAX_BLOCK_CONTENTS) {
        LOG.warn("store file {} would need a bloom block larger than {} bytes after {} keys; writing it without "
            + "a bloom filter", path, StoreFileFormat.MAX_BLOCK_CONTENTS, bloom.keyCount());
        bloom = null;
        info.bloomType = BloomType.NONE;
      }
    }
    info.entryCount++;
    if (cell.type() == CellType.PUT) {
      info.putCount++;
    } else {
      info.deleteCount++;
    }
    info.minTimestamp = Math.min(info.minTimestamp, cell.timestamp());
    info.maxTimestamp = Math.max(info.maxTimestamp, cell.timestamp());
    info.maxSequenceId = Math.max(info.maxSequenceId, sequenceId);
    if (dataBlock.estimatedSize() >= options.blockSize()) {
      flushDataBlock();
    }
  }

  /**
   * Records a caller value in the file info, readable through
   * {@link StoreFileInfo#metadata()}; a later call for the same key replaces the value.
   */
  public void setMetadata(String key, String value) {
    checkOpen();
    info.metadata.put(Objects.requireNonNull(key, "key"), Objects.requireNonNull(value, "value"));
  }

  /**
   * Adds a named meta block, written at {@link #finish()} with the file's compression and found
   * again through {@link StoreFileReader#metaBlock(String)}. The writer adds the bloom block
   * itself, from the options' bloom type.
   *
   * @throws IllegalArgumentException if the name is empty, already used or starts with
   *     {@code "cellar."} (names the format reserves)
   */
  public void addMetaBlock(String name, byte[] contents) {
    checkOpen();
    byte[] n = Objects.requireNonNull(name, "name").getBytes(StandardCharsets.UTF_8);
    if (n.length == 0) {
      throw new IllegalArgumentException("a meta block needs a name");
    }
    if (name.startsWith(RESERVED_META_PREFIX)) {
      throw new IllegalArgumentException("meta block names starting with '" + RESERVED_META_PREFIX
          + "' are reserved by the store file format: '" + name + "'");
    }
    if (metaBlocks.putIfAbsent(n, new MetaBlock(contents.clone(), options.compression())) != null) {
      throw new IllegalArgumentException("meta block '" + name + "' added twice");
    }
  }

  /** Cells appended so far. */
  public long entryCount() {
    return info.entryCount;
  }

  /** Bytes written so far plus the block being built: what the file would roughly take now. */
  public long estimatedSize() {
    return offset + dataBlock.estimatedSize();
  }

  /**
   * Writes the last data block, the meta blocks, meta index, file info, index and trailer, and
   * syncs the file.
   *
   * @return what the file holds, equal to what a reader of the file reports
   */
  public StoreFileInfo finish() throws IOException {
    checkOpen();
    try {
      if (!dataBlock.isEmpty()) {
        flushDataBlock();
      }
      if (bloom != null) {
        // Bits of a good filter look random: compressing them would only cost time.
        metaBlocks.put(BloomFilter.META_BLOCK_NAME.getBytes(StandardCharsets.UTF_8),
            new MetaBlock(bloom.finish(), Compression.NONE));
        bloom = null;
      }
      BlockBuilder metaIndex = new BlockBuilder(options.restartInterval(), 256);
      for (Map.Entry<byte[], MetaBlock> e : metaBlocks.entrySet()) {
        byte[] contents = e.getValue().contents();
        BlockHandle h = writeBlock(BlockKind.META, e.getValue().compression(), contents, contents.length);
        handleBytes.reset();
        h.write(handleBytes);
        metaIndex.add(e.getKey(), e.getKey().length, handleBytes.array(), 0, handleBytes.size());
      }
      BlockHandle metaIndexHandle = writeBlock(BlockKind.META_INDEX, Compression.NONE, metaIndex.finish());
      if (last != null) {
        info.lastKey = last.withoutValue().withSequenceId(lastSequenceId);
      }
      BlockBuilder fileInfo = new BlockBuilder(options.restartInterval(), 1024);
      FileInfo.encode(info, fileInfo);
      BlockHandle fileInfoHandle = writeBlock(BlockKind.FILE_INFO, Compression.NONE, fileInfo.finish());
      BlockHandle indexHandle = writeBlock(BlockKind.INDEX, Compression.NONE, indexBlock.finish());
      stored.reset();
      new Trailer(metaIndexHandle, fileInfoHandle, indexHandle, options.formatVersion()).write(stored);
      file.write(stored.array(), 0, stored.size());
      offset += stored.size();
      file.sync();
    } catch (IOException | RuntimeException e) {
      state = State.FAILED;
      throw e;
    }
    state = State.FINISHED;
    info.fileSize = offset;
    return info.build();
  }

  /** Closes the file. Idempotent; without {@link #finish()} the file is incomplete. */
  @Override
  public void close() throws IOException {
    if (state != State.CLOSED) {
      state = State.CLOSED;
      file.close();
    }
  }

  private void flushDataBlock() throws IOException {
    BlockHandle h = writeBlock(BlockKind.DATA, options.compression(), dataBlock.finish());
    handleBytes.reset();
    h.write(handleBytes);
    byte[] lastKey = dataBlock.lastKey();
    int lastKeyLength = dataBlock.lastKeyLength();
    if (suffixFirst) {
      if (indexKey.length < lastKeyLength) {
        indexKey = new byte[Math.max(lastKeyLength, indexKey.length * 2)];
      }
      CellKeys.suffixFirstToFieldOrder(lastKey, lastKeyLength, indexKey);
      lastKey = indexKey;
    }
    indexBlock.add(lastKey, lastKeyLength, handleBytes.array(), 0, handleBytes.size());
    info.dataBlockCount++;
    dataBlock.reset();
  }

  private BlockHandle writeBlock(BlockKind kind, Compression compression, ByteWriter contents) throws IOException {
    return writeBlock(kind, compression, contents.array(), contents.size());
  }

  private BlockHandle writeBlock(BlockKind kind, Compression compression, byte[] contents, int length)
      throws IOException {
    stored.reset();
    int payload;
    try {
      payload = codec.encode(kind, compression, contents, length, stored);
      file.write(stored.array(), 0, stored.size());
    } catch (IOException | RuntimeException e) {
      state = State.FAILED;
      throw e;
    }
    BlockHandle h = new BlockHandle(offset, payload);
    offset += stored.size();
    return h;
  }

  private void checkOpen() {
    if (state != State.OPEN) {
      throw new IllegalStateException("store file writer for " + path + " is " + state.name().toLowerCase(Locale.ROOT));
    }
  }

  @Override
  public String toString() {
    return "StoreFileWriter[" + path + ", " + info.entryCount + " cells, " + state + "]";
  }

  /**
   * How a writer lays out a file: the family whose cells it holds, the data block size, the
   * per-block compression, the bloom filter (type, target false-positive rate, keys per chunk)
   * and the restart interval. Immutable; {@code with…} methods return modified copies.
   */
  public static final class Options {
    private final byte[] family;
    private final int blockSize;
    private final Compression compression;
    private final BloomType bloomType;
    private final double bloomErrorRate;
    private final int bloomChunkKeys;
    private final int restartInterval;
    private final Clock clock;
    private final int formatVersion;

    private Options(byte[] family, int blockSize, Compression compression, BloomType bloomType,
        double bloomErrorRate, int bloomChunkKeys, int restartInterval, Clock clock, int formatVersion) {
      this.family = Objects.requireNonNull(family, "family");
      if (blockSize < 1 || blockSize > StoreFileFormat.MAX_BLOCK_CONTENTS) {
        throw new IllegalArgumentException("block size " + blockSize + " must be between 1 and "
            + StoreFileFormat.MAX_BLOCK_CONTENTS + " bytes");
      }
      if (restartInterval < 1 || restartInterval > 1024) {
        throw new IllegalArgumentException("restart interval " + restartInterval + " must be between 1 and 1024");
      }
      this.blockSize = blockSize;
      this.compression = Objects.requireNonNull(compression, "compression");
      this.bloomType = Objects.requireNonNull(bloomType, "bloomType");
      if (!(bloomErrorRate >= 1e-9 && bloomErrorRate <= 0.5)) {
        throw new IllegalArgumentException("bloom false-positive rate " + bloomErrorRate
            + " must be between 1e-9 and 0.5");
      }
      if (bloomChunkKeys < 1 || bloomChunkKeys > BloomFilter.MAX_CHUNK_KEYS) {
        throw new IllegalArgumentException("bloom chunk size " + bloomChunkKeys + " must be between 1 and "
            + BloomFilter.MAX_CHUNK_KEYS + " keys");
      }
      this.bloomErrorRate = bloomErrorRate;
      this.bloomChunkKeys = bloomChunkKeys;
      this.restartInterval = restartInterval;
      this.clock = Objects.requireNonNull(clock, "clock");
      if (formatVersion < StoreFileFormat.OLDEST_READABLE_VERSION || formatVersion > StoreFileFormat.VERSION) {
        throw new IllegalArgumentException("store file format version " + formatVersion + " must be between "
            + StoreFileFormat.OLDEST_READABLE_VERSION + " and " + StoreFileFormat.VERSION);
      }
      this.formatVersion = formatVersion;
    }

    /** Options for a file of {@code family}: 64 KiB blocks, no compression, no bloom filter. */
    public static Options of(byte[] family) {
      return new Options(family.clone(), ColumnFamilyDescriptor.DEFAULT_BLOCKSIZE, Compression.NONE,
          BloomType.NONE, BloomFilter.DEFAULT_ERROR_RATE, BloomFilter.DEFAULT_CHUNK_KEYS,
          StoreFileFormat.DEFAULT_RESTART_INTERVAL, Clock.systemUTC(), StoreFileFormat.VERSION);
    }

    /** Options taking the family's name, BLOCKSIZE, COMPRESSION and BLOOMFILTER settings. */
    public static Options of(ColumnFamilyDescriptor family) {
      return of(family.nameBytes()).withBlockSize(family.blockSize()).withCompression(family.compression())
          .withBloomType(family.bloomType());
    }

    /** Target uncompressed size of a data block; a block is cut once it reaches this size. */
    public Options withBlockSize(int bytes) {
      return new Options(family, bytes, compression, bloomType, bloomErrorRate, bloomChunkKeys, restartInterval,
          clock, formatVersion);
    }

    public Options withCompression(Compression c) {
      return new Options(family, blockSize, c, bloomType, bloomErrorRate, bloomChunkKeys, restartInterval, clock,
          formatVersion);
    }

    /** The bloom filter the file carries: NONE (no bloom block), ROW or ROWCOL. */
    public Options withBloomType(BloomType t) {
      return new Options(family, blockSize, compression, t, bloomErrorRate, bloomChunkKeys, restartInterval,
          clock, formatVersion);
    }

    /**
     * Target false-positive rate of the bloom filter, in [1e-9, 0.5]; default
     * {@link BloomFilter#DEFAULT_ERROR_RATE}. Sets the bits per key ({@code -ln p / ln² 2})
     * and the hash count ({@code bits per key · ln 2}, rounded).
     */
    public Options withBloomErrorRate(double p) {
      return new Options(family, blockSize, compression, bloomType, p, bloomChunkKeys, restartInterval, clock,
          formatVersion);
    }

    /** Most keys per bloom chunk; default {@link BloomFilter#DEFAULT_CHUNK_KEYS}. */
    public Options withBloomChunkKeys(int keys) {
      return new Options(family, blockSize, compression, bloomType, bloomErrorRate, keys, restartInterval, clock,
          formatVersion);
    }

    /** Entries between restart points (full keys) in each block; 16 unless changed. */
    public Options withRestartInterval(int entries) {
      return new Options(family, blockSize, compression, bloomType, bloomErrorRate, bloomChunkKeys, entries,
          clock, formatVersion);
    }

    /** The clock that stamps the file's creation time (for tests). */
    public Options withClock(Clock c) {
      return new Options(family, blockSize, compression, bloomType, bloomErrorRate, bloomChunkKeys,
          restartInterval, c, formatVersion);
    }

    /**
     * The format version the file is written in: {@link StoreFileFormat#VERSION} unless changed;
     * an earlier one for a file that an earlier release must read.
     */
    public Options withFormatVersion(int version) {
      return new Options(family, blockSize, compression, bloomType, bloomErrorRate, bloomChunkKeys, restartInterval,
          clock, version);
    }

    public int formatVersion() {
      return formatVersion;
    }

    /** The family; every appended cell must have it. Do not modify. */
    public byte[] family() {
      return family;
    }

    public int blockSize() {
      return blockSize;
    }

    public Compression compression() {
      return compression;
    }

    public BloomType bloomType() {
      return bloomType;
    }

    public double bloomErrorRate() {
      return bloomErrorRate;
    }

    public int bloomChunkKeys() {
      return bloomChunkKeys;
    }

    public int restartInterval() {
      return restartInterval;
    }

    public Clock clock() {
      return clock;
    }
  }
}
