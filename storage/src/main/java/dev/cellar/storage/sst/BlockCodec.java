package dev.cellar.storage.sst;

import dev.cellar.storage.Compression;
import dev.cellar.storage.CorruptionException;
import dev.cellar.storage.util.ByteWriter;
import dev.cellar.storage.util.Checksums;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.Locale;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.xerial.snappy.Snappy;

/**
 * Turns block contents into stored bytes and back: optional compression, then the block
 * trailer (kind, compression code, CRC-32C of the stored payload and those two bytes). See
 * {@code storage/docs/store-file-format.md}, "Stored blocks".
 */
final class BlockCodec {
  /**
   * Bound on decompressed size per stored byte, above what deflate (about 1032) or snappy can
   * reach, so that a damaged length is caught before memory is allocated for it.
   */
  private static final int MAX_EXPANSION = 1100;

  private byte[] scratch = new byte[1024];

  /**
   * Appends the stored form of {@code contents[0, length)} to {@code out}: compressed with
   * {@code compression} when that makes it smaller, else as is; then the block trailer.
   *
   * @return the stored payload's size, as a block handle records it
   */
  int encode(BlockKind kind, Compression compression, byte[] contents, int length, ByteWriter out) throws IOException {
    int start = out.size();
    Compression used = Compression.NONE;
    if (compression != Compression.NONE) {
      int n = compress(compression, contents, length);
      int header = varintSize(length);
      if (header + n < length) {
        out.putVarInt(length);
        out.putBytes(scratch, 0, n);
        used = compression;
      }
    }
    if (used == Compression.NONE) {
      out.putBytes(contents, 0, length);
    }
    int payload = out.size() - start;
    out.putByte(kind.code());
    out.putByte(used.code());
    out.putInt(Checksums.crc32c(out.array(), start, payload + 2));
    return payload;
  }

  private int compress(Compression compression, byte[] contents, int length) throws IOException {
    switch (compression) {
      case SNAPPY: {
        ensureScratch(Snappy.maxCompressedLength(length));
        return Snappy.compress(contents, 0, length, scratch, 0);
      }
      case GZIP: {
        ScratchStream sink = new ScratchStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(sink, 8192)) {
          gz.write(contents, 0, length);
        }
        return sink.size;
      }
      default:
        throw new IllegalArgumentException("unsupported compression " + compression);
    }
  }

  private void ensureScratch(int n) {
    if (scratch.length < n) {
      scratch = Arrays.copyOf(scratch, Math.max(n, scratch.length * 2));
    }
  }

  /** Collects output into {@link #scratch}. */
  private final class ScratchStream extends OutputStream {
    int size;

    @Override
    public void write(int b) {
      ensureScratch(size + 1);
      scratch[size++] = (byte) b;
    }

    @Override
    public void write(byte[] b, int off, int len) {
      ensureScratch(size + len);
      System.arraycopy(b, off, scratch, size, len);
      size += len;
    }
  }

  private static int varintSize(int v) {
    int n = 1;
    while ((v & ~0x7f) != 0) {
      v >>>= 7;
      n++;
    }
    return n;
  }

  /**
   * Checks and decodes a stored block holding entries (data, index, meta index, file info).
   *
   * @param stored the payload followed by the block trailer: at least {@code handle.size() + 6}
   *     bytes; not copied when the block is not compressed
   * @param handle where the block was read, for the payload size and for messages
   * @param expected the kind the handle's owner promised
   * @throws CorruptionException on a checksum mismatch, a wrong kind, an unknown compression
   *     code, a payload that does not decompress to the recorded length or a bad restart array
   */
  static Block decode(byte[] stored, BlockHandle handle, BlockKind expected, String path) {
    Contents c = unwrap(stored, handle, expected, path);
    return new Block(c.data, c.length, path, handle.offset());
  }

  /** Checks and decodes a stored block whose contents are opaque (a meta block), as a new array. */
  static byte[] decodeOpaque(byte[] stored, BlockHandle handle, BlockKind expected, String path) {
    Contents c = unwrap(stored, handle, expected, path);
    return c.length == c.data.length ? c.data : Arrays.copyOf(c.data, c.length);
  }

  /** Decoded contents: {@code data[0, length)}. */
  private record Contents(byte[] data, int length) {}

  private static Contents unwrap(byte[] stored, BlockHandle handle, BlockKind expected, String path) {
    int size = handle.size();
    long at = handle.offset();
    int storedCrc = Block.getInt(stored, size + 2);
    int actualCrc = Checksums.crc32c(stored, 0, size + 2);
    if (storedCrc != actualCrc) {
      throw new CorruptionException(path, at, String.format(Locale.ROOT,
          "%s block checksum mismatch: stored 0x%08X, computed 0x%08X over %d bytes",
          expected.name().toLowerCase(Locale.ROOT), storedCrc, actualCrc, size + 2));
    }
    int kindCode = stored[size] & 0xff;
    if (kindCode != expected.code()) {
      BlockKind found = BlockKind.fromCode(kindCode);
      throw new CorruptionException(path, at, "expected a " + expected + " block, found "
          + (found == null ? "unknown block kind " + kindCode : "a " + found + " block"));
    }
    int compressionCode = stored[size + 1] & 0xff;
    Compression compression = Compression.fromCode(compressionCode);
    if (compression == null) {
      throw new CorruptionException(path, at, "unknown compression code " + compressionCode);
    }
    if (compression == Compression.NONE) {
      return new Contents(stored, size);
    }
    long v = Varints.decode(stored, 0, size);
    if (v < 0 || Varints.value(v) > StoreFileFormat.MAX_BLOCK_CONTENTS) {
      throw new CorruptionException(path, at, "bad uncompressed length in a " + compression + " block");
    }
    int length = Varints.value(v);
    int p = Varints.position(v);
    if (length > (long) (size - p) * MAX_EXPANSION) {
      throw new CorruptionException(path, at, "a " + compression + " payload of " + (size - p)
          + " bytes cannot expand to the recorded " + length + " bytes");
    }
    byte[] out;
    try {
      if (compression == Compression.SNAPPY) {
        int declared = Snappy.uncompressedLength(stored, p, size - p);
        if (declared != length) {
          throw new CorruptionException(path, at, "snappy payload declares " + declared + " bytes, block records " + length);
        }
        out = new byte[length];
        int n = Snappy.uncompress(stored, p, size - p, out, 0);
        if (n != length) {
          throw new CorruptionException(path, at, "snappy payload decompressed to " + n + " bytes, expected " + length);
        }
      } else {
        out = new byte[length];
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(stored, p, size - p), 8192)) {
          int n = in.readNBytes(out, 0, length);
          if (n != length || in.read() != -1) {
            throw new CorruptionException(path, at, "gzip payload does not decompress to the recorded " + length + " bytes");
          }
        }
      }
    } catch (IOException | RuntimeException e) {
      if (e instanceof CorruptionException c) {
        throw c;
      }
      throw new CorruptionException(path, at, "cannot decompress " + compression + " block: " + e, e);
    }
    return new Contents(out, length);
  }
}
