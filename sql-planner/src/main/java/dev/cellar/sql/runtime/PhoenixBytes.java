package dev.cellar.sql.runtime;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import org.apache.calcite.linq4j.function.Strict;

/**
 * Phoenix's functions over the bits and bytes of BINARY and VARBINARY values: {@code GET_BIT},
 * {@code GET_BYTE}, {@code SET_BIT}, {@code SET_BYTE} and {@code OCTET_LENGTH}, with Phoenix's
 * results: bit {@code n} is bit {@code n % 8} (counted from the least significant) of byte
 * {@code n / 8}; a byte is read as a signed number (-128 to 127); an offset outside the value
 * counts round from the other end ({@code -1} is the last bit or byte), and an empty value gives
 * NULL. The SQL names are the methods' ({@code getBit} is {@code GET_BIT}).
 */
@Strict
public final class PhoenixBytes {
  private PhoenixBytes() {}

  /** {@code GET_BIT(binary, offset)}: 0 or 1. */
  public static Integer getBit(byte[] b, int offset) {
    if (b.length == 0) {
      return null;
    }
    int bit = wrap(offset, b.length * 8);
    return (b[bit / 8] >> (bit % 8)) & 1;
  }

  /** {@code GET_BYTE(binary, offset)}: the byte as a signed number. */
  public static Integer getByte(byte[] b, int offset) {
    if (b.length == 0) {
      return null;
    }
    return (int) b[wrap(offset, b.length)];
  }

  /** {@code SET_BIT(binary, offset, bit)}: a copy with that bit set to {@code bit} (0 or 1). */
  public static byte[] setBit(byte[] b, int offset, int value) {
    if (value != 0 && value != 1) {
      throw new CellarSqlException(SqlState.INVALID_PARAMETER_VALUE, "SET_BIT: the new bit must be 0 or 1, not " + value);
    }
    if (b.length == 0) {
      return null;
    }
    byte[] copy = b.clone();
    int bit = wrap(offset, b.length * 8);
    copy[bit / 8] = (byte) ((copy[bit / 8] & ~(1 << (bit % 8))) | (value << (bit % 8)));
    return copy;
  }

  /** {@code SET_BYTE(binary, offset, byte)}: a copy with that byte replaced (-128 to 255). */
  public static byte[] setByte(byte[] b, int offset, int value) {
    if (value < Byte.MIN_VALUE || value > 255) {
      throw new CellarSqlException(SqlState.NUMERIC_OUT_OF_RANGE, "SET_BYTE: the new byte must be from -128 to 255, not "
          + value);
    }
    if (b.length == 0) {
      return null;
    }
    byte[] copy = b.clone();
    copy[wrap(offset, b.length)] = (byte) value;
    return copy;
  }

  /** {@code OCTET_LENGTH(binary)}: the number of bytes. */
  public static int octetLength(byte[] b) {
    return b.length;
  }

  private static int wrap(int offset, int length) {
    return Math.floorMod(offset, length);
  }
}
