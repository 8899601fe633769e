package dev.cellar.sql.codec;

/**
 * A field of a {@code BYTES} mapped rowkey: the value as HBase's {@code Bytes.toBytes} writes it
 * ({@link ValueCodec}), at the type's width: BOOLEAN 1 byte ({@code 00} false, {@code ff} true,
 * nothing else), TINYINT 1, SMALLINT 2, INTEGER, DATE, TIME and REAL 4, BIGINT, TIMESTAMP and
 * DOUBLE 8, CHAR(n) and BINARY(n) n bytes padded as {@link TextKeyCodec} pads them. DECIMAL,
 * VARCHAR and VARBINARY have no width and must be the last field, the rest of the key.
 *
 * <p>Two's complement and IEEE 754 bits sort negative numbers after positive ones, so numbers
 * are not {@link #orderPreserving()}; BOOLEAN, CHAR(n) and BINARY(n) are.
 */
final class BytesKeyCodec extends FieldCodec {
  private static final int TRUE = 0xff;

  private final int width;

  BytesKeyCodec(KeyColumn column, boolean last) {
    super(column);
    KeyType t = column.type();
    if (t.hasFixedLength()) {
      this.width = column.length();
    } else if (t.keyWidth() > 0) {
      this.width = t.keyWidth();
    } else if (last) {
      this.width = -1;
    } else {
      throw new IllegalArgumentException(what() + ": a BYTES key field before the last needs a width; " + t
          + " has none (use CHAR(n) or BINARY(n), or put it last)");
    }
  }

  @Override
  public int fixedWidth() {
    return width;
  }

  @Override
  public boolean orderPreserving() {
    KeyType t = column().type();
    return t == KeyType.BOOLEAN || t.hasFixedLength();
  }

  @Override
  void writeAscending(KeyWriter out, Object value) {
    KeyType t = column().type();
    if (t.hasFixedLength()) {
      TextKeyCodec.writeFixed(out, t, width, value, what());
    } else if (t == KeyType.BOOLEAN) {
      out.put((Boolean) value ? TRUE : 0);
    } else {
      out.put(ValueCodec.encode(t, value));
    }
  }

  @Override
  void writeAscendingPrefix(KeyWriter out, Object value) {
    byte[] b = StringValues.utf8(column().type(), value, what());
    if (width >= 0 && b.length > width) {
      throw new IllegalArgumentException(what() + ": a prefix of " + b.length + " bytes does not fit " + width);
    }
    out.put(b);
  }

  @Override
  Object readAscending(KeyReader in) {
    KeyType t = column().type();
    if (t.hasFixedLength()) {
      return TextKeyCodec.readFixed(in, t, width);
    }
    int at = in.position();
    byte[] b = in.nextBytes(width >= 0 ? width : in.remaining());
    if (t == KeyType.BOOLEAN) {
      int v = b[0] & 0xff;
      if (v != 0 && v != TRUE) {
        throw in.corrupt(at, String.format("BOOLEAN byte %02x is neither 00 nor ff", v));
      }
      return v == TRUE;
    }
    try {
      return ValueCodec.decode(t, b);
    } catch (IllegalArgumentException e) {
      throw in.corrupt(at, e.getMessage(), e);
    }
  }
}
