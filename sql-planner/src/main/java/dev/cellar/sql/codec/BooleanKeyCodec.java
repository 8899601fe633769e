package dev.cellar.sql.codec;

/** BOOLEAN: one byte, {@code 00} false, {@code 01} true. */
final class BooleanKeyCodec extends FieldCodec {
  BooleanKeyCodec(KeyColumn column) {
    super(column);
  }

  @Override
  void writeAscending(KeyWriter out, Object value) {
    out.put((Boolean) value ? KeyFormat.TRUE : KeyFormat.FALSE);
  }

  @Override
  Object readAscending(KeyReader in) {
    int at = in.position();
    int b = in.next();
    if (b == KeyFormat.FALSE) {
      return Boolean.FALSE;
    }
    if (b == KeyFormat.TRUE) {
      return Boolean.TRUE;
    }
    throw in.corrupt(at, String.format("BOOLEAN byte %02x is neither 00 nor 01", b));
  }
}
