package dev.cellar.sql.exec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.sql.catalog.ColumnDef;
import dev.cellar.sql.catalog.ColumnType;
import dev.cellar.sql.catalog.IndexDef;
import dev.cellar.sql.catalog.TableDef;
import dev.cellar.sql.codec.KeyFormat;
import dev.cellar.storage.Put;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Index entry keys as {@code sql-planner/docs/indexes.md} lays them out, and their order. */
class IndexMappingTest {
  private static TableDef sale() {
    return new TableDef("PUBLIC", "SALE", "SALE", List.of(
        new ColumnDef("ID", ColumnType.parse("INTEGER"), false, null, 0, false),
        new ColumnDef("PRODUCT", ColumnType.parse("VARCHAR"), true, "0", -1, false),
        new ColumnDef("PRICE", ColumnType.parse("DECIMAL(8,2)"), true, "0", -1, false)),
        0, List.of(), "0", "0", false, KeyFormat.VERSION, Map.of());
  }

  private static IndexMapping index(boolean desc) {
    IndexDef ix = new IndexDef("PUBLIC", "I_PRODUCT", "SALE", IndexDef.Layout.TABLE, "_cellar_index.SALE.I_PRODUCT",
        "0", List.of(new IndexDef.Part("PRODUCT", desc)), List.of("PRICE"), false, IndexDef.State.ACTIVE);
    return new IndexMapping(ix, new TableMapping(sale()));
  }

  private static byte[] key(IndexMapping ix, Object... row) {
    return ix.entryKey(ix.entryRow(row, null));
  }

  @Test
  void documentedExample() {
    IndexMapping ix = index(false);
    assertEquals("01 70 33 00 80 00 00 03", hex(key(ix, 3, "p3", new BigDecimal("3.50"))));
    assertEquals("00 80 00 00 07", hex(key(ix, 7, null, null)));
    Object[] e = ix.entryRow(new Object[] {3, "p3", new BigDecimal("3.50")}, null);
    Put p = ix.entryPut(ix.entryKey(e), e, 1L);
    assertEquals(2, p.cells().size());
    assertArrayEquals(new byte[] {(byte) 0x80, 0, 0, 3}, ix.dataKey(e));
    assertTrue(ix.covers(2));
  }

  @Test
  void entriesSortAsTheIndexOrdersRowsWithNullsFirstAscendingLastDescending() {
    Random rnd = new Random(7);
    for (boolean desc : new boolean[] {false, true}) {
      IndexMapping ix = index(desc);
      List<Object[]> rows = new ArrayList<>();
      for (int i = 0; i < 500; i++) {
        rows.add(new Object[] {rnd.nextInt(1000) - 500, rnd.nextInt(5) == 0 ? null : "v" + rnd.nextInt(50), null});
      }
      List<Object[]> byKey = new ArrayList<>(rows);
      byKey.sort((a, b) -> Arrays.compareUnsigned(key(ix, a), key(ix, b)));
      List<Object[]> bySql = new ArrayList<>(rows);
      bySql.sort((a, b) -> {
        String x = (String) a[1];
        String y = (String) b[1];
        int c = x == null ? (y == null ? 0 : -1) : y == null ? 1 : x.compareTo(y);
        c = desc ? -c : c;
        return c != 0 ? c : Integer.compare((Integer) a[0], (Integer) b[0]);
      });
      for (int i = 0; i < rows.size(); i++) {
        assertEquals(bySql.get(i)[1], byKey.get(i)[1], "position " + i + (desc ? " DESC" : " ASC"));
        assertEquals(bySql.get(i)[0], byKey.get(i)[0], "position " + i + (desc ? " DESC" : " ASC"));
      }
    }
  }

  @Test
  void entryKeysDecodeBackIncludingNull() {
    IndexMapping ix = index(true);
    byte[] k = key(ix, -12, null, null);
    Object[] back = ix.entries().keyCodec().decode(k);
    assertNull(back[0]);
    assertEquals(-12, back[1]);
    assertNull(ix.uniquePrefix(ix.entryRow(new Object[] {1, null, null}, null)));
  }

