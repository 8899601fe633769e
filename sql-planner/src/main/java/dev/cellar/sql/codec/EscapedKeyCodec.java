package dev.cellar.sql.codec;

import java.io.ByteArrayOutputStream;

/**
 * VARCHAR (as UTF-8) and VARBINARY: the value's bytes with {@code 00} written as {@code 01 01}
 * and {@code 01} as {@code 01 02}, then a {@code 00} terminator. No byte of the escaped value is
 * {@code 00}, so the terminator ends the field, and it sorts below every byte a longer value
 * could continue with: a value sorts before every value it is a proper prefix of.
 */
final class EscapedKeyCodec extends FieldCodec {
  private final boolean text;

  EscapedKeyCodec(KeyColumn column) {
    super(column);
    this.text = column.type() == KeyType.VARCHAR;
  }

  @Override
  void writeAscending(KeyWriter out, Object value) {
    writeAscendingPrefix(out, value);
    out.put(KeyFormat.TERMINATOR);
  }

  @Override
  void writeAscendingPrefix(KeyWriter out, Object value) {
    byte[] b = text ? Values.utf8((String) value, what()) : (byte[]) value;
    for (byte x : b) {
      if (x == 0x00) {
        out.put(KeyFormat.ESCAPE);
        out.put(KeyFormat.ESCAPED_00);
      } else if (x == 0x01) {
        out.put(KeyFormat.ESCAPE);
        out.put(KeyFormat.ESCAPED_01);
      } else {
        out.put(x);
      }
    }
  }

  @Override
  Object readAscending(KeyReader in) {
    ByteArrayOutputStream value = new ByteArrayOutputStream();
    while (true) {
      int b = in.next();
      if (b == KeyFormat.TERMINATOR) {
        break;
      }
      if (b == KeyFormat.ESCAPE) {
        int at = in.position();
        int e = in.next();
        if (e == KeyFormat.ESCAPED_00) {
          b = 0x00;
        } else if (e == KeyFormat.ESCAPED_01) {
          b = 0x01;
        } else {
          throw in.corrupt(at, String.format("escape 01 followed by %02x, not 01 or 02", e));
        }
      }
      value.write(b);
    }
    byte[] bytes = value.toByteArray();
    if (!text) {
      return bytes;
    }
    String s = Values.fromUtf8(bytes, 0, bytes.length);
    if (s == null) {
      throw in.corruptField("VARCHAR bytes are not well-formed UTF-8");
    }
    return s;
  }
}
