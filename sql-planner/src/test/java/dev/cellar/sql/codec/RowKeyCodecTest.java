package dev.cellar.sql.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Examples and error cases of the rowkey codecs; the exhaustive checks are in the property test. */
class RowKeyCodecTest {
  private static byte[] key(RowKeyCodec codec, Object... values) {
    return codec.encode(values);
  }

  private static String hex(byte[] b) {
    return HexFormat.ofDelimiter(" ").formatHex(b);
  }

  private static int compare(byte[] a, byte[] b) {
    return Integer.signum(Arrays.compareUnsigned(a, b));
  }

  private static RowKeyCodec single(KeyType type, boolean desc) {
    return RowKeyCodec.of(List.of(new KeyColumn("v", type, desc, type.hasFixedLength() ? 4 : -1)));
  }

  @Test
  void integersAreFixedWidthBigEndianWithTheSignBitFlipped() {
    assertEquals("80 00 00 01", hex(key(single(KeyType.INTEGER, false), 1)));
    assertEquals("7f ff ff ff", hex(key(single(KeyType.INTEGER, false), -1)));
    assertEquals("00 00 00 00", hex(key(single(KeyType.INTEGER, false), Integer.MIN_VALUE)));
    assertEquals("80 00 00 00 00 00 00 2a", hex(key(single(KeyType.BIGINT, false), 42L)));
    assertEquals("7f ff ff ff ff ff ff d5", hex(key(single(KeyType.BIGINT, true), 42L)));
    assertEquals("ff", hex(key(single(KeyType.TINYINT, false), (byte) 127)));
    assertEquals("80 02", hex(key(single(KeyType.SMALLINT, false), (short) 2)));
    assertEquals(12, RowKeyCodec.of(List.of(KeyColumn.asc("a", KeyType.INTEGER), KeyColumn.asc("b", KeyType.BIGINT)))
        .fixedWidth());
    assertEquals(13, RowKeyCodec.salted(List.of(KeyColumn.asc("a", KeyType.INTEGER), KeyColumn.asc("b",
        KeyType.TIMESTAMP)), 4).fixedWidth());
    assertEquals(-1, single(KeyType.VARCHAR, false).fixedWidth());
  }

  /** "ab" and "abc" in the middle of a key, descending: "abc" first, whatever follows. */
  @Test
  void shorterStringSortsAfterItsExtensionsWhenDescendingInTheMiddleOfAKey() {
    for (KeyType type : new KeyType[] {KeyType.VARCHAR, KeyType.VARBINARY, KeyType.CHAR, KeyType.BINARY}) {
      RowKeyCodec codec = RowKeyCodec.of(List.of(KeyColumn.asc("a", KeyType.INTEGER),
          new KeyColumn("s", type, true, type.hasFixedLength() ? 3 : -1), KeyColumn.asc("b", KeyType.INTEGER)));
      Object ab = value(type, "ab");
      Object abc = value(type, "abc");
      byte[] abMin = key(codec, 1, ab, Integer.MIN_VALUE);
      byte[] abMax = key(codec, 1, ab, Integer.MAX_VALUE);
      byte[] abcMin = key(codec, 1, abc, Integer.MIN_VALUE);
      byte[] abcMax = key(codec, 1, abc, Integer.MAX_VALUE);
      assertEquals(-1, compare(abcMax, abMin), type + ": " + hex(abcMax) + " < " + hex(abMin));
      assertEquals(-1, compare(abcMin, abcMax), type.toString());
      assertEquals(-1, compare(abMin, abMax), type.toString());
      // Ascending, the other way round.
      RowKeyCodec asc = RowKeyCodec.of(List.of(KeyColumn.asc("a", KeyType.INTEGER),
          new KeyColumn("s", type, false, type.hasFixedLength() ? 3 : -1), KeyColumn.asc("b", KeyType.INTEGER)));
      assertEquals(-1, compare(key(asc, 1, ab, Integer.MAX_VALUE), key(asc, 1, abc, Integer.MIN_VALUE)), type.toString());
    }
    RowKeyCodec varchar = single(KeyType.VARCHAR, true);
    assertEquals("9e 9d ff", hex(key(varchar, "ab")));
    assertEquals("9e 9d 9c ff", hex(key(varchar, "abc")));
  }

