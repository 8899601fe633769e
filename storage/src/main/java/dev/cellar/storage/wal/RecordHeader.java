package dev.cellar.storage.wal;

import dev.cellar.storage.CorruptionException;
import dev.cellar.storage.util.ByteReader;
import dev.cellar.storage.util.ByteWriter;
import dev.cellar.storage.util.Checksums;
import java.util.Locale;

/**
 * The {@value WalFormat#RECORD_HEADER_SIZE}-byte header in front of every record's payload
 * (wal-format.md, "Record framing"), big-endian:
 *
 * <pre>
 * offset 0  u32 payload length
 * offset 4  u8  record type ({@value WalFormat#RECORD_TYPE_EDIT} = edit)
 * offset 5  u32 CRC-32C of the payload
 * offset 9  u32 CRC-32C of header bytes [0, 9)
 * </pre>
 *
 * <p>The header's own CRC covers the length, so a damaged length is reported as corruption
 * instead of being mistaken for a record cut short by a crash. Immutable.
 */
public final class RecordHeader {
  private static final int CRC_SCOPE = WalFormat.RECORD_HEADER_SIZE - 4;

  private final int payloadLength;
  private final int type;
  private final int payloadCrc;

  private RecordHeader(int payloadLength, int type, int payloadCrc) {
    this.payloadLength = payloadLength;
    this.type = type;
    this.payloadCrc = payloadCrc;
  }

  /** Bytes of payload that follow the header. */
  public int payloadLength() {
    return payloadLength;
  }

  /** The record type. */
  public int type() {
    return type;
  }

  /** The stored CRC-32C of the payload. */
  public int payloadCrc() {
    return payloadCrc;
  }

  /**
   * Writes the header of a record whose payload is already in {@code buf} right after the
   * header's {@value WalFormat#RECORD_HEADER_SIZE} bytes at {@code off}.
   */
  public static void write(byte[] buf, int off, int payloadLength, int type) {
    if (payloadLength < WalFormat.MIN_PAYLOAD_LENGTH || payloadLength > WalFormat.MAX_PAYLOAD_LENGTH) {
      throw new IllegalArgumentException("record payload of " + payloadLength + " bytes is outside ["
          + WalFormat.MIN_PAYLOAD_LENGTH + ", " + WalFormat.MAX_PAYLOAD_LENGTH + "]");
    }
    int payloadCrc = Checksums.crc32c(buf, off + WalFormat.RECORD_HEADER_SIZE, payloadLength);
    ByteWriter w = new ByteWriter(WalFormat.RECORD_HEADER_SIZE);
    w.putInt(payloadLength);
    w.putByte(type);
    w.putInt(payloadCrc);
    w.putInt(Checksums.crc32c(w.array(), 0, CRC_SCOPE));
    System.arraycopy(w.array(), 0, buf, off, WalFormat.RECORD_HEADER_SIZE);
  }

  /**
   * Checks and decodes a header: first its own CRC, then the type and the length bounds.
   *
   * @param b holds the header's {@value WalFormat#RECORD_HEADER_SIZE} bytes at {@code off}
   * @param file the segment, for messages
   * @param recordOffset the header's offset in {@code file}, for messages
   * @throws CorruptionException if any check fails
   */
  public static RecordHeader read(byte[] b, int off, String file, long recordOffset) {
    ByteReader r = new ByteReader(b, off, WalFormat.RECORD_HEADER_SIZE);
    int length = r.getInt();
    int type = r.getByte();
    int payloadCrc = r.getInt();
    int stored = r.getInt();
    int actual = Checksums.crc32c(b, off, CRC_SCOPE);
    if (stored != actual) {
      throw new CorruptionException(file, recordOffset, String.format(Locale.ROOT,
          "record header checksum mismatch: stored 0x%08x, computed 0x%08x", stored, actual));
    }
    if (type != WalFormat.RECORD_TYPE_EDIT) {
      throw new CorruptionException(file, recordOffset, "unknown record type " + type);
    }
    if (length < WalFormat.MIN_PAYLOAD_LENGTH || length > WalFormat.MAX_PAYLOAD_LENGTH) {
      throw new CorruptionException(file, recordOffset, "impossible record payload length " + (length & 0xffffffffL));
    }
    return new RecordHeader(length, type, payloadCrc);
  }

  /**
   * Checks a payload against this header's CRC.
   *
   * @throws CorruptionException if it does not match
   */
  public void checkPayload(byte[] b, int off, String file, long recordOffset) {
    int actual = Checksums.crc32c(b, off, payloadLength);
    if (actual != payloadCrc) {
      throw new CorruptionException(file, recordOffset, String.format(Locale.ROOT,
          "record payload checksum mismatch: stored 0x%08x, computed 0x%08x", payloadCrc, actual));
    }
  }
}
