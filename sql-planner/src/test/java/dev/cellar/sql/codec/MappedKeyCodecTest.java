package dev.cellar.sql.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The field codecs of mapped keys ({@code sql-planner/docs/mapping.md}): FIXED text, DELIMITED
 * text and HBase {@code Bytes} binary fields, their order-preserving flags and their errors; and
 * the STRING value format.
 */
class MappedKeyCodecTest {
  private static final byte[] BAR = {'|'};

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static KeyColumn col(String name, KeyType type, int length) {
    return new KeyColumn(name, type, false, length);
  }

  @Test
  void fixedTextFields() {
    RowKeyCodec files = KeyLayout.FIXED.codec(List.of(col("user", KeyType.CHAR, 6), col("time", KeyType.CHAR, 8),
        col("file", KeyType.CHAR, 6)), null, null);
    byte[] key = files.encode(new Object[] {"000001", "20120901", "000007"});
    assertArrayEquals(utf8("00000120120901000007"), key);
    assertArrayEquals(new Object[] {"000001", "20120901", "000007"}, files.decode(key));
    assertArrayEquals(utf8("00000120120901"), files.encodePrefix(new Object[] {"000001", "20120901"}));
    assertArrayEquals(utf8("0000012012"), files.encodeStartsWith(new Object[] {"000001"}, "2012"));
    assertEquals(20, files.fixedWidth());
    assertTrue(files.field(1).orderPreserving(), "fixed-width text sorts as its values");
    // a short value is padded with spaces, a long one rejected
    assertArrayEquals(utf8("ab    20120901000007"), files.encode(new Object[] {"ab", "20120901", "000007"}));
    assertThrows(IllegalArgumentException.class, () -> files.encode(new Object[] {"中国人", "20120901", "000007"}));
    CorruptKeyException e = assertThrows(CorruptKeyException.class, () -> files.decode(utf8("000001201209")));
    assertEquals("time", e.column());
    assertTrue(e.getMessage().contains("8 bytes needed"), e.getMessage());
    assertThrows(CorruptKeyException.class, () -> files.decode(utf8("00000120120901000007x")));

    // the last field may be the rest of the key, of any type, as text
    RowKeyCodec rest = KeyLayout.FIXED.codec(List.of(col("user", KeyType.CHAR, 6), KeyColumn.asc("n", KeyType.BIGINT)),
        null, null);
    assertArrayEquals(utf8("000001-42"), rest.encode(new Object[] {"000001", -42L}));
    assertEquals(-42L, rest.decode(utf8("000001-42"))[1]);
    assertFalse(rest.field(1).orderPreserving(), "decimal text of varying length does not sort as numbers");
    CorruptKeyException bad = assertThrows(CorruptKeyException.class, () -> rest.decode(utf8("0000014x")));
    assertEquals("n", bad.column());
    assertInstanceOf(NumberFormatException.class, bad.getCause());
    // only the last field may lack a width
    assertThrows(IllegalArgumentException.class, () -> KeyLayout.FIXED.codec(List.of(KeyColumn.asc("a", KeyType.VARCHAR),
        col("b", KeyType.CHAR, 2)), null, null));
    assertThrows(IllegalArgumentException.class, () -> KeyLayout.FIXED.codec(List.of(new KeyColumn("a", KeyType.CHAR,
        true, 2)), null, null), "no DESC in a mapped key");
  }

