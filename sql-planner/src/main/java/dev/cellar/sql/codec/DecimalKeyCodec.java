package dev.cellar.sql.codec;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * DECIMAL of any precision and scale. A non-zero value is written as
 * {@code ±0.d1 d2 ... dn × 100^E}, with base-100 digits {@code d1 != 0} and {@code dn != 0}:
 * a sign byte, an exponent byte {@code E + 0x80}, one byte {@code d + 1} per digit and a
 * {@code 00} end byte; for a negative value every byte after the sign byte is inverted. Zero is
 * the single byte {@code 02}. Equal values (1.5 and 1.50) have one encoding; they decode to
 * {@code stripTrailingZeros()} with a negative scale raised to 0 (100, not 1E+2).
 */
final class DecimalKeyCodec extends FieldCodec {
  DecimalKeyCodec(KeyColumn column) {
    super(column);
  }

  @Override
  void writeAscending(KeyWriter out, Object value) {
    BigDecimal d = (BigDecimal) value;
    int sign = d.signum();
    if (sign == 0) {
      out.put(KeyFormat.DECIMAL_ZERO);
      return;
    }
    BigDecimal a = d.abs().stripTrailingZeros();
    String digits = a.unscaledValue().toString();
    // |d| = 0.<digits> × 10^e10
    long e10 = digits.length() - (long) a.scale();
    long exponent = Math.floorDiv(e10 + 1, 2);
    if (exponent < KeyFormat.DECIMAL_MIN_EXPONENT || exponent > KeyFormat.DECIMAL_MAX_EXPONENT) {
      throw new IllegalArgumentException(what() + ": " + Values.show(d)
          + " is outside the DECIMAL key range 1E-256 <= |x| < 1E+252");
    }
    out.put(sign > 0 ? KeyFormat.DECIMAL_POSITIVE : KeyFormat.DECIMAL_NEGATIVE);
    int start = out.length();
    out.put((int) exponent + KeyFormat.DECIMAL_EXPONENT_BIAS);
    // An odd decimal exponent puts a leading zero digit before the first pair.
    int i = 2 * exponent == e10 ? 0 : -1;
    for (; i < digits.length(); i += 2) {
      int hi = i < 0 ? 0 : digits.charAt(i) - '0';
      int lo = i + 1 < digits.length() ? digits.charAt(i + 1) - '0' : 0;
      out.put(hi * 10 + lo + KeyFormat.DECIMAL_DIGIT_BIAS);
    }
    out.put(KeyFormat.DECIMAL_END);
    if (sign < 0) {
      out.invertFrom(start);
    }
  }

  @Override
  Object readAscending(KeyReader in) {
    int at = in.position();
    int kind = in.next();
    if (kind == KeyFormat.DECIMAL_ZERO) {
      return BigDecimal.ZERO;
    }
    if (kind != KeyFormat.DECIMAL_POSITIVE && kind != KeyFormat.DECIMAL_NEGATIVE) {
      throw in.corrupt(at, String.format("DECIMAL sign byte %02x is not 01, 02 or 03", kind));
    }
    int flip = kind == KeyFormat.DECIMAL_NEGATIVE ? 0xff : 0x00;
    int expAt = in.position();
    int exponent = (in.next() ^ flip) - KeyFormat.DECIMAL_EXPONENT_BIAS;
    if (exponent < KeyFormat.DECIMAL_MIN_EXPONENT || exponent > KeyFormat.DECIMAL_MAX_EXPONENT) {
      throw in.corrupt(expAt, "DECIMAL exponent byte 00 and ff are reserved");
    }
    StringBuilder digits = new StringBuilder();
    int lastAt = -1;
    while (true) {
      int byteAt = in.position();
      int b = in.next() ^ flip;
      if (b == KeyFormat.DECIMAL_END) {
        break;
      }
      int digit = b - KeyFormat.DECIMAL_DIGIT_BIAS;
      if (digit < 0 || digit > 99) {
        throw in.corrupt(byteAt, String.format("DECIMAL digit byte %02x is outside 01..64", b));
      }
      if (digits.length() == 0 && digit == 0) {
        throw in.corrupt(byteAt, "DECIMAL leading digit is zero");
      }
      digits.append((char) ('0' + digit / 10)).append((char) ('0' + digit % 10));
      lastAt = byteAt;
    }
    if (digits.length() == 0) {
      throw in.corrupt(expAt + 1, "DECIMAL has no digits");
    }
    if (digits.charAt(digits.length() - 1) == '0' && digits.charAt(digits.length() - 2) == '0') {
      throw in.corrupt(lastAt, "DECIMAL trailing digit is zero");
    }
    long e10 = 2L * exponent;
    int from = 0;
    if (digits.charAt(0) == '0') {
      from = 1;
      e10--;
    }
    int to = digits.length();
    if (digits.charAt(to - 1) == '0') {
      to--;
    }
    long scale = (to - from) - e10;
    if (scale > Integer.MAX_VALUE) {
      throw in.corruptField("DECIMAL scale " + scale + " is too large");
    }
    BigDecimal v = new BigDecimal(new BigInteger(digits.substring(from, to)), (int) scale);
    if (v.scale() < 0) {
      v = v.setScale(0);
    }
    return flip == 0 ? v : v.negate();
  }
}
