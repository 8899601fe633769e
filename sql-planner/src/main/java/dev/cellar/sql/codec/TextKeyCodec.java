package dev.cellar.sql.codec;

/**
 * A field of a {@code FIXED} mapped rowkey: the value's text ({@link StringValues}) at a fixed
 * width. CHAR(n) is n bytes: the UTF-8 of the value without its trailing spaces, padded with
 * spaces to n bytes; BINARY(n) is n bytes, padded with {@code 00}. A field of any other type must
 * be the last one and is the rest of the key. Fixed fields sort as their values do; the rest of
 * the key does too, but is not prefix-free, so it is not {@link #orderPreserving()}.
 */
final class TextKeyCodec extends FieldCodec {
  private final int width;

  TextKeyCodec(KeyColumn column, boolean last) {
    super(column);
    if (column.type().hasFixedLength()) {
      this.width = column.length();
    } else if (last) {
      this.width = -1;
    } else {
      throw new IllegalArgumentException(what() + ": a FIXED key field before the last needs a width: declare it "
          + "CHAR(n) or BINARY(n) (n bytes), or give it FORMAT BYTES");
    }
  }

  @Override
  public int fixedWidth() {
    return width;
  }

  @Override
  public boolean orderPreserving() {
    return width >= 0;
  }

  @Override
  void writeAscending(KeyWriter out, Object value) {
    if (width >= 0) {
      writeFixed(out, column().type(), width, value, what());
    } else {
      out.put(StringValues.utf8(column().type(), value, what()));
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
    if (width >= 0) {
      return readFixed(in, column().type(), width);
    }
    return parse(in, column().type(), in.nextBytes(in.remaining()), in.position());
  }

  /** CHAR(n) or BINARY(n) at exactly {@code width} bytes, padded. */
  static void writeFixed(KeyWriter out, KeyType type, int width, Object value, String what) {
    byte[] b = StringValues.utf8(type, value, what);
    if (b.length > width) {
      throw new IllegalArgumentException(what + ": " + (type == KeyType.CHAR ? Values.show(value) + " has " : "")
          + b.length + " bytes, more than the field's " + width);
    }
    out.put(b);
    for (int i = b.length; i < width; i++) {
      out.put(type == KeyType.CHAR ? KeyFormat.CHAR_PAD : KeyFormat.BINARY_PAD);
    }
  }

  /** The CHAR or BINARY value of the next {@code width} bytes. */
  static Object readFixed(KeyReader in, KeyType type, int width) {
    int at = in.position();
    byte[] b = in.nextBytes(width);
    if (type == KeyType.BINARY) {
      return b;
    }
    String s = Values.fromUtf8(b, 0, b.length);
    if (s == null) {
      throw in.corrupt(at, "CHAR bytes are not well-formed UTF-8");
    }
    return s;
  }

  /** The value of a field's text, or a {@link CorruptKeyException} at {@code at}. */
  static Object parse(KeyReader in, KeyType type, byte[] text, int end) {
    int at = end - text.length;
    try {
      return StringValues.decode(type, text);
    } catch (IllegalArgumentException e) {
      throw in.corrupt(at, e.getMessage(), e.getCause() != null ? e.getCause() : e);
    }
  }
}