  @Test
  void delimitedTextFields() {
    RowKeyCodec k = KeyLayout.DELIMITED.codec(List.of(KeyColumn.asc("region", KeyType.VARCHAR),
        KeyColumn.asc("day", KeyType.INTEGER), KeyColumn.asc("rest", KeyType.VARCHAR)), null, BAR);
    assertArrayEquals(utf8("eu|5|a|b"), k.encode(new Object[] {"eu", 5, "a|b"}), "the last field may hold the separator");
    assertArrayEquals(new Object[] {"eu", 5, "a|b"}, k.decode(utf8("eu|5|a|b")));
    assertArrayEquals(utf8("eu|5|"), k.encodePrefix(new Object[] {"eu", 5}));
    assertArrayEquals(utf8("eu|5|x"), k.encodeStartsWith(new Object[] {"eu", 5}, "x"));
    for (int i = 0; i < 3; i++) {
      assertFalse(k.field(i).orderPreserving(), "'eu|12|' sorts before 'eu|5|'");
    }
    assertThrows(IllegalArgumentException.class, () -> k.encode(new Object[] {"e|u", 5, "x"}));
    CorruptKeyException e = assertThrows(CorruptKeyException.class, () -> k.decode(utf8("eu|5")));
    assertEquals("day", e.column());
    assertTrue(e.getMessage().contains("separator"), e.getMessage());
    assertInstanceOf(NumberFormatException.class,
        assertThrows(CorruptKeyException.class, () -> k.decode(utf8("eu|five|x"))).getCause());
    RowKeyCodec underscore = KeyLayout.DELIMITED.codec(List.of(KeyColumn.asc("user", KeyType.VARCHAR),
        KeyColumn.asc("video", KeyType.BIGINT)), null, utf8("_"));
    assertArrayEquals(new Object[] {"u42", 1001L}, underscore.decode(utf8("u42_1001")));
    assertThrows(IllegalArgumentException.class, () -> KeyLayout.DELIMITED.codec(List.of(KeyColumn.asc("a",
        KeyType.INTEGER)), List.of(ValueFormat.BYTES), BAR), "no binary field between separators");
  }

  @Test
  void bytesFields() {
    // SEEDS §7: 2-byte hash + 4-byte millisecond of the day + extension
    RowKeyCodec k = KeyLayout.BYTES.codec(List.of(KeyColumn.asc("hash", KeyType.SMALLINT),
        KeyColumn.asc("ms", KeyType.INTEGER), KeyColumn.asc("ext", KeyType.VARCHAR)), null, null);
    byte[] key = ByteBuffer.allocate(8).putShort((short) -2).putInt(86_399_999).put(utf8("ab")).array();
    assertArrayEquals(key, k.encode(new Object[] {(short) -2, 86_399_999, "ab"}));
    assertArrayEquals(new Object[] {(short) -2, 86_399_999, "ab"}, k.decode(key));
    assertArrayEquals(HexFormat.of().parseHex("fffe"), k.encodePrefix(new Object[] {(short) -2}));
    assertFalse(k.field(0).orderPreserving(), "two's complement: -2 (fffe) sorts after 1 (0001)");
    assertFalse(k.field(2).orderPreserving(), "the rest of the key is not prefix-free");
    assertThrows(CorruptKeyException.class, () -> k.decode(HexFormat.of().parseHex("00070000")));

    RowKeyCodec all = KeyLayout.BYTES.codec(List.of(KeyColumn.asc("b", KeyType.BOOLEAN), KeyColumn.asc("l",
        KeyType.BIGINT), KeyColumn.asc("d", KeyType.DOUBLE), col("c", KeyType.CHAR, 3), col("x", KeyType.BINARY, 2),
        KeyColumn.asc("m", KeyType.DECIMAL)), null, null);
    BigDecimal m = new BigDecimal("-1.50");
    byte[] unscaled = m.unscaledValue().toByteArray();
    byte[] expected = ByteBuffer.allocate(1 + 8 + 8 + 3 + 2 + 4 + unscaled.length).put((byte) -1).putLong(7L)
        .putDouble(-0.5).put(utf8("ab ")).put(new byte[] {9, 0}).putInt(2).put(unscaled).array();
    Object[] values = {true, 7L, -0.5, "ab", new byte[] {9}, m};
    assertArrayEquals(expected, all.encode(values));
    Object[] back = all.decode(expected);
    assertEquals(true, back[0]);
    assertEquals(7L, back[1]);
    assertEquals(-0.5, back[2]);
    assertEquals("ab ", back[3]);
    assertArrayEquals(new byte[] {9, 0}, (byte[]) back[4]);
    assertEquals(m, back[5]);
    assertTrue(all.field(0).orderPreserving() && all.field(3).orderPreserving() && all.field(4).orderPreserving());
    assertFalse(all.field(1).orderPreserving() || all.field(2).orderPreserving() || all.field(5).orderPreserving());
    expected[0] = 1;
    assertThrows(CorruptKeyException.class, () -> all.decode(expected), "BOOLEAN is 00 or ff in a key");
    assertThrows(IllegalArgumentException.class, () -> KeyLayout.BYTES.codec(List.of(KeyColumn.asc("v",
        KeyType.VARCHAR), KeyColumn.asc("i", KeyType.INTEGER)), null, null), "VARCHAR only last");
    // a text field in a binary key: FORMAT STRING
    RowKeyCodec mixed = KeyLayout.BYTES.codec(List.of(col("user", KeyType.CHAR, 3), KeyColumn.asc("ts",
        KeyType.BIGINT), KeyColumn.asc("n", KeyType.INTEGER)), List.of(ValueFormat.STRING, ValueFormat.BYTES,
        ValueFormat.STRING), null);
    byte[] mk = ByteBuffer.allocate(3 + 8 + 2).put(utf8("u01")).putLong(Long.MAX_VALUE - 5).put(utf8("42")).array();
    assertArrayEquals(new Object[] {"u01", Long.MAX_VALUE - 5, 42}, mixed.decode(mk));
  }