  private static Object value(KeyType type, String s) {
    return type == KeyType.VARCHAR || type == KeyType.CHAR ? s : s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
  }

  @Test
  void zeroAndOneBytesAreEscapedSoTheTerminatorSortsFirst() {
    RowKeyCodec codec = single(KeyType.VARBINARY, false);
    assertEquals("00", hex(key(codec, new byte[0])));
    assertEquals("61 01 01 01 02 ff 00", hex(key(codec, new byte[] {0x61, 0, 1, (byte) 0xff})));
    assertEquals(-1, compare(key(codec, new byte[] {0x61}), key(codec, new byte[] {0x61, 0})));
    assertEquals(-1, compare(key(codec, new byte[] {0x61, 0}), key(codec, new byte[] {0x61, 1})));
    assertEquals(-1, compare(key(codec, new byte[] {0x61, 1}), key(codec, new byte[] {0x61, 2})));
    assertEquals("01 01 00", hex(key(single(KeyType.VARCHAR, false), "\0")));
  }

  @Test
  void charAndBinaryArePaddedToTheirLength() {
    RowKeyCodec codec = RowKeyCodec.of(List.of(new KeyColumn("c", KeyType.CHAR, false, 4),
        new KeyColumn("b", KeyType.BINARY, false, 3)));
    byte[] k = key(codec, "ab", new byte[] {1});
    assertEquals("61 62 20 20 01 00 00", hex(k));
    Object[] back = codec.decode(k);
    assertEquals("ab  ", back[0]);
    assertArrayEquals(new byte[] {1, 0, 0}, (byte[]) back[1]);
    assertArrayEquals(k, key(codec, "ab    ", new byte[] {1, 0}), "spaces beyond the length are dropped");
    assertEquals("e4 b8 ad 61 20 20", hex(key(RowKeyCodec.of(List.of(new KeyColumn("c", KeyType.CHAR, false, 4))),
        "中a")));
  }

  @Test
  void equalDecimalsEncodeEqualAndDecodeCanonical() {
    RowKeyCodec codec = single(KeyType.DECIMAL, false);
    assertArrayEquals(key(codec, new BigDecimal("1.5")), key(codec, new BigDecimal("1.50")));
    assertArrayEquals(key(codec, new BigDecimal("0")), key(codec, new BigDecimal("0.000")));
    assertArrayEquals(key(codec, new BigDecimal("100")), key(codec, new BigDecimal("1E+2")));
    assertEquals("03 81 02 33 00", hex(key(codec, new BigDecimal("1.50"))));
    assertEquals("01 7e fd cc ff", hex(key(codec, new BigDecimal("-1.5"))));
    assertEquals("03 7f 0b 00", hex(key(codec, new BigDecimal("0.001"))));
    assertEquals("02", hex(key(codec, BigDecimal.ZERO)));
    assertEquals(new BigDecimal("1.5"), codec.decode(key(codec, new BigDecimal("1.500")))[0]);
    assertEquals(new BigDecimal("100"), codec.decode(key(codec, new BigDecimal("1E+2")))[0]);
    assertEquals(new BigDecimal("-0.001"), codec.decode(key(codec, new BigDecimal("-0.0010")))[0]);
    assertEquals(-1, compare(key(codec, new BigDecimal("-0.001")), key(codec, BigDecimal.ZERO)));
    assertEquals(-1, compare(key(codec, new BigDecimal("1.5")), key(codec, new BigDecimal("1.5000001"))));
    assertEquals(-1, compare(key(codec, new BigDecimal("-1.5000001")), key(codec, new BigDecimal("-1.5"))));
  }

