package dev.cellar.sql.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Seeded random checks of the rowkey format's promises: SQL order of key tuples equals unsigned
 * byte order of their keys, decode inverts encode, prefixes are byte prefixes, salt does not
 * disturb order within a bucket, and decode accepts exactly what encode writes.
 * {@code -Dcellar.test.scale=N} multiplies the number of cases.
 */
class RowKeyOrderPropertyTest {
  private static final int SCALE = Integer.getInteger("cellar.test.scale", 1);
  private static final long SEED = Long.getLong("cellar.codec.seed", 0x5eed_c0dec_0004L);

  /** One row and its key. */
  private record Keyed(Object[] row, byte[] key) {}

  @ParameterizedTest
  @EnumSource(KeyType.class)
  void eachTypeSortsAsSqlInBothDirections(KeyType type) {
    Random random = new Random(SEED ^ type.ordinal());
    KeyValues gen = new KeyValues(random);
    for (boolean desc : new boolean[] {false, true}) {
      for (int schema = 0; schema < 3; schema++) {
        List<KeyColumn> cols = List.of(gen.column("v", type, desc));
        checkOrder(RowKeyCodec.of(cols), gen, 1500 * SCALE, random);
      }
    }
  }

  @Test
  void randomCompositeSchemasSortAsSql() {
    Random random = new Random(SEED);
    KeyValues gen = new KeyValues(random);
    for (int schema = 0; schema < 400 * SCALE; schema++) {
      RowKeyCodec codec = RowKeyCodec.of(gen.randomSchema());
      checkOrder(codec, gen, 250, random);
    }
  }

  /**
   * Every type in the middle of a key, both directions, between two columns that are mostly
   * equal: the field's end must be found and must sort right.
   */
  @ParameterizedTest
  @EnumSource(KeyType.class)
  void eachTypeInTheMiddleOfAKey(KeyType type) {
    Random random = new Random(SEED * 31 + type.ordinal());
    KeyValues gen = new KeyValues(random);
    for (boolean desc : new boolean[] {false, true}) {
      List<KeyColumn> cols = List.of(KeyColumn.asc("a", KeyType.BOOLEAN), gen.column("m", type, desc),
          new KeyColumn("z", KeyType.VARBINARY, random.nextBoolean(), -1));
      checkOrder(RowKeyCodec.of(cols), gen, 2000 * SCALE, random);
    }
  }

  private static void checkOrder(RowKeyCodec codec, KeyValues gen, int rows, Random random) {
    List<KeyColumn> cols = codec.columns();
    List<Keyed> keyed = new ArrayList<>();
    for (int i = 0; i < rows; i++) {
      Object[] row = gen.row(cols);
      byte[] key = codec.encode(row);
      Object[] back = codec.decode(key);
      for (int c = 0; c < cols.size(); c++) {
        Object want = SqlOrder.canonical(cols.get(c), row[c]);
        if (!SqlOrder.same(want, back[c])) {
          fail(codec + ": " + SqlOrder.show(row) + " decoded as " + SqlOrder.show(back) + ", column " + c
              + " should be " + SqlOrder.show(want));
        }
      }
      checkPrefixes(codec, row, key);
      keyed.add(new Keyed(row, key));
    }
    keyed.sort((a, b) -> SqlOrder.compareRows(cols, a.row(), b.row()));
    for (int i = 1; i < keyed.size(); i++) {
      agree(codec, keyed.get(i - 1), keyed.get(i));
    }
    for (int i = 0; i < rows; i++) {
      agree(codec, keyed.get(random.nextInt(rows)), keyed.get(random.nextInt(rows)));
    }
  }

  private static void agree(RowKeyCodec codec, Keyed a, Keyed b) {
    int sql = Integer.signum(SqlOrder.compareRows(codec.columns(), a.row(), b.row()));
    int bytes = Integer.signum(Arrays.compareUnsigned(a.key(), b.key()));
    if (sql != bytes) {
      fail(codec + ": SQL order says " + sql + ", byte order " + bytes + " for\n  " + SqlOrder.show(a.row()) + " -> "
          + hex(a.key()) + "\n  " + SqlOrder.show(b.row()) + " -> " + hex(b.key()));
    }
  }

  private static void checkPrefixes(RowKeyCodec codec, Object[] row, byte[] key) {
    for (int k = 0; k <= row.length; k++) {
      byte[] prefix = codec.encodePrefix(Arrays.copyOf(row, k));
      if (!startsWith(key, prefix)) {
        fail(codec + ": prefix of " + k + " columns " + hex(prefix) + " does not start " + hex(key));
      }
      if (k == row.length) {
        assertArrayEquals(key, prefix, "the prefix of every column is the key");
      }
      if (k < row.length) {
        KeyType next = codec.columns().get(k).type();
        Object partial = partial(row[k], next);
        if (partial != null) {
          byte[] starts = codec.encodeStartsWith(Arrays.copyOf(row, k), partial);
          if (!startsWith(key, starts) || !startsWith(starts, prefix)) {
            fail(codec + ": starts-with prefix " + hex(starts) + " of " + SqlOrder.show(partial)
                + " does not start " + hex(key));
          }
        }
      }
    }
  }