  @Test
  void cellarFieldsAreOrderPreserving() {
    for (KeyType t : KeyType.values()) {
      assertTrue(FieldCodec.of(new KeyColumn("v", t, false, t.hasFixedLength() ? 4 : -1)).orderPreserving(), t::name);
    }
  }

  @Test
  void stringValuesAreTheShellsText() {
    Object[][] cases = {
        {KeyType.BOOLEAN, true, "true"},
        {KeyType.TINYINT, (byte) -8, "-8"},
        {KeyType.SMALLINT, (short) 300, "300"},
        {KeyType.INTEGER, 42, "42"},
        {KeyType.BIGINT, -9_000_000_000L, "-9000000000"},
        {KeyType.DECIMAL, new BigDecimal("-3.50"), "-3.50"},
        {KeyType.DECIMAL, new BigDecimal("1E+3"), "1000"},
        {KeyType.REAL, 1.5f, "1.5"},
        {KeyType.DOUBLE, -0.25, "-0.25"},
        {KeyType.DATE, 15584, "2012-09-01"},
        {KeyType.TIME, 45_000_250, "12:30:00.250"},
        {KeyType.TIMESTAMP, 1_346_502_600_000L, "2012-09-01 12:30:00"},
        {KeyType.VARCHAR, "中国好声音", "中国好声音"},
    };
    for (Object[] c : cases) {
      KeyType t = (KeyType) c[0];
      byte[] b = ValueFormat.STRING.encode(t, c[1]);
      assertEquals(c[2], new String(b, StandardCharsets.UTF_8), t::name);
      Object back = ValueFormat.STRING.decode(t, b);
      if (t == KeyType.DECIMAL) {
        assertEquals(0, ((BigDecimal) c[1]).compareTo((BigDecimal) back));
      } else {
        assertEquals(c[1], back, t::name);
      }
    }
    assertEquals(Boolean.FALSE, ValueFormat.STRING.decode(KeyType.BOOLEAN, utf8("FALSE")));
    assertEquals(1_346_502_600_000L, ValueFormat.STRING.decode(KeyType.TIMESTAMP, utf8("2012-09-01T12:30:00")));
    for (String bad : new String[] {"", " 42", "42 ", "4x", "1d"}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> ValueFormat.STRING.decode(KeyType.INTEGER, utf8(bad)), bad);
      assertInstanceOf(NumberFormatException.class, e.getCause(), bad);
    }
    // a number the type cannot hold is no wrong text: out of range
    for (String big : new String[] {"2147483648", "-2147483649", "99999999999999999999"}) {
      ValueOutOfRange e = assertThrows(ValueOutOfRange.class,
          () -> ValueFormat.STRING.decode(KeyType.INTEGER, utf8(big)), big);
      assertEquals("\"" + big + "\" is out of range for INTEGER", e.getMessage());
    }
    assertThrows(IllegalArgumentException.class, () -> ValueFormat.STRING.decode(KeyType.DOUBLE, utf8("1.5d")));
    assertThrows(IllegalArgumentException.class, () -> ValueFormat.STRING.decode(KeyType.BOOLEAN, utf8("yes")));
    assertThrows(IllegalArgumentException.class, () -> ValueFormat.STRING.decode(KeyType.DATE, utf8("2012-9-1")));
    assertThrows(IllegalArgumentException.class, () -> ValueFormat.STRING.decode(KeyType.VARCHAR, new byte[] {(byte) 0xff}));
    assertArrayEquals(new byte[] {0, 0, 0, 42}, ValueFormat.BYTES.encode(KeyType.INTEGER, 42));
  }
}
