package dev.cellar.storage.sst;

import dev.cellar.storage.BloomType;
import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import dev.cellar.storage.Compression;
import java.util.Arrays;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What a store file holds, as its writer recorded it in the file info: returned by
 * {@link StoreFileWriter#finish()} and by {@link StoreFileReader#info()}, which agree. Used to
 * skip files by key and time range, to pick compactions and to restore the sequence counter.
 * Immutable.
 *
 * <p>For an empty file the first and last keys are {@code null}, {@link #minTimestamp()} is
 * {@link Long#MAX_VALUE} and {@link #maxTimestamp()} and {@link #maxSequenceId()} are
 * {@link Long#MIN_VALUE}: the neutral elements of min and max.
 */
public final class StoreFileInfo {
  private final String path;
  private final long fileSize;
  private final int formatVersion;
  private final byte[] family;
  private final String comparatorName;
  private final long entryCount;
  private final long putCount;
  private final long deleteCount;
  private final long repeatCount;
  private final Cell firstKey;
  private final Cell lastKey;
  private final long minTimestamp;
  private final long maxTimestamp;
  private final long maxSequenceId;
  private final Compression compression;
  private final int blockSize;
  private final BloomType bloomType;
  private final long createdMillis;
  private final int dataBlockCount;
  private final SortedMap<String, String> metadata;

  private StoreFileInfo(Builder b) {
    this.path = Objects.requireNonNull(b.path);
    this.fileSize = b.fileSize;
    this.formatVersion = b.formatVersion;
    this.family = Objects.requireNonNull(b.family);
    this.comparatorName = Objects.requireNonNull(b.comparatorName);
    this.entryCount = b.entryCount;
    this.putCount = b.putCount;
    this.deleteCount = b.deleteCount;
    this.repeatCount = b.repeatCount;
    this.firstKey = b.firstKey;
    this.lastKey = b.lastKey;
    this.minTimestamp = b.minTimestamp;
    this.maxTimestamp = b.maxTimestamp;
    this.maxSequenceId = b.maxSequenceId;
    this.compression = Objects.requireNonNull(b.compression);
    this.blockSize = b.blockSize;
    this.bloomType = Objects.requireNonNull(b.bloomType);
    this.createdMillis = b.createdMillis;
    this.dataBlockCount = b.dataBlockCount;
    this.metadata = Collections.unmodifiableSortedMap(new TreeMap<>(b.metadata));
  }

  /** The file's path, as given to the writer or as its {@code ReadableFile} reports it. */
  public String path() {
    return path;
  }

  /** Bytes in the file. */
  public long fileSize() {
    return fileSize;
  }

  public int formatVersion() {
    return formatVersion;
  }

  /** The family of every cell in the file. Do not modify. */
  public byte[] family() {
    return family;
  }

  /** Name of the order the cells are in ({@link dev.cellar.storage.CellComparator#NAME}). */
  public String comparatorName() {
    return comparatorName;
  }

  /** Cells in the file. */
  public long entryCount() {
    return entryCount;
  }

  /** Cells of type {@code PUT}. */
  public long putCount() {
    return putCount;
  }

  /** Delete markers of any type. */
  public long deleteCount() {
    return deleteCount;
  }

  /**
   * Cells of the row, family and qualifier of the cell before them (older versions of a column,
   * and puts after a column's delete markers), or -1 if the file does not say (written before
   * the count was kept). 0 with no delete markers: every cell is the only one of its column.
   */
  public long repeatCount() {
    return repeatCount;
  }

  public boolean isEmpty() {
    return entryCount == 0;
  }

  /** The first cell without its value, or {@code null} if the file is empty. */
  public Cell firstKey() {
    return firstKey;
  }

  /** The last cell without its value, or {@code null} if the file is empty. */
  public Cell lastKey() {
    return lastKey;
  }

  /** The first row, or {@code null} if the file is empty. */
  public byte[] firstRow() {
    return firstKey == null ? null : firstKey.row();
  }

  /** The last row, or {@code null} if the file is empty. */
  public byte[] lastRow() {
    return lastKey == null ? null : lastKey.row();
  }

  /** Smallest cell timestamp; {@link Long#MAX_VALUE} if the file is empty. */
  public long minTimestamp() {
    return minTimestamp;
  }

  /** Largest cell timestamp; {@link Long#MIN_VALUE} if the file is empty. */
  public long maxTimestamp() {
    return maxTimestamp;
  }

  /** Largest sequence id; {@link Long#MIN_VALUE} if the file is empty. */
  public long maxSequenceId() {
    return maxSequenceId;
  }

  /** The compression data blocks were written with (a block that would not shrink is stored plain). */
  public Compression compression() {
    return compression;
  }

  /** The target data block size the file was written with. */
  public int blockSize() {
    return blockSize;
  }

  public BloomType bloomType() {
    return bloomType;
  }

  /** When the writer was created, in milliseconds since the epoch. */
  public long createdMillis() {
    return createdMillis;
  }

  public int dataBlockCount() {
    return dataBlockCount;
  }

  /** The caller's metadata ({@link StoreFileWriter#setMetadata}), sorted by key. */
  public SortedMap<String, String> metadata() {
    return metadata;
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (!(o instanceof StoreFileInfo i)) {
      return false;
    }
    return path.equals(i.path) && fileSize == i.fileSize && formatVersion == i.formatVersion
        && Arrays.equals(family, i.family) && comparatorName.equals(i.comparatorName) && entryCount == i.entryCount
        && putCount == i.putCount && deleteCount == i.deleteCount && repeatCount == i.repeatCount && Objects.equals(firstKey, i.firstKey)
        && Objects.equals(lastKey, i.lastKey) && minTimestamp == i.minTimestamp && maxTimestamp == i.maxTimestamp
        && maxSequenceId == i.maxSequenceId && compression == i.compression && blockSize == i.blockSize
        && bloomType == i.bloomType && createdMillis == i.createdMillis && dataBlockCount == i.dataBlockCount
        && metadata.equals(i.metadata);
  }

  @Override
  public int hashCode() {
    return Objects.hash(path, fileSize, entryCount, firstKey, lastKey, maxSequenceId, createdMillis);
  }

  @Override
  public String toString() {
    return "StoreFileInfo[path=" + path + ", size=" + fileSize + ", version=" + formatVersion + ", family="
        + Bytes.toStringBinary(family) + ", entries=" + entryCount + " (puts=" + putCount + ", deletes=" + deleteCount
        + ", repeats=" + repeatCount + "), blocks=" + dataBlockCount + ", first=" + firstKey + ", last=" + lastKey + ", ts=[" + minTimestamp + ", "
        + maxTimestamp + "], maxSeq=" + maxSequenceId + ", compression=" + compression + ", blockSize=" + blockSize
        + ", bloom=" + bloomType + ", created=" + createdMillis + ", metadata=" + metadata + "]";
  }

  /** Collects the fields while a file is written or its file info decoded. */
  static final class Builder {
    String path;
    long fileSize;
    int formatVersion = StoreFileFormat.VERSION;
    byte[] family;
    String comparatorName;
    long entryCount;
    long putCount;
    long deleteCount;
    long repeatCount;
    Cell firstKey;
    Cell lastKey;
    long minTimestamp = Long.MAX_VALUE;
    long maxTimestamp = Long.MIN_VALUE;
    long maxSequenceId = Long.MIN_VALUE;
    Compression compression;
    int blockSize;
    BloomType bloomType;
    long createdMillis;
    int dataBlockCount;
    final Map<String, String> metadata = new TreeMap<>();

    StoreFileInfo build() {
      return new StoreFileInfo(this);
    }
  }
}
