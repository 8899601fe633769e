package dev.cellar.sql.codec;

import java.util.Arrays;

/**
 * CHAR(n) and BINARY(n), no terminator. BINARY(n): exactly n bytes, a shorter value padded with
 * {@code 00}. CHAR(n): the UTF-8 of the value padded with spaces to n characters (UTF-16 code
 * units, as {@link String#length()} counts them); n bytes when the text is ASCII. The UTF-8
 * forms of equally long strings are prefix-free and sort as their code points do, so no
 * terminator is needed even when multi-byte characters make lengths differ.
 */
final class FixedLengthKeyCodec extends FieldCodec {
  private final boolean text;
  private final int length;

  FixedLengthKeyCodec(KeyColumn column) {
    super(column);
    this.text = column.type() == KeyType.CHAR;
    this.length = column.length();
  }

  @Override
  public int fixedWidth() {
    return text || column().nullable() ? -1 : length;
  }

  @Override
  void writeAscending(KeyWriter out, Object value) {
    if (!text) {
      byte[] b = (byte[]) value;
      if (b.length > length) {
        throw new IllegalArgumentException(what() + ": " + b.length + " bytes do not fit");
      }
      out.put(b);
      for (int i = b.length; i < length; i++) {
        out.put(KeyFormat.BINARY_PAD);
      }
      return;
    }
    String s = (String) value;
    if (s.length() > length) {
      for (int i = length; i < s.length(); i++) {
        if (s.charAt(i) != KeyFormat.CHAR_PAD) {
          throw new IllegalArgumentException(what() + ": " + Values.show(s) + " has " + s.length()
              + " characters");
        }
      }
      s = s.substring(0, length);
    }
    out.put(Values.utf8(s, what()));
    for (int i = s.length(); i < length; i++) {
      out.put(KeyFormat.CHAR_PAD);
    }
  }

  @Override
  void writeAscendingPrefix(KeyWriter out, Object value) {
    if (!text) {
      byte[] b = (byte[]) value;
      if (b.length > length) {
        throw new IllegalArgumentException(what() + ": a prefix of " + b.length + " bytes does not fit");
      }
      out.put(b);
      return;
    }
    String s = (String) value;
    if (s.length() > length) {
      throw new IllegalArgumentException(what() + ": a prefix of " + s.length()
          + " characters does not fit");
    }
    out.put(Values.utf8(s, what()));
  }

  @Override
  Object readAscending(KeyReader in) {
    if (!text) {
      return in.nextBytes(length);
    }
    byte[] buf = new byte[Math.min(4 * length, 64)];
    int n = 0;
    int start = in.position();
    for (int units = 0; units < length; ) {
      int at = in.position();
      int lead = in.next();
      int extra;
      if (lead < 0x80) {
        extra = 0;
      } else if (lead >= 0xc2 && lead < 0xe0) {
        extra = 1;
      } else if (lead >= 0xe0 && lead < 0xf0) {
        extra = 2;
      } else if (lead >= 0xf0 && lead < 0xf5) {
        extra = 3;
      } else {
        throw in.corrupt(at, String.format("CHAR byte %02x does not start a UTF-8 character", lead));
      }
      units += extra == 3 ? 2 : 1;
      if (units > length) {
        throw in.corrupt(at, "CHAR character crosses the column's length");
      }
      if (n + 1 + extra > buf.length) {
        buf = Arrays.copyOf(buf, Math.max(2 * buf.length, n + 4));
      }
      buf[n++] = (byte) lead;
      for (int i = 0; i < extra; i++) {
        buf[n++] = (byte) in.next();
      }
    }
    String s = Values.fromUtf8(buf, 0, n);
    if (s == null) {
      throw in.corrupt(start, "CHAR bytes are not well-formed UTF-8");
    }
    return s;
  }
}