  /** A leading part of a character or binary value, or null for other types. */
  private static Object partial(Object v, KeyType type) {
    if (v instanceof String) {
      String s = (String) v;
      int cut = s.isEmpty() ? 0 : s.offsetByCodePoints(0, s.codePointCount(0, s.length()) / 2);
      return s.substring(0, cut);
    }
    if (v instanceof byte[]) {
      return Arrays.copyOf((byte[]) v, ((byte[]) v).length / 2);
    }
    return null;
  }

  @Test
  void saltedKeysKeepOrderWithinABucket() {
    Random random = new Random(SEED + 7);
    KeyValues gen = new KeyValues(random);
    int cases = 0;
    for (int schema = 0; schema < 200 * SCALE; schema++) {
      List<KeyColumn> cols = gen.randomSchema();
      int buckets = 1 + random.nextInt(random.nextBoolean() ? 16 : 256);
      RowKeyCodec salted = RowKeyCodec.salted(cols, buckets);
      RowKeyCodec again = RowKeyCodec.salted(new ArrayList<>(cols), buckets);
      RowKeyCodec plain = RowKeyCodec.of(cols);
      List<Keyed> unsalted = new ArrayList<>();
      for (int i = 0; i < 100; i++) {
        Object[] row = gen.row(cols);
        byte[] key = salted.encode(row);
        byte[] rest = Arrays.copyOfRange(key, 1, key.length);
        int bucket = key[0] & 0xff;
        assertTrue(bucket < buckets, "bucket byte in range");
        assertEquals(bucket, salted.bucketOf(rest));
        assertArrayEquals(key, again.encode(row), "deterministic");
        assertArrayEquals(plain.encode(row), rest, "the rest is the unsalted key");
        assertArrayEquals(rest, salted.encodeUnsalted(row));
        assertArrayEquals(key, salted.withBucket(bucket, rest));
        Object[] back = salted.decode(key);
        for (int c = 0; c < cols.size(); c++) {
          assertTrue(SqlOrder.same(SqlOrder.canonical(cols.get(c), row[c]), back[c]));
        }
        assertTrue(startsWith(rest, salted.encodePrefix(Arrays.copyOf(row, 1))), "salted prefixes are unsalted");
        unsalted.add(new Keyed(row, rest));
        cases++;
      }
      unsalted.sort((a, b) -> SqlOrder.compareRows(cols, a.row(), b.row()));
      for (int i = 1; i < unsalted.size(); i++) {
        agree(plain, unsalted.get(i - 1), unsalted.get(i));
      }
    }
    assertTrue(cases >= 20_000);
  }

  /**
   * Decoding bytes that are not quite a key either fails with {@link CorruptKeyException} or
   * yields values whose key is exactly those bytes: no other exception, no second encoding of a
   * value.
   */
  @Test
  void decodeAcceptsExactlyWhatEncodeWrites() {
    Random random = new Random(SEED + 13);
    KeyValues gen = new KeyValues(random);
    int accepted = 0;
    int rejected = 0;
    for (int schema = 0; schema < 300 * SCALE; schema++) {
      List<KeyColumn> cols = gen.randomSchema();
      RowKeyCodec codec = random.nextInt(4) == 0 ? RowKeyCodec.salted(cols, 1 + random.nextInt(8))
          : RowKeyCodec.of(cols);
      for (int i = 0; i < 100; i++) {
        byte[] bytes = mutate(codec.encode(gen.row(cols)), random);
        Object[] values;
        try {
          values = codec.decode(bytes);
        } catch (CorruptKeyException e) {
          assertTrue(e.offset() >= 0 && e.offset() <= bytes.length, e.getMessage());
          rejected++;
          continue;
        }
        byte[] again = codec.encode(values);
        if (!Arrays.equals(bytes, again)) {
          fail(codec + ": " + hex(bytes) + " decoded as " + SqlOrder.show(values) + " which encodes as " + hex(again));
        }
        accepted++;
      }
    }
    assertTrue(accepted > 1000 && rejected > 1000, accepted + " accepted, " + rejected + " rejected");
  }

  private static byte[] mutate(byte[] key, Random random) {
    switch (random.nextInt(6)) {
      case 0:
        return key;
      case 1: {
        byte[] b = key.clone();
        if (b.length > 0) {
          b[random.nextInt(b.length)] ^= (byte) (1 << random.nextInt(8));
        }
        return b;
      }
      case 2: {
        byte[] b = key.clone();
        if (b.length > 0) {
          b[random.nextInt(b.length)] = (byte) random.nextInt(256);
        }
        return b;
      }
      case 3:
        return Arrays.copyOf(key, random.nextInt(key.length + 1));
      case 4: {
        byte[] b = Arrays.copyOf(key, key.length + 1);
        b[key.length] = (byte) random.nextInt(256);
        return b;
      }
      default: {
        byte[] b = new byte[random.nextInt(12)];
        random.nextBytes(b);
        return b;
      }
    }
  }

  private static boolean startsWith(byte[] b, byte[] prefix) {
    return b.length >= prefix.length && Arrays.equals(b, 0, prefix.length, prefix, 0, prefix.length);
  }

  private static String hex(byte[] b) {
    return HexFormat.ofDelimiter(" ").formatHex(b);
  }
}
