package dev.cellar.storage.wal;

import dev.cellar.storage.Cell;
import dev.cellar.storage.CellType;
import dev.cellar.storage.CorruptionException;
import dev.cellar.storage.util.ByteReader;
import dev.cellar.storage.util.ByteWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * Encodes a {@link WalEdit} as a record payload and decodes it back, strictly. The layout is
 * specified in {@code storage/docs/wal-format.md}, "Edit payload":
 *
 * <pre>
 * varlong sequence, varint entryCount, then per entry:
 *   varint tableId, varint rowLen, row, varint familyLen, family, varint qualifierLen, qualifier,
 *   8-byte big-endian timestamp, 1-byte type code, varint valueLen, value
 * </pre>
 */
public final class WalEditCodec {
  /** Fewest bytes an entry can take: five one-byte varints, the timestamp and the type code. */
  static final int MIN_ENTRY_SIZE = 5 + 8 + 1;

  private WalEditCodec() {}

  /** Appends the payload of {@code edit} to {@code out}. */
  public static void write(WalEdit edit, ByteWriter out) {
    out.putVarLong(edit.sequence());
    out.putVarInt(edit.entries().size());
    for (WalEntry e : edit.entries()) {
      Cell c = e.cell();
      out.putVarInt(e.tableId());
      out.putLengthPrefixed(c.row());
      out.putLengthPrefixed(c.family());
      out.putLengthPrefixed(c.qualifier());
      out.putLong(c.timestamp());
      out.putByte(c.type().code());
      out.putLengthPrefixed(c.value());
    }
  }

  /** The payload of {@code edit} as a new array. */
  public static byte[] encode(WalEdit edit) {
    ByteWriter w = new ByteWriter();
    write(edit, w);
    return w.toByteArray();
  }

  /**
   * Decodes one payload, which must be exactly {@code b[off, off+len)}: trailing bytes, short
   * fields, out-of-range lengths, a negative sequence number and an unknown or seek-only cell
   * type code are all corruption. The cells come back stamped with the edit's sequence number.
   *
   * @param file the segment, for the error message
   * @param recordOffset offset of the record in {@code file}, for the error message
   * @throws CorruptionException if the payload is not a valid edit
   */
  public static WalEdit read(byte[] b, int off, int len, String file, long recordOffset) {
    ByteReader r = new ByteReader(b, off, len);
    try {
      long seq = r.getVarLong();
      if (seq < 0) {
        throw bad(file, recordOffset, "negative sequence number " + seq);
      }
      int count = r.getVarInt(r.remaining() / MIN_ENTRY_SIZE);
      List<WalEntry> entries = new ArrayList<>(count);
      for (int i = 0; i < count; i++) {
        int tableId = r.getVarInt(Integer.MAX_VALUE);
        byte[] row = r.getLengthPrefixed(r.remaining());
        byte[] family = r.getLengthPrefixed(r.remaining());
        byte[] qualifier = r.getLengthPrefixed(r.remaining());
        long ts = r.getLong();
        int code = r.getByte();
        CellType type = CellType.fromCode(code);
        if (type == null || !type.isStorable()) {
          throw bad(file, recordOffset, "entry " + i + " has unknown cell type code " + code);
        }
        byte[] value = r.getLengthPrefixed(r.remaining());
        entries.add(new WalEntry(tableId, new Cell(row, family, qualifier, ts, type, value, seq)));
      }
      if (r.hasRemaining()) {
        throw bad(file, recordOffset, r.remaining() + " bytes after the last of " + count + " entries");
      }
      return new WalEdit(seq, entries);
    } catch (ByteReader.Malformed e) {
      throw new CorruptionException(file, recordOffset, "malformed edit payload: " + e.getMessage(), e);
    }
  }

  private static CorruptionException bad(String file, long recordOffset, String what) {
    return new CorruptionException(file, recordOffset, "bad edit payload: " + what);
  }
}
