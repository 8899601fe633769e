package dev.cellar.sql.discover;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A guess at how sampled rowkeys are laid out, as a mapping's {@code KEY_FORMAT} reads them: text
 * fields around a separator ({@code _}, {@code |}, {@code #}, ...) found the same number of times
 * in every key ({@code DELIMITED}), or fields at fixed offsets ({@code FIXED}): an 8-byte
 * big-endian time or reversed time ({@code Long.MAX_VALUE - ts}), a 19-digit reversed time or an
 * 8-digit date written as text, a run of digits of one width before the rest; each field between
 * them is {@code CHAR(n)} when it has one width, and the last the rest of the key.
 */
final class KeyLayoutGuess {
  /** Separators tried, in this order. */
  private static final String SEPARATORS = "|#_:;,";

  /** One field of the key: its offset and width ({@code -1}: the rest of the key), type and note. */
  record Field(String name, int offset, int width, String type, boolean bytes, String encoding) {}

  /** The layout: {@code FIXED} or {@code DELIMITED}, the separator of the latter, the fields. */
  record Layout(String format, String separator, List<Field> fields) {}

  private KeyLayoutGuess() {}

  /** The layout of {@code keys} (at least one). */
  static Layout of(List<byte[]> keys) {
    boolean text = true;
    for (byte[] k : keys) {
      text &= ValueGuess.textOf(k) != null;
    }
    if (text) {
      Layout delimited = delimited(keys);
      if (delimited != null) {
        return delimited;
      }
    }
    return fixed(keys, text);
  }

  private static Layout delimited(List<byte[]> keys) {
    for (char sep : SEPARATORS.toCharArray()) {
      int parts = -1;
      boolean ok = true;
      for (byte[] k : keys) {
        String[] split = parts(k, sep);
        if (split.length < 2 || parts >= 0 && split.length != parts || Arrays.stream(split).anyMatch(String::isEmpty)) {
          ok = false;
          break;
        }
        parts = split.length;
      }
      if (!ok) {
        continue;
      }
      List<Field> fields = new ArrayList<>();
      for (int i = 0; i < parts; i++) {
        ValueGuess g = new ValueGuess();
        for (byte[] k : keys) {
          g.add(parts(k, sep)[i].getBytes(StandardCharsets.UTF_8));
        }
        fields.add(new Field("K" + (i + 1), -1, -1, g.type(), false,
            i + 1 < parts ? "text before '" + sep + "'" : "text, the rest of the key"));
      }
      return new Layout("DELIMITED", String.valueOf(sep), names(fields));
    }
    return null;
  }

  /** The text of key {@code k} split at each {@code sep}. */
  private static String[] parts(byte[] k, char sep) {
    return new String(k, StandardCharsets.UTF_8).split(java.util.regex.Pattern.quote(String.valueOf(sep)), -1);
  }

  private static Layout fixed(List<byte[]> keys, boolean text) {
    int min = Integer.MAX_VALUE;
    int max = 0;
    for (byte[] k : keys) {
      min = Math.min(min, k.length);
      max = Math.max(max, k.length);
    }
    List<Field> fields = new ArrayList<>();
    int at = 0;
    while (at < min) {
      Field special = special(keys, at, min);
      if (special == null) {
        // the next special field decides where this plain one ends
        int next = -1;
        for (int o = at + 1; o < min && next < 0; o++) {
          if (special(keys, o, min) != null) {
            next = o;
          }
        }
        if (next < 0) {
          fields.addAll(tail(keys, at, min, max));
          at = max;
          break;
        }
        fields.add(plain(keys, at, next - at));
        at = next;
      } else {
        fields.add(special);
        at += special.width;
      }
    }
    if (at < max) {
      fields.addAll(tail(keys, at, min, max));
    }
    if (fields.isEmpty()) {
      fields.add(new Field("K1", 0, -1, text ? "VARCHAR" : "VARBINARY", false, text ? "text" : "bytes"));
    }
    return new Layout("FIXED", null, names(fields));
  }

  /** A time, reversed time or date at {@code at} in every key, or null. */
  private static Field special(List<byte[]> keys, int at, int min) {
    if (at + 8 <= min) {
      boolean reversed = true;
      boolean plain = true;
      for (byte[] k : keys) {
        long v = ByteBuffer.wrap(k, at, 8).getLong();
        reversed &= ValueGuess.plausibleMillis(Long.MAX_VALUE - v);
        plain &= ValueGuess.plausibleMillis(v);
      }
      if (reversed) {
        return new Field("RTIME", at, 8, "BIGINT", true, "8-byte big-endian, Long.MAX_VALUE - milliseconds since 1970");
      }
      if (plain) {
        return new Field("TS", at, 8, "BIGINT", true, "8-byte big-endian, milliseconds since 1970");
      }
    }
    if (at + 19 <= min && digits(keys, at, 19)) {
      boolean reversed = true;
      for (byte[] k : keys) {
        long v = Long.parseLong(new String(k, at, 19, StandardCharsets.US_ASCII));
        reversed &= ValueGuess.plausibleMillis(Long.MAX_VALUE - v);
      }
      if (reversed) {
        return new Field("RTIME", at, 19, "CHAR(19)", false, "19 digits, Long.MAX_VALUE - milliseconds since 1970");
      }
    }
    if (at + 8 <= min && digits(keys, at, 8)) {
      boolean dates = true;
      for (byte[] k : keys) {
        String s = new String(k, at, 8, StandardCharsets.US_ASCII);
        int y = Integer.parseInt(s.substring(0, 4));
        int m = Integer.parseInt(s.substring(4, 6));
        int d = Integer.parseInt(s.substring(6, 8));
        dates &= y >= 1900 && y <= 2100 && m >= 1 && m <= 12 && d >= 1 && d <= 31;
      }
      if (dates) {
        return new Field("DAY", at, 8, "CHAR(8)", false, "8 digits, a date yyyyMMdd");
      }
    }
    return null;
  }

  private static boolean digits(List<byte[]> keys, int at, int width) {
    for (byte[] k : keys) {
      for (int i = at; i < at + width; i++) {
        if (k[i] < '0' || k[i] > '9') {
          return false;
        }
      }
    }
    return true;
  }

  /** A field of {@code width} bytes at {@code at}: text of that width or bytes. */
  private static Field plain(List<byte[]> keys, int at, int width) {
    boolean text = true;
    for (byte[] k : keys) {
      text &= ValueGuess.textOf(Arrays.copyOfRange(k, at, at + width)) != null;
    }
    return text ? new Field("K", at, width, "CHAR(" + width + ")", false, "text, " + width + " bytes")
        : new Field("K", at, width, "BINARY(" + width + ")", false, width + " bytes");
  }

  /** The rest of the keys from {@code at}: a leading run of digits of one width split off, then the rest. */
  private static List<Field> tail(List<byte[]> keys, int at, int min, int max) {
    List<Field> out = new ArrayList<>();
    int run = -1;
    for (byte[] k : keys) {
      int n = 0;
      while (at + n < k.length && k[at + n] >= '0' && k[at + n] <= '9') {
        n++;
      }
      if (at + n == k.length || run >= 0 && n != run) {
        run = -1;
        break;
      }
      run = n;
    }
    int from = at;
    if (run >= 2) {
      out.add(plain(keys, at, run));
      from = at + run;
    }
    ValueGuess g = new ValueGuess();
    for (byte[] k : keys) {
      g.add(Arrays.copyOfRange(k, from, k.length));
    }
    String type;
    if (min == max && from < min && !g.isWholeNumber() && (g.isText() || g.type().equals("VARBINARY"))) {
      type = g.isText() ? "CHAR(" + (min - from) + ")" : "BINARY(" + (min - from) + ")";
    } else {
      type = g.type();
    }
    out.add(new Field("K", from, -1, type, g.needsBytesFormat(),
        g.isText() ? "text, the rest of the key" : g.encoding() + ", the rest of the key"));
    return out;
  }

  /** The fields named K1, K2, ... where no special name was given; a key of one field is ID. */
  private static List<Field> names(List<Field> fields) {
    List<Field> out = new ArrayList<>();
    for (int i = 0; i < fields.size(); i++) {
      Field f = fields.get(i);
      String name = fields.size() == 1 ? "ID" : f.name.equals("K") || f.name.startsWith("K") ? "K" + (i + 1) : f.name;
      out.add(new Field(name, f.offset, f.width, f.type, f.bytes, f.encoding));
    }
    return out;
  }
}
