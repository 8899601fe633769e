package dev.cellar.sql.codec;

/**
 * REAL and DOUBLE: the IEEE 754 bits, big-endian, with the sign bit flipped for positive numbers
 * and every bit flipped for negative ones. Order: -Infinity, negative numbers, zero, positive
 * numbers, +Infinity, NaN. -0.0 is written as 0.0 (they are equal in SQL) and every NaN as the
 * one canonical NaN of {@link Float#floatToIntBits} / {@link Double#doubleToLongBits}.
 */
final class FloatingKeyCodec extends FieldCodec {
  private final boolean real;

  FloatingKeyCodec(KeyColumn column) {
    super(column);
    this.real = column.type() == KeyType.REAL;
  }

  @Override
  void writeAscending(KeyWriter out, Object value) {
    if (real) {
      float f = (Float) value;
      int bits = Float.floatToIntBits(f == 0.0f ? 0.0f : f);
      out.putBigEndian(bits >= 0 ? bits ^ Integer.MIN_VALUE : ~bits, 4);
    } else {
      double d = (Double) value;
      long bits = Double.doubleToLongBits(d == 0.0 ? 0.0 : d);
      out.putBigEndian(bits >= 0 ? bits ^ Long.MIN_VALUE : ~bits, 8);
    }
  }

  @Override
  Object readAscending(KeyReader in) {
    int at = in.position();
    if (real) {
      int enc = (int) in.nextBigEndian(4);
      int bits = enc < 0 ? enc ^ Integer.MIN_VALUE : ~enc;
      float f = Float.intBitsToFloat(bits);
      if (bits == Integer.MIN_VALUE || Float.floatToIntBits(f) != bits) {
        throw in.corrupt(at, String.format("REAL bits %08x are -0.0 or a NaN other than %08x", bits,
            Float.floatToIntBits(Float.NaN)));
      }
      return f;
    }
    long enc = in.nextBigEndian(8);
    long bits = enc < 0 ? enc ^ Long.MIN_VALUE : ~enc;
    double d = Double.longBitsToDouble(bits);
    if (bits == Long.MIN_VALUE || Double.doubleToLongBits(d) != bits) {
      throw in.corrupt(at, String.format("DOUBLE bits %016x are -0.0 or a NaN other than %016x", bits,
          Double.doubleToLongBits(Double.NaN)));
    }
    return d;
  }
}