  /** A table keyed by a CHAR, a descending BIGINT and a VARCHAR, salted or not, with two value columns. */
  private static TableMapping purchases(int saltBuckets) {
    return new TableMapping(new TableDef("PUBLIC", "PURCHASE", "PURCHASE", List.of(
        new ColumnDef("U", ColumnType.parse("CHAR(4)"), false, null, 0, false),
        new ColumnDef("RTS", ColumnType.parse("BIGINT"), false, null, 1, true),
        new ColumnDef("P", ColumnType.parse("VARCHAR"), false, null, 2, false),
        new ColumnDef("V", ColumnType.parse("VARCHAR"), true, "0", -1, false),
        new ColumnDef("W", ColumnType.parse("DECIMAL(8,2)"), true, "0", -1, false)),
        saltBuckets, List.of(), "0", "0", false, KeyFormat.VERSION, Map.of()));
  }

  private static IndexMapping purchaseIndex(TableMapping data, String... columns) {
    List<IndexDef.Part> parts = new ArrayList<>();
    for (String c : columns) {
      parts.add(new IndexDef.Part(c, c.equals("W")));
    }
    IndexDef ix = new IndexDef("PUBLIC", "I", "PURCHASE", IndexDef.Layout.TABLE, "_cellar_index.PURCHASE.I", "0",
        parts, List.of(), false, IndexDef.State.ACTIVE);
    return new IndexMapping(ix, data);
  }

  @Test
  void anEntryKeyTakesTheDataKeyColumnsFromTheDataRowsKeyAsTheyAre() {
    Random rnd = new Random(11);
    for (int salt : new int[] {0, 4}) {
      TableMapping data = purchases(salt);
      for (String[] columns : new String[][] {{"V"}, {"V", "W"}, {"W"}}) {
        IndexMapping ix = purchaseIndex(data, columns);
        assertTrue(ix.keyFromDataKey(), Arrays.toString(columns) + " salt " + salt);
        for (int i = 0; i < 300; i++) {
          Object[] row = {"u" + rnd.nextInt(100), rnd.nextLong(), rnd.nextInt(3) == 0 ? "" : "p\u0000" + rnd.nextInt(),
              rnd.nextInt(4) == 0 ? null : "v" + rnd.nextInt(20),
              rnd.nextInt(4) == 0 ? null : BigDecimal.valueOf(rnd.nextInt(100_000), 2)};
          byte[] dataKey = data.key(row);
          byte[] whole = ix.entryKey(ix.entryRow(row, dataKey));
          Object[] valuesOnly = row.clone();
          valuesOnly[0] = null;
          valuesOnly[1] = null;
          valuesOnly[2] = null;
          assertArrayEquals(whole, ix.entryKey(ix.entryRow(valuesOnly, dataKey), dataKey),
              Arrays.toString(columns) + " salt " + salt + " row " + Arrays.toString(row));
        }
      }
      // an indexed key column moves the others: the entry key is encoded whole
      for (String[] columns : new String[][] {{"P"}, {"V", "U"}, {"RTS", "V"}}) {
        IndexMapping ix = purchaseIndex(data, columns);
        assertTrue(!ix.keyFromDataKey(), Arrays.toString(columns));
        Object[] row = {"u1", 5L, "p", "v", BigDecimal.ONE};
        byte[] dataKey = data.key(row);
        assertArrayEquals(ix.entryKey(ix.entryRow(row, dataKey)), ix.entryKey(ix.entryRow(row, dataKey), dataKey));
      }
    }
  }

  private static String hex(byte[] b) {
    StringBuilder s = new StringBuilder();
    for (byte x : b) {
      s.append(s.length() > 0 ? " " : "").append(String.format("%02x", x & 0xff));
    }
    return s.toString();
  }
}
