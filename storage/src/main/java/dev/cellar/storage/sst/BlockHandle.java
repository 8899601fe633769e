package dev.cellar.storage.sst;

import dev.cellar.storage.util.ByteReader;
import dev.cellar.storage.util.ByteWriter;

/**
 * Where a block is stored: the offset of its first byte and the size of its stored payload,
 * not counting the {@value StoreFileFormat#BLOCK_TRAILER_SIZE}-byte block trailer that follows
 * it. Inside blocks a handle is two varints ({@link #write}); in the file trailer, two fixed
 * eight-byte integers ({@link #writeFixed}). See {@code storage/docs/store-file-format.md}.
 */
public final class BlockHandle {
  /** Bytes of the fixed-width encoding. */
  static final int FIXED_SIZE = 16;

  private final long offset;
  private final int size;

  /**
   * @throws IllegalArgumentException if the offset is negative or the size is outside
   *     {@code [0, MAX_BLOCK_CONTENTS]}
   */
  public BlockHandle(long offset, int size) {
    if (offset < 0) {
      throw new IllegalArgumentException("block offset " + offset + " is negative");
    }
    if (size < 0 || size > StoreFileFormat.MAX_BLOCK_CONTENTS) {
      throw new IllegalArgumentException("block size " + size + " is outside [0, "
          + StoreFileFormat.MAX_BLOCK_CONTENTS + "]");
    }
    this.offset = offset;
    this.size = size;
  }

  /** Offset of the block's first byte in the file. */
  public long offset() {
    return offset;
  }

  /** Size of the stored payload, without the block trailer. */
  public int size() {
    return size;
  }

  /** Offset just past the block trailer: where the next block starts. */
  public long end() {
    return offset + size + StoreFileFormat.BLOCK_TRAILER_SIZE;
  }

  /** Appends the varint encoding: offset, then size. */
  public void write(ByteWriter out) {
    out.putVarLong(offset);
    out.putVarLong(size);
  }

  /**
   * Reads the varint encoding.
   *
   * @throws ByteReader.Malformed if the bytes end first or a value is out of range
   */
  public static BlockHandle read(ByteReader in) {
    int start = in.position();
    long offset = in.getVarLong();
    long size = in.getVarLong();
    return checked(offset, size, start);
  }

  /** Appends the fixed encoding: offset and size as eight-byte big-endian integers. */
  public void writeFixed(ByteWriter out) {
    out.putLong(offset);
    out.putLong(size);
  }

  /**
   * Reads the fixed encoding.
   *
   * @throws ByteReader.Malformed if the bytes end first or a value is out of range
   */
  public static BlockHandle readFixed(ByteReader in) {
    int start = in.position();
    long offset = in.getLong();
    long size = in.getLong();
    return checked(offset, size, start);
  }

  private static BlockHandle checked(long offset, long size, int position) {
    if (offset < 0) {
      throw new ByteReader.Malformed("block handle offset " + offset + " is negative", position);
    }
    if (size < 0 || size > StoreFileFormat.MAX_BLOCK_CONTENTS) {
      throw new ByteReader.Malformed("block handle size " + size + " is outside [0, "
          + StoreFileFormat.MAX_BLOCK_CONTENTS + "]", position);
    }
    return new BlockHandle(offset, (int) size);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof BlockHandle h && h.offset == offset && h.size == size;
  }

  @Override
  public int hashCode() {
    return Long.hashCode(offset) * 31 + size;
  }

  @Override
  public String toString() {
    return "BlockHandle[offset=" + offset + ", size=" + size + "]";
  }
}
