package dev.cellar.sql.codec;

import java.util.zip.CRC32C;

/**
 * Constants of the rowkey format, version {@value #VERSION}. See
 * {@code sql-planner/docs/key-encoding.md}; change the two together.
 */
public final class KeyFormat {
  /**
   * The rowkey format these codecs write and read. The catalog records it in each table's
   * definition ({@code keyFormat=1}); a table written in another format must not be read with
   * these codecs.
   */
  public static final int VERSION = 1;

  /** Ends a VARCHAR or VARBINARY (ascending; descending columns invert it to {@code 0xff}). */
  static final int TERMINATOR = 0x00;
  /** First byte of the two-byte escapes of {@code 0x00} and {@code 0x01} in VARCHAR and VARBINARY. */
  static final int ESCAPE = 0x01;
  /** Second escape byte standing for a {@code 0x00} byte of the value: {@code 01 01}. */
  static final int ESCAPED_00 = 0x01;
  /** Second escape byte standing for a {@code 0x01} byte of the value: {@code 01 02}. */
  static final int ESCAPED_01 = 0x02;

  /** BOOLEAN false. */
  static final int FALSE = 0x00;
  /** BOOLEAN true. */
  static final int TRUE = 0x01;

  /** First byte of a negative DECIMAL. */
  static final int DECIMAL_NEGATIVE = 0x01;
  /** The whole encoding of a DECIMAL zero. */
  static final int DECIMAL_ZERO = 0x02;
  /** First byte of a positive DECIMAL. */
  static final int DECIMAL_POSITIVE = 0x03;
  /** Added to a DECIMAL's base-100 exponent to make its exponent byte. */
  static final int DECIMAL_EXPONENT_BIAS = 0x80;
  /** Smallest base-100 exponent a DECIMAL key can have (exponent byte {@code 0x01}). */
  static final int DECIMAL_MIN_EXPONENT = -127;
  /** Largest base-100 exponent a DECIMAL key can have (exponent byte {@code 0xfe}). */
  static final int DECIMAL_MAX_EXPONENT = 126;
  /** Ends the digits of a DECIMAL (before a negative number's bytes are inverted). */
  static final int DECIMAL_END = 0x00;
  /** Added to a base-100 digit (0..99) to make its byte (0x01..0x64). */
  static final int DECIMAL_DIGIT_BIAS = 0x01;

  /** Character CHAR values are padded with. */
  static final char CHAR_PAD = ' ';
  /** Byte BINARY values are padded with. */
  static final byte BINARY_PAD = 0x00;

  /** Most salt buckets a table may have: the bucket is one byte. */
  public static final int MAX_BUCKETS = 256;

  private KeyFormat() {}

  /**
   * The salt bucket of the unsalted key {@code key[offset, offset + length)}: its CRC-32C, as an
   * unsigned 32-bit number, modulo {@code buckets}.
   */
  static int bucketOf(byte[] key, int offset, int length, int buckets) {
    if (buckets < 1 || buckets > MAX_BUCKETS) {
      throw new IllegalArgumentException("salt buckets must be in [1, " + MAX_BUCKETS + "], got " + buckets);
    }
    CRC32C crc = new CRC32C();
    crc.update(key, offset, length);
    return (int) (crc.getValue() % buckets);
  }
}
