package dev.cellar.storage.sst;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import dev.cellar.storage.CellType;
import dev.cellar.storage.util.ByteReader;
import dev.cellar.storage.util.ByteWriter;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * The encoding of a cell's key in store files, in two layouts of the same fields:
 *
 * <ul>
 *   <li><em>field order</em>, {@code varint(row length) row qualifier timestamp(8) type(1)
 *       sequenceId(8)}: index blocks and file info of every version, data blocks of version 1;
 *   <li><em>suffix first</em>, {@code varint(row length) row timestamp(8) type(1) sequenceId(8)
 *       qualifier}: data blocks of version 2, where the cells of one row written together share
 *       everything but their qualifier, so that the block's prefix sharing stores only that.
 * </ul>
 *
 * The family is not part of the key: a file holds one family, named once in its file info. The
 * qualifier's length is what remains. See {@code storage/docs/store-file-format.md}, "Cell keys".
 */
final class CellKeys {
  private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
  private static final CellType[] STORABLE_BY_CODE = new CellType[256];

  static {
    for (CellType t : CellType.values()) {
      if (t.isStorable()) {
        STORABLE_BY_CODE[t.code()] = t;
      }
    }
  }

  private CellKeys() {}

  /** Appends the encoded key of {@code c} (everything but its family and value). */
  static void encode(Cell c, ByteWriter out) {
    encode(c, c.sequenceId(), out);
  }

  /** Appends the encoded key of {@code c} with the sequence number {@code sequenceId}. */
  static void encode(Cell c, long sequenceId, ByteWriter out) {
    byte[] row = c.row();
    out.putVarInt(row.length).putBytes(row).putBytes(c.qualifier());
    out.putLong(c.timestamp()).putByte(c.type().code()).putLong(sequenceId);
  }

  /** Appends the suffix-first key of {@code c} with the sequence number {@code sequenceId}. */
  static void encodeSuffixFirst(Cell c, long sequenceId, ByteWriter out) {
    byte[] row = c.row();
    out.putVarInt(row.length).putBytes(row);
    out.putLong(c.timestamp()).putByte(c.type().code()).putLong(sequenceId);
    out.putBytes(c.qualifier());
  }

  /**
   * Writes the suffix-first key {@code k[0, len)} into {@code out[0, len)} in field order.
   *
   * @throws ByteReader.Malformed if the key cannot be a cell key
   */
  static void suffixFirstToFieldOrder(byte[] k, int len, byte[] out) {
    long v = parseRow(k, 0, len);
    int rowEnd = Varints.position(v) + Varints.value(v);
    int qualifierLength = len - rowEnd - StoreFileFormat.KEY_SUFFIX_SIZE;
    System.arraycopy(k, 0, out, 0, rowEnd);
    System.arraycopy(k, rowEnd + StoreFileFormat.KEY_SUFFIX_SIZE, out, rowEnd, qualifierLength);
    System.arraycopy(k, rowEnd, out, rowEnd + qualifierLength, StoreFileFormat.KEY_SUFFIX_SIZE);
  }

  /** The encoded key of {@code c} as a new array. */
  static byte[] encode(Cell c) {
    ByteWriter w = new ByteWriter(c.row().length + c.qualifier().length + 24);
    encode(c, w);
    return w.toByteArray();
  }

  /**
   * Offset just past the row of the encoded key {@code k[off, off+len)}, after checking that
   * the row and the fixed suffix fit; the row starts at {@code rowEnd - rowLength}.
   *
   * @return {@code (rowLength << 32) | rowStart}
   * @throws ByteReader.Malformed if the key cannot be a cell key
   */
  static long parseRow(byte[] k, int off, int len) {
    int end = off + len;
    long v = Varints.decode(k, off, end);
    if (v < 0) {
      throw new ByteReader.Malformed("bad row length varint in a " + len + "-byte key", off);
    }
    int rowLength = Varints.value(v);
    int rowStart = Varints.position(v);
    if (rowLength > end - StoreFileFormat.KEY_SUFFIX_SIZE - rowStart) {
      throw new ByteReader.Malformed("row of " + rowLength + " bytes does not fit in a " + len + "-byte key", off);
    }
    return v;
  }

  /**
   * Decodes the key {@code k[off, off+len)} into a cell of {@code family} with {@code value}.
   * When the row or qualifier equals {@code rowHint} or {@code qualifierHint}, that array is used
   * instead of a copy, so that cells of one row share their row array.
   *
   * @throws ByteReader.Malformed if the key cannot be a cell key
   */
  static Cell decode(byte[] k, int off, int len, byte[] family, byte[] value, byte[] rowHint, byte[] qualifierHint) {
    return decode(k, off, len, false, family, value, rowHint, qualifierHint);
  }

  /**
   * As {@link #decode(byte[], int, int, byte[], byte[], byte[], byte[])}, of a key in field order
   * or, with {@code suffixFirst}, suffix first.
   */
  static Cell decode(byte[] k, int off, int len, boolean suffixFirst, byte[] family, byte[] value, byte[] rowHint,
      byte[] qualifierHint) {
    long v = parseRow(k, off, len);
    int rowStart = Varints.position(v);
    int rowEnd = rowStart + Varints.value(v);
    int suffixAt = suffixFirst ? rowEnd : off + len - StoreFileFormat.KEY_SUFFIX_SIZE;
    int qualifierStart = suffixFirst ? rowEnd + StoreFileFormat.KEY_SUFFIX_SIZE : rowEnd;
    int qualifierEnd = suffixFirst ? off + len : suffixAt;
    byte[] row = rowHint != null && Arrays.equals(rowHint, 0, rowHint.length, k, rowStart, rowEnd)
        ? rowHint : Arrays.copyOfRange(k, rowStart, rowEnd);
    byte[] qualifier;
    if (qualifierEnd == qualifierStart) {
      qualifier = Bytes.EMPTY;
    } else if (qualifierHint != null
        && Arrays.equals(qualifierHint, 0, qualifierHint.length, k, qualifierStart, qualifierEnd)) {
      qualifier = qualifierHint;
    } else {
      qualifier = Arrays.copyOfRange(k, qualifierStart, qualifierEnd);
    }
    long timestamp = (long) LONG.get(k, suffixAt);
    int code = k[suffixAt + 8] & 0xff;
    CellType type = STORABLE_BY_CODE[code];
    if (type == null) {
      throw new ByteReader.Malformed("cell type code " + code + " is not a stored type", suffixAt + 8);
    }
    long sequenceId = (long) LONG.get(k, suffixAt + 9);
    return new Cell(row, family, qualifier, timestamp, type, value, sequenceId);
  }

  /** The storable type with persisted code {@code code}, or {@code null}. */
  static CellType storableType(int code) {
    return STORABLE_BY_CODE[code];
  }

  /** The row of the encoded key as a new array. */
  static byte[] row(byte[] k, int off, int len) {
    long v = parseRow(k, off, len);
    int rowStart = Varints.position(v);
    return Arrays.copyOfRange(k, rowStart, rowStart + Varints.value(v));
  }

  static long getLong(byte[] b, int p) {
    return (long) LONG.get(b, p);
  }
}
