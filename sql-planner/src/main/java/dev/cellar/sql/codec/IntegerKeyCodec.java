package dev.cellar.sql.codec;

/**
 * TINYINT, SMALLINT, INTEGER, BIGINT and the types carried by them (DATE and TIME as INTEGER,
 * TIMESTAMP as BIGINT): two's complement, big-endian, at the type's width, with the sign bit
 * flipped so that negative numbers sort before positive ones.
 */
final class IntegerKeyCodec extends FieldCodec {
  private final int width;
  private final long signBit;
  private final int shift;

  IntegerKeyCodec(KeyColumn column) {
    super(column);
    this.width = column.type().keyWidth();
    this.signBit = 1L << (8 * width - 1);
    this.shift = 64 - 8 * width;
  }

  @Override
  void writeAscending(KeyWriter out, Object value) {
    out.putBigEndian(((Number) value).longValue() ^ signBit, width);
  }

  @Override
  Object readAscending(KeyReader in) {
    long v = ((in.nextBigEndian(width) ^ signBit) << shift) >> shift;
    switch (width) {
      case 1:
        return (byte) v;
      case 2:
        return (short) v;
      case 4:
        return (int) v;
      default:
        return v;
    }
  }
}
