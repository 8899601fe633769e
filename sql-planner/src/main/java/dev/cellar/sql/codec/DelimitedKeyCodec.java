package dev.cellar.sql.codec;

/**
 * A field of a {@code DELIMITED} mapped rowkey: the value's text ({@link StringValues}) followed
 * by the separator, or, for the last field, the rest of the key. A value written into a field
 * before the last must not contain the separator. Text of varying length does not sort as its
 * values do ({@code 'ab|'} after {@code 'ab0|'}; {@code '10'} before {@code '9'}), so no delimited
 * field is {@link #orderPreserving()}; equality and {@code LIKE} prefixes still bound keys.
 */
final class DelimitedKeyCodec extends FieldCodec {
  private final byte[] separator;
  private final boolean last;

  DelimitedKeyCodec(KeyColumn column, byte[] separator, boolean last) {
    super(column);
    if (separator.length == 0) {
      throw new IllegalArgumentException(what() + ": the key separator is empty");
    }
    this.separator = separator.clone();
    this.last = last;
  }

  @Override
  public int fixedWidth() {
    return -1;
  }

  @Override
  public boolean orderPreserving() {
    return false;
  }

  @Override
  void writeAscending(KeyWriter out, Object value) {
    byte[] b = StringValues.utf8(column().type(), value, what());
    if (!last && indexOf(b, separator) >= 0) {
      throw new IllegalArgumentException(what() + ": " + Values.show(value) + " contains the key separator '"
          + new String(separator, java.nio.charset.StandardCharsets.UTF_8) + "'");
    }
    out.put(b);
    if (!last) {
      out.put(separator);
    }
  }

  @Override
  void writeAscendingPrefix(KeyWriter out, Object value) {
    out.put(StringValues.utf8(column().type(), value, what()));
  }

  @Override
  Object readAscending(KeyReader in) {
    byte[] text;
    if (last) {
      text = in.nextBytes(in.remaining());
    } else {
      int at = in.indexOf(separator);
      if (at < 0) {
        throw in.corrupt(in.position(), "no key separator '"
            + new String(separator, java.nio.charset.StandardCharsets.UTF_8) + "' after the field");
      }
      text = in.nextBytes(at - in.position());
    }
    Object v = TextKeyCodec.parse(in, column().type(), text, in.position());
    if (!last) {
      in.nextBytes(separator.length);
    }
    return v;
  }

  private static int indexOf(byte[] b, byte[] pattern) {
    outer:
    for (int i = 0; i + pattern.length <= b.length; i++) {
      for (int j = 0; j < pattern.length; j++) {
        if (b[i + j] != pattern[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }
}