  @Test
  void decimalKeysHaveARange() {
    RowKeyCodec codec = single(KeyType.DECIMAL, false);
    key(codec, new BigDecimal("9.999E+251"));
    key(codec, new BigDecimal("-1E-256"));
    for (String s : new String[] {"1E+252", "-1E+252", "9E-257", "1E+2147483647"}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> key(codec, new BigDecimal(s)));
      assertTrue(e.getMessage().contains("column 'v' (DECIMAL)") && e.getMessage().contains("range"), e.getMessage());
    }
  }

  @Test
  void floatingPointHasATotalOrder() {
    RowKeyCodec codec = single(KeyType.DOUBLE, false);
    assertArrayEquals(key(codec, 0.0), key(codec, -0.0));
    assertEquals(0.0, codec.decode(key(codec, -0.0))[0]);
    double[] ascending = {Double.NEGATIVE_INFINITY, -Double.MAX_VALUE, -1, -Double.MIN_VALUE, 0.0, Double.MIN_VALUE,
        1, Double.MAX_VALUE, Double.POSITIVE_INFINITY, Double.NaN};
    for (int i = 1; i < ascending.length; i++) {
      assertEquals(-1, compare(key(codec, ascending[i - 1]), key(codec, ascending[i])), ascending[i] + "");
    }
    assertArrayEquals(key(codec, Double.NaN), key(codec, Double.longBitsToDouble(0xfff8000000000001L)));
    assertEquals("ff f8 00 00 00 00 00 00", hex(key(codec, Double.NaN)));
    assertEquals("ff c0 00 00", hex(key(single(KeyType.REAL, false), Float.NaN)));
    assertEquals("00 3f ff ff", hex(key(single(KeyType.REAL, true), Float.NaN)));
    assertTrue(Float.isNaN((Float) single(KeyType.REAL, true).decode(key(single(KeyType.REAL, true), Float.NaN))[0]));
  }

  @Test
  void booleansSortFalseFirst() {
    assertEquals("00", hex(key(single(KeyType.BOOLEAN, false), false)));
    assertEquals("01", hex(key(single(KeyType.BOOLEAN, false), true)));
    assertEquals("fe", hex(key(single(KeyType.BOOLEAN, true), true)));
  }

  @Test
  void exactWideningsAreAccepted() {
    assertArrayEquals(key(single(KeyType.BIGINT, false), 7L), key(single(KeyType.BIGINT, false), 7));
    assertArrayEquals(key(single(KeyType.INTEGER, false), 7), key(single(KeyType.INTEGER, false), 7L));
    assertArrayEquals(key(single(KeyType.INTEGER, false), 7), key(single(KeyType.INTEGER, false), new BigDecimal("7.00")));
    assertArrayEquals(key(single(KeyType.DOUBLE, false), 1.5), key(single(KeyType.DOUBLE, false), 1.5f));
    assertArrayEquals(key(single(KeyType.REAL, false), 1.5f), key(single(KeyType.REAL, false), 1.5));
    assertArrayEquals(key(single(KeyType.DECIMAL, false), new BigDecimal(12)), key(single(KeyType.DECIMAL, false), 12L));
    assertArrayEquals(key(single(KeyType.DECIMAL, false), new BigDecimal(12)),
        key(single(KeyType.DECIMAL, false), BigInteger.valueOf(12)));
    assertArrayEquals(key(single(KeyType.TIMESTAMP, false), 5L), key(single(KeyType.TIMESTAMP, false), 5));
    assertEquals(Long.class, single(KeyType.BIGINT, false).decode(key(single(KeyType.BIGINT, false), 7))[0].getClass());
  }

  @Test
  void badValuesNameTheColumn() {
    RowKeyCodec codec = RowKeyCodec.of(List.of(KeyColumn.asc("user_id", KeyType.INTEGER),
        KeyColumn.desc("created", KeyType.TIMESTAMP), new KeyColumn("code", KeyType.CHAR, false, 2),
        new KeyColumn("tiny", KeyType.TINYINT, false, -1), new KeyColumn("bin", KeyType.BINARY, false, 2),
        KeyColumn.asc("name", KeyType.VARCHAR), KeyColumn.asc("r", KeyType.REAL)));
    Object[] good = {1, 2L, "ab", (byte) 3, new byte[2], "x", 1f};
    codec.encode(good);
    expect(codec, 0, null, "column 'user_id' (INTEGER): a key column cannot be NULL");
    expect(codec, 1, null, "column 'created' (TIMESTAMP DESC): a key column cannot be NULL");
    expect(codec, 0, "1", "column 'user_id' (INTEGER): expected Integer, got java.lang.String \"1\"");
    expect(codec, 0, 1L << 40, "column 'user_id' (INTEGER): 1099511627776 is out of range");
    expect(codec, 3, 300, "column 'tiny' (TINYINT): 300 is out of range [-128, 127]");
    expect(codec, 0, 1.0, "column 'user_id' (INTEGER): expected Integer, got java.lang.Double");
    expect(codec, 2, "abc", "column 'code' (CHAR(2)): \"abc\" has 3 characters");
    expect(codec, 4, new byte[3], "column 'bin' (BINARY(2)): 3 bytes do not fit");
    expect(codec, 5, "a\uD800", "column 'name' (VARCHAR): string has an unpaired surrogate");
    expect(codec, 6, 0.1, "column 'r' (REAL): 0.1 is not exactly representable as REAL");
    expect(codec, 1, new BigDecimal("1E+30"), "column 'created' (TIMESTAMP DESC): 1E+30 is out of range");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> codec.encode(new Object[] {1}));
    assertTrue(e.getMessage().contains("needs 7 values [user_id, created, code, tiny, bin, name, r], got 1"),
        e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> codec.encodePrefix(new Object[] {null}));
    assertTrue(e.getMessage().contains("user_id"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> codec.encodeStartsWith(new Object[0], "1"));
    assertTrue(e.getMessage().contains("column 'user_id' (INTEGER): only CHAR, VARCHAR"), e.getMessage());
  }

  private static void expect(RowKeyCodec codec, int column, Object bad, String message) {
    Object[] values = {1, 2L, "ab", (byte) 3, new byte[2], "x", 1f};
    values[column] = bad;
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> codec.encode(values));
    assertTrue(e.getMessage().startsWith(message), "got: " + e.getMessage());
  }

  @Test
  void corruptKeysNameTheColumnAndOffset() {
    RowKeyCodec codec = RowKeyCodec.of(List.of(KeyColumn.asc("user_id", KeyType.INTEGER),
        KeyColumn.desc("name", KeyType.VARCHAR), KeyColumn.asc("flag", KeyType.BOOLEAN)));
    byte[] k = key(codec, 7, "ab", true);
    assertEquals("80 00 00 07 9e 9d ff 01", hex(k));
    CorruptKeyException e = assertThrows(CorruptKeyException.class, () -> codec.decode(Arrays.copyOf(k, 3)));
    assertEquals(3, e.offset());
    assertEquals("user_id", e.column());
    assertTrue(e.getMessage().startsWith("corrupt key at offset 3 in column 'user_id' (INTEGER): key ends"),
        e.getMessage());
    e = assertThrows(CorruptKeyException.class, () -> codec.decode(Arrays.copyOf(k, 6)));
    assertEquals(6, e.offset());
    assertEquals("name", e.column());
    byte[] badFlag = k.clone();
    badFlag[7] = 5;
    e = assertThrows(CorruptKeyException.class, () -> codec.decode(badFlag));
    assertEquals(7, e.offset());
    assertTrue(e.getMessage().contains("column 'flag' (BOOLEAN): BOOLEAN byte 05 is neither 00 nor 01"), e.getMessage());
    byte[] badEscape = HexFormat.of().parseHex("800000079efeaaff01"); // 01 aa after inversion
    e = assertThrows(CorruptKeyException.class, () -> codec.decode(badEscape));
    assertEquals(6, e.offset());
    byte[] longer = Arrays.copyOf(k, k.length + 2);
    e = assertThrows(CorruptKeyException.class, () -> codec.decode(longer));
    assertEquals(8, e.offset());
    assertTrue(e.getMessage().contains("2 bytes after the last key column"), e.getMessage());
    assertTrue(e instanceof IllegalArgumentException);
  }

  @Test
  void saltedKeysStartWithTheirBucket() {
    List<KeyColumn> cols = List.of(KeyColumn.asc("id", KeyType.BIGINT));
    RowKeyCodec codec = RowKeyCodec.salted(cols, 8);
    assertEquals(8, codec.buckets());
    assertEquals(0, RowKeyCodec.of(cols).buckets());
    byte[] k = key(codec, 1L);
    byte[] rest = Arrays.copyOfRange(k, 1, k.length);
    java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
    crc.update(rest);
    assertEquals(crc.getValue() % 8, k[0]);
    assertEquals(1L, codec.decode(k)[0]);
    byte[] wrong = k.clone();
    wrong[0] = (byte) ((wrong[0] + 1) % 8);
    CorruptKeyException e = assertThrows(CorruptKeyException.class, () -> codec.decode(wrong));
    assertEquals(0, e.offset());
    assertThrows(CorruptKeyException.class, () -> codec.decode(new byte[0]));
    assertThrows(IllegalArgumentException.class, () -> RowKeyCodec.salted(cols, 0));
    assertThrows(IllegalArgumentException.class, () -> RowKeyCodec.salted(cols, 257));
    RowKeyCodec.salted(cols, 256);
    assertThrows(IllegalStateException.class, () -> RowKeyCodec.of(cols).bucketOf(rest));
    assertThrows(IllegalArgumentException.class, () -> codec.withBucket(8, rest));
    assertEquals(1L, codec.decodeUnsalted(rest)[0]);
  }

  /** Sequential ids, the hotspotting case salt is for, spread evenly over the buckets. */
  @Test
  void sequentialKeysSpreadOverTheBuckets() {
    for (int buckets : new int[] {4, 8, 10, 16, 64}) {
      for (KeyType type : new KeyType[] {KeyType.INTEGER, KeyType.TIMESTAMP, KeyType.VARCHAR}) {
        RowKeyCodec codec = RowKeyCodec.salted(List.of(KeyColumn.asc("id", type)), buckets);
        int[] count = new int[buckets];
        int n = 64_000;
        for (int i = 0; i < n; i++) {
          Object v = type == KeyType.VARCHAR ? "user" + i : type == KeyType.TIMESTAMP ? 1_700_000_000_000L + 1000L * i
              : (Object) i;
          count[key(codec, v)[0]]++;
        }
        for (int c : count) {
          assertTrue(Math.abs(c - n / buckets) < 0.15 * n / buckets, type + " over " + buckets + " buckets: "
              + Arrays.toString(count));
        }
      }
    }
  }

  @Test
  void prefixesAndStartsWith() {
    RowKeyCodec codec = RowKeyCodec.of(List.of(KeyColumn.asc("shop", KeyType.INTEGER),
        KeyColumn.desc("item", KeyType.VARCHAR), KeyColumn.asc("n", KeyType.INTEGER)));
    assertEquals("", hex(codec.encodePrefix(new Object[0])));
    assertEquals("80 00 00 05", hex(codec.encodePrefix(new Object[] {5})));
    assertEquals("80 00 00 05 9e 9d ff", hex(codec.encodePrefix(new Object[] {5, "ab"})));
    assertEquals("80 00 00 05 9e", hex(codec.encodeStartsWith(new Object[] {5}, "a")));
    assertThrows(IllegalArgumentException.class, () -> codec.encodePrefix(new Object[] {1, "a", 2, 3}));
    assertThrows(IllegalArgumentException.class, () -> codec.encodeStartsWith(new Object[] {1, "a", 2}, "x"));
  }

  @Test
  void columnsAreChecked() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new KeyColumn("code", KeyType.CHAR, false, -1));
    assertTrue(e.getMessage().contains("'code'"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> RowKeyCodec.of(List.of()));
    assertThrows(IllegalArgumentException.class, () -> RowKeyCodec.of(List.of(KeyColumn.asc("a", KeyType.INTEGER),
        KeyColumn.asc("a", KeyType.INTEGER))));
    assertEquals("RowKeyCodec[a INTEGER, b CHAR(3) DESC][8 buckets]", RowKeyCodec.salted(List.of(
        KeyColumn.asc("a", KeyType.INTEGER), new KeyColumn("b", KeyType.CHAR, true, 3)), 8).toString());
  }

  @Test
  void fieldCodecsStandAlone() {
    FieldCodec f = FieldCodec.of(KeyColumn.desc("x", KeyType.VARCHAR));
    assertTrue(f.orderPreserving());
    assertEquals("9e ff", hex(f.encode("a")));
    assertEquals("a", f.decode(f.encode("a")));
    assertThrows(CorruptKeyException.class, () -> f.decode(HexFormat.of().parseHex("9eff00")));
    assertEquals(4, FieldCodec.of(KeyColumn.asc("d", KeyType.DATE)).fixedWidth());
    assertEquals(3, FieldCodec.of(new KeyColumn("b", KeyType.BINARY, false, 3)).fixedWidth());
    assertEquals(-1, FieldCodec.of(new KeyColumn("c", KeyType.CHAR, false, 3)).fixedWidth());
    assertFalse(KeyType.VARCHAR.hasFixedLength());
  }
}
