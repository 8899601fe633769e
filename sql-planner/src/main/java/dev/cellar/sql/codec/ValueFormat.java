package dev.cellar.sql.codec;

/**
 * How the cells (and the text or binary fields of a mapped rowkey) of a table hold their values.
 * Tables created by Cellar use {@link #BYTES}; a table mapped over data written elsewhere may use
 * either, table-wide ({@code VALUE_FORMAT}) or per column ({@code FORMAT}). Specified in
 * {@code sql-planner/docs/mapping.md}.
 */
public enum ValueFormat {
  /**
   * HBase's {@code Bytes.toBytes}: big-endian two's complement integers, IEEE 754 bits, UTF-8
   * text, a DECIMAL as its 4-byte scale and unscaled bytes ({@link ValueCodec}).
   */
  BYTES,
  /**
   * The value as text, UTF-8, as the HBase shell writes what it is given ({@code put 't', 'r',
   * 'f:c', '42'}): {@code 42}, {@code -3.50}, {@code true}, {@code 2012-09-01} ({@link StringValues}).
   */
  STRING;

  /**
   * The cell bytes of {@code value}, of the class {@link KeyType} names for {@code type}.
   *
   * @throws IllegalArgumentException if the value is null, of the wrong class or out of range
   */
  public byte[] encode(KeyType type, Object value) {
    return this == BYTES ? ValueCodec.encode(type, value) : StringValues.encode(type, value);
  }

  /**
   * The value of cell bytes; null bytes (an absent cell) decode to null.
   *
   * @throws IllegalArgumentException if the bytes are not a value of {@code type} in this
   *     format; for text that is not a number, its cause is a {@link NumberFormatException}, for
   *     text that is not a date or time a {@link java.time.format.DateTimeParseException}
   */
  public Object decode(KeyType type, byte[] bytes) {
    return this == BYTES ? ValueCodec.decode(type, bytes) : StringValues.decode(type, bytes);
  }

  /**
   * The value of {@code type} written as {@code text}, as {@link #STRING} holds it: what
   * {@code STRING.decode(type, text's UTF-8 bytes)} gives, without the bytes. Not for BINARY or
   * VARBINARY, whose text is not their value.
   *
   * @throws IllegalArgumentException as {@link #decode} does
   */
  public static Object parseText(KeyType type, String text) {
    if (type == KeyType.BINARY || type == KeyType.VARBINARY) {
      throw new IllegalArgumentException(type + " has no text form");
    }
    return StringValues.parse(type, text);
  }
}
