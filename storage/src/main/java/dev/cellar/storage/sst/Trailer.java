package dev.cellar.storage.sst;

import dev.cellar.storage.CorruptionException;
import dev.cellar.storage.util.ByteReader;
import dev.cellar.storage.util.ByteWriter;
import dev.cellar.storage.util.Checksums;
import java.util.Locale;

/**
 * The fixed-size trailer that ends every store file: handles of the meta index, file info and
 * index blocks, the format version, a CRC-32C of the trailer and the magic number. Its last
 * sixteen bytes (version, CRC, magic) keep their positions in every version, so any reader can
 * tell a store file and its version. See {@code storage/docs/store-file-format.md}.
 */
public final class Trailer {
  private static final int VERSION_AT = 48;
  private static final int CRC_AT = 52;
  private static final int MAGIC_AT = 56;

  private final BlockHandle metaIndex;
  private final BlockHandle fileInfo;
  private final BlockHandle index;
  private final int version;

  public Trailer(BlockHandle metaIndex, BlockHandle fileInfo, BlockHandle index, int version) {
    this.metaIndex = metaIndex;
    this.fileInfo = fileInfo;
    this.index = index;
    this.version = version;
  }

  public BlockHandle metaIndex() {
    return metaIndex;
  }

  public BlockHandle fileInfo() {
    return fileInfo;
  }

  public BlockHandle index() {
    return index;
  }

  public int version() {
    return version;
  }

  /** Appends the {@value StoreFileFormat#TRAILER_SIZE} bytes of the trailer. */
  public void write(ByteWriter out) {
    int start = out.size();
    metaIndex.writeFixed(out);
    fileInfo.writeFixed(out);
    index.writeFixed(out);
    out.putInt(version);
    out.putInt(Checksums.crc32c(out.array(), start, CRC_AT));
    out.putLong(StoreFileFormat.MAGIC);
  }

  /**
   * Decodes and checks a trailer: magic number first, then version, then checksum.
   *
   * @param b exactly {@value StoreFileFormat#TRAILER_SIZE} bytes, the end of the file
   * @param path the file, for messages
   * @param offset where {@code b} starts in the file, for messages
   * @throws CorruptionException if the magic number, version or checksum is wrong, or a handle
   *     is impossible
   */
  public static Trailer read(byte[] b, String path, long offset) {
    if (b.length != StoreFileFormat.TRAILER_SIZE) {
      throw new IllegalArgumentException("a trailer is " + StoreFileFormat.TRAILER_SIZE + " bytes, got " + b.length);
    }
    ByteReader in = new ByteReader(b);
    in.position(MAGIC_AT);
    long magic = in.getLong();
    if (magic != StoreFileFormat.MAGIC) {
      throw new CorruptionException(path, offset, String.format(Locale.ROOT,
          "not a store file: magic number 0x%016X, expected 0x%016X", magic, StoreFileFormat.MAGIC));
    }
    in.position(VERSION_AT);
    int version = in.getInt();
    if (version < StoreFileFormat.OLDEST_READABLE_VERSION || version > StoreFileFormat.VERSION) {
      throw new CorruptionException(path, offset, "unsupported store file format version " + Integer.toUnsignedString(version)
          + "; this reader understands versions " + StoreFileFormat.OLDEST_READABLE_VERSION + " to "
          + StoreFileFormat.VERSION + " (the file was written by another release, or its trailer is damaged)");
    }
    int stored = in.getInt();
    int actual = Checksums.crc32c(b, 0, CRC_AT);
    if (stored != actual) {
      throw new CorruptionException(path, offset, String.format(Locale.ROOT,
          "trailer checksum mismatch: stored 0x%08X, computed 0x%08X", stored, actual));
    }
    in.position(0);
    try {
      return new Trailer(BlockHandle.readFixed(in), BlockHandle.readFixed(in), BlockHandle.readFixed(in), version);
    } catch (ByteReader.Malformed e) {
      throw new CorruptionException(path, offset, "bad trailer: " + e.getMessage(), e);
    }
  }

  @Override
  public String toString() {
    return "Trailer[metaIndex=" + metaIndex + ", fileInfo=" + fileInfo + ", index=" + index + ", version=" + version + "]";
  }
}
