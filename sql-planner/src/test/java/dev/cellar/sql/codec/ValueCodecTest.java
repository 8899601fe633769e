package dev.cellar.sql.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.storage.Bytes;
import java.math.BigDecimal;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ValueCodecTest {
  private static String hex(byte[] b) {
    return HexFormat.ofDelimiter(" ").formatHex(b);
  }

  @Test
  void followsHBaseBytes() {
    assertArrayEquals(Bytes.toBytes(-5), ValueCodec.encode(KeyType.INTEGER, -5));
    assertArrayEquals(Bytes.toBytes(-5L), ValueCodec.encode(KeyType.BIGINT, -5L));
    assertArrayEquals(Bytes.toBytes(19_000), ValueCodec.encode(KeyType.DATE, 19_000));
    assertArrayEquals(Bytes.toBytes(1_700_000_000_000L), ValueCodec.encode(KeyType.TIMESTAMP, 1_700_000_000_000L));
    assertArrayEquals(Bytes.toBytes("中国好声音"), ValueCodec.encode(KeyType.VARCHAR, "中国好声音"));
    assertEquals(-5, ValueCodec.decode(KeyType.INTEGER, Bytes.toBytes(-5)));
    assertEquals("ff fe", hex(ValueCodec.encode(KeyType.SMALLINT, (short) -2)));
    assertEquals("80", hex(ValueCodec.encode(KeyType.TINYINT, (byte) -128)));
    assertEquals("ff", hex(ValueCodec.encode(KeyType.BOOLEAN, true)));
    assertEquals("00", hex(ValueCodec.encode(KeyType.BOOLEAN, false)));
    assertEquals(true, ValueCodec.decode(KeyType.BOOLEAN, new byte[] {1}));
    assertEquals("3f c0 00 00", hex(ValueCodec.encode(KeyType.REAL, 1.5f)));
    assertEquals("bf f8 00 00 00 00 00 00", hex(ValueCodec.encode(KeyType.DOUBLE, -1.5)));
    assertEquals("00 00 00 02 00 96", hex(ValueCodec.encode(KeyType.DECIMAL, new BigDecimal("1.50"))));
    assertEquals("ff ff ff fe 01", hex(ValueCodec.encode(KeyType.DECIMAL, new BigDecimal("1E+2"))));
  }

  @Test
  void valuesRoundTripExactly() {
    assertEquals(new BigDecimal("1.50"), ValueCodec.decode(KeyType.DECIMAL, ValueCodec.encode(KeyType.DECIMAL,
        new BigDecimal("1.50"))));
    assertEquals(-0.0, ValueCodec.decode(KeyType.DOUBLE, ValueCodec.encode(KeyType.DOUBLE, -0.0)));
    assertEquals(-0.0f, ValueCodec.decode(KeyType.REAL, ValueCodec.encode(KeyType.REAL, -0.0f)));
    Random random = new Random(4);
    KeyValues gen = new KeyValues(random);
    for (KeyType type : KeyType.values()) {
      for (int i = 0; i < 2000; i++) {
        Object v = gen.value(gen.column("v", type, false));
        Object back = ValueCodec.decode(type, ValueCodec.encode(type, v));
        if (v instanceof byte[]) {
          assertArrayEquals((byte[]) v, (byte[]) back);
        } else {
          assertEquals(v, back, type.toString());
          assertEquals(v.getClass(), back.getClass());
        }
      }
    }
  }

  @Test
  void nullIsAnAbsentCell() {
    assertNull(ValueCodec.decode(KeyType.INTEGER, null));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ValueCodec.encode(KeyType.INTEGER, null));
    assertTrue(e.getMessage().contains("NULL"), e.getMessage());
  }

  @Test
  void badBytesAreRejected() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ValueCodec.decode(KeyType.INTEGER, new byte[3]));
    assertEquals("INTEGER cell value must have 4 bytes, has 3", e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> ValueCodec.decode(KeyType.BIGINT, new byte[4]));
    assertThrows(IllegalArgumentException.class, () -> ValueCodec.decode(KeyType.BOOLEAN, new byte[0]));
    assertThrows(IllegalArgumentException.class, () -> ValueCodec.decode(KeyType.DECIMAL, new byte[4]));
    e = assertThrows(IllegalArgumentException.class, () -> ValueCodec.decode(KeyType.VARCHAR, new byte[] {(byte) 0xff}));
    assertTrue(e.getMessage().contains("UTF-8"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> ValueCodec.encode(KeyType.INTEGER, "7"));
    assertTrue(e.getMessage().startsWith("INTEGER value: expected Integer"), e.getMessage());
  }
}
