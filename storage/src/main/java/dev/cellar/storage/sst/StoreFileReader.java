package dev.cellar.storage.sst;

import dev.cellar.storage.BloomType;
import dev.cellar.storage.CorruptionException;
import dev.cellar.storage.StorageException;
import dev.cellar.storage.fs.Vfs;
import dev.cellar.storage.iter.CellIterator;
import dev.cellar.storage.util.ByteReader;
import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.util.Set;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An open store file. {@link #open} checks the trailer and loads the file info, the block index,
 * the meta index and the bloom filter (if the file has one); data blocks are read on demand,
 * each checked against its CRC-32C, by the iterators. Thread-safe: any number of threads may
 * open iterators at once. The layout is specified in {@code storage/docs/store-file-format.md}.
 *
 * <p>Every structural problem and checksum mismatch is a {@link CorruptionException} naming the
 * file and the offset of the bad block or trailer; I/O failures are {@link StorageException}s.
 */
public final class StoreFileReader implements Closeable {
  private static final Logger LOG = LoggerFactory.getLogger(StoreFileReader.class);

  private final Vfs.ReadableFile file;
  private final String path;
  private final StoreFileInfo info;
  private final BlockIndex index;
  private final MetaIndex metaIndex;
  private final BloomFilter bloom;
  private final LongAdder dataBlocksRead = new LongAdder();
  private final BlockCache cache;
  private final long readerId = BlockCache.newReaderId();
  /** The blocks of this file that the cache holds, by number; null without a cache. */
  private final BlockCache.Slots slots;

  private StoreFileReader(Vfs.ReadableFile file, StoreFileInfo info, BlockIndex index, MetaIndex metaIndex,
      BloomFilter bloom, BlockCache cache) {
    this.file = file;
    this.cache = cache;
    this.path = file.path();
    this.info = info;
    this.index = index;
    this.metaIndex = metaIndex;
    this.bloom = bloom;
    this.slots = cache == null ? null : BlockCache.slotsFor(index.size());
  }

  /**
   * Opens a store file: checks the trailer (magic number, version, checksum), then reads and
   * checks the file info, index and meta index blocks and the bloom block. Takes ownership of
   * {@code file}: it is closed by {@link #close()}, or at once if opening fails.
   *
   * @throws CorruptionException if the file is not a valid store file of a known version
   * @throws StorageException if reading fails
   */
  public static StoreFileReader open(Vfs.ReadableFile file) {
    return open(file, null);
  }

  /**
   * As {@link #open(Vfs.ReadableFile)}, with data blocks going through {@code cache} (none when
   * {@code null}: the family's BLOCKCACHE is false, or the store has no cache).
   */
  public static StoreFileReader open(Vfs.ReadableFile file, BlockCache cache) {
    boolean ok = false;
    try {
      StoreFileReader r = load(file, cache);
      ok = true;
      return r;
    } finally {
      if (!ok) {
        try {
          file.close();
        } catch (IOException ignored) {
          // the original failure is what matters
        }
      }
    }
  }

  private static StoreFileReader load(Vfs.ReadableFile file, BlockCache cache) {
    String path = file.path();
    long size;
    try {
      size = file.size();
    } catch (IOException e) {
      throw new StorageException("cannot read the size of store file " + path + ": " + e.getMessage(), e);
    }
    if (size < StoreFileFormat.TRAILER_SIZE) {
      throw new CorruptionException(path, 0, "file of " + size + " bytes is shorter than the "
          + StoreFileFormat.TRAILER_SIZE + "-byte trailer");
    }
    long trailerAt = size - StoreFileFormat.TRAILER_SIZE;
    byte[] t = new byte[StoreFileFormat.TRAILER_SIZE];
    readFully(file, path, trailerAt, t, t.length);
    Trailer trailer = Trailer.read(t, path, trailerAt);
    if (trailer.metaIndex().end() != trailer.fileInfo().offset() || trailer.fileInfo().end() != trailer.index().offset()
        || trailer.index().end() != trailerAt) {
      throw new CorruptionException(path, trailerAt, "trailer handles " + trailer.metaIndex() + ", " + trailer.fileInfo()
          + ", " + trailer.index() + " do not tile the file up to the trailer at " + trailerAt);
    }
    StoreFileInfo.Builder b = new StoreFileInfo.Builder();
    FileInfo.decode(readStructured(file, path, trailer.fileInfo(), BlockKind.FILE_INFO), b);
    Block indexBlock = readStructured(file, path, trailer.index(), BlockKind.INDEX);
    BlockIndex index = BlockIndex.read(indexBlock, b.family, trailer.metaIndex().offset());
    MetaIndex metaIndex = MetaIndex.read(readStructured(file, path, trailer.metaIndex(), BlockKind.META_INDEX),
        index.dataEnd(), trailer.metaIndex().offset());
    int n = index.size();
    if ((n == 0) != (b.entryCount == 0) || n > b.entryCount
        || (n > 0 && !index.lastKeyEquals(n - 1, CellKeys.encode(b.lastKey)))) {
      throw new CorruptionException(path, trailer.index().offset(), "index of " + n
          + " blocks disagrees with the file info (" + b.entryCount + " entries, last key " + b.lastKey + ")");
    }
    BloomFilter bloom = loadBloom(file, path, metaIndex, b.bloomType);
    b.path = path;
    b.fileSize = size;
    b.formatVersion = trailer.version();
    b.dataBlockCount = n;
    return new StoreFileReader(file, b.build(), index, metaIndex, bloom, cache);
  }

  /**
   * Reads and checks the bloom block. {@code null} when the file has none (bloom type NONE, or a
   * file of an earlier writer that recorded the type without storing a filter) or when the
   * block was written by a newer writer in a layout this reader does not know: the file is then
   * read as if it had no filter, which costs reads but never hides cells.
   */
  private static BloomFilter loadBloom(Vfs.ReadableFile file, String path, MetaIndex metaIndex, BloomType type) {
    BlockHandle h = metaIndex.get(BloomFilter.META_BLOCK_NAME);
    if (h == null) {
      return null;
    }
    if (type == BloomType.NONE) {
      throw new CorruptionException(path, h.offset(), "bloom block in a file whose file info records no bloom filter");
    }
    byte[] contents = BlockCodec.decodeOpaque(readStored(file, path, h), h, BlockKind.META, path);
    try {
      return BloomFilter.decode(contents, type, path, h.offset());
    } catch (BloomFilter.UnsupportedBloomException e) {
      LOG.warn("store file {}: ignoring its bloom filter: {}", path, e.getMessage());
      return null;
    }
  }

  /** Whether the data blocks' cell keys are suffix first (format version 2 on; {@link CellKeys}). */
  boolean suffixFirstKeys() {
    return info.formatVersion() >= 2;
  }

  /** What the file holds, from its file info. */
  public StoreFileInfo info() {
    return info;
  }

  public String path() {
    return path;
  }

  /** Cells in the file; same as {@code info().entryCount()}. */
  public long entryCount() {
    return info.entryCount();
  }

  /** Largest sequence id in the file, {@link Long#MIN_VALUE} if empty; same as {@code info().maxSequenceId()}. */
  public long maxSequenceId() {
    return info.maxSequenceId();
  }

  /** First row, or {@code null} if the file is empty; same as {@code info().firstRow()}. */
  public byte[] firstRow() {
    return info.firstRow();
  }

  /** Last row, or {@code null} if the file is empty; same as {@code info().lastRow()}. */
  public byte[] lastRow() {
    return info.lastRow();
  }

  /**
   * A new iterator over the file's cells, unpositioned. Iterators are not thread-safe, but any
   * number may be open at once, in any threads.
   */
  public CellIterator iterator() {
    return new StoreFileIterator(this, index, info.family(), true);
  }

  /**
   * A new iterator, as {@link #iterator()}, whose block reads use the block cache's blocks but
   * do not add to it: for a compaction, which reads every block once, so that it does not push
   * out the blocks queries use.
   */
  public CellIterator iteratorWithoutCaching() {
    return new StoreFileIterator(this, index, info.family(), false);
  }

  /**
   * A row near the middle of the file by data volume: the last row of the middle data block, or
   * {@code null} if the file is empty. Used to pick split points.
   */
  public byte[] midRow() {
    int n = index.size();
    return n == 0 ? null : index.lastRow((n - 1) / 2);
  }

  /** The number of data blocks. */
  public int dataBlockCount() {
    return index.size();
  }

  /** The row of the last cell of data block {@code i} (0 ≤ i < {@link #dataBlockCount}), from the index. */
  public byte[] lastRowOfBlock(int i) {
    return index.lastRow(i);
  }

  /**
   * The file's bloom filter, or {@code null} if it has none this reader can use: the caller then
   * reads the file for every row.
   */
  public BloomFilter bloomFilter() {
    return bloom;
  }

  /** Names of the meta blocks, in byte order. */
  public Set<String> metaBlockNames() {
    return metaIndex.names();
  }

  /**
   * The contents of the named meta block, read and checked now, or {@code null} if the file has
   * none of that name.
   */
  public byte[] metaBlock(String name) {
    BlockHandle h = metaIndex.get(name);
    return h == null ? null : BlockCodec.decodeOpaque(readStored(file, path, h), h, BlockKind.META, path);
  }

  /** Where this reader keeps the blocks the cache holds; null without a cache. */
  BlockCache.Slots slots() {
    return slots;
  }

  /** Data blocks read from the file (not the cache) since this reader was opened, by all its iterators. */
  public long dataBlocksRead() {
    return dataBlocksRead.sum();
  }

  /**
   * Reads and decodes data block {@code i}. The single path by which iterators get data blocks,
   * so that a block cache can be put here.
   */
  Block readBlock(int i) {
    return readBlock(i, true);
  }

  /** As {@link #readBlock(int)}; without {@code caching}, a block the cache lacks is not added to it. */
  Block readBlock(int i, boolean caching) {
    BlockHandle handle = index.handle(i);
    if (cache == null) {
      return loadBlock(i, handle);
    }
    return caching ? cache.get(readerId, handle.offset(), slots, i, off -> loadBlock(i, handle))
        : cache.getWithoutCaching(readerId, handle.offset(), slots, i, off -> loadBlock(i, handle));
  }

  /**
   * Reads, checks and decodes data block {@code i}. Its checksum covers its bytes but not where
   * they are, so a block that is intact but in the wrong place (two blocks of one size swapped,
   * a block written at the wrong offset) passes it: the block's last key must also be the one
   * the index lists for it.
   */
  private Block loadBlock(int i, BlockHandle handle) {
    dataBlocksRead.increment();
    Block b = BlockCodec.decode(readStored(file, path, handle), handle, BlockKind.DATA, path);
    BlockIterator it = new BlockIterator();
    boolean suffixFirst = suffixFirstKeys();
    it.reset(b, suffixFirst);
    if (!it.seekToLast() || !index.lastKeyEquals(i, fieldOrder(it, suffixFirst), it.keyLength())) {
      throw new CorruptionException(path, handle.offset(), "data block " + i + " does not end with the key the "
          + "index lists for it: a block out of place");
    }
    return b;
  }

  /** The iterator's current key in field order, the order of the index's keys. */
  private byte[] fieldOrder(BlockIterator it, boolean suffixFirst) {
    if (!suffixFirst) {
      return it.key();
    }
    byte[] out = new byte[it.keyLength()];
    try {
      CellKeys.suffixFirstToFieldOrder(it.key(), it.keyLength(), out);
    } catch (ByteReader.Malformed e) {
      throw it.block().corrupt("bad cell key: " + e.getMessage(), it.entryOffset());
    }
    return out;
  }

  private static Block readStructured(Vfs.ReadableFile file, String path, BlockHandle h, BlockKind kind) {
    return BlockCodec.decode(readStored(file, path, h), h, kind, path);
  }

  private static byte[] readStored(Vfs.ReadableFile file, String path, BlockHandle h) {
    byte[] b = new byte[h.size() + StoreFileFormat.BLOCK_TRAILER_SIZE];
    readFully(file, path, h.offset(), b, b.length);
    return b;
  }

  private static void readFully(Vfs.ReadableFile file, String path, long pos, byte[] b, int len) {
    try {
      file.readFully(pos, b, 0, len);
    } catch (EOFException e) {
      throw new CorruptionException(path, pos, "file ends inside the " + len + " bytes expected here", e);
    } catch (IOException e) {
      throw new StorageException("cannot read store file " + path + " at offset " + pos + ": " + e.getMessage(), e);
    }
  }

  /** Closes the file; iterators still open fail on their next block read. */
  @Override
  public void close() throws IOException {
    if (cache != null) {
      slots.clear();
      cache.invalidateReader(readerId);
    }
    file.close();
  }

  @Override
  public String toString() {
    return "StoreFileReader[" + path + ", " + info.entryCount() + " cells in " + info.dataBlockCount() + " blocks]";
  }
}
