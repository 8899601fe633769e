package dev.cellar.storage.hbase;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cellar.storage.Cell;
import dev.cellar.storage.CellType;
import dev.cellar.storage.ColumnFamilyDescriptor;
import dev.cellar.storage.Get;
import dev.cellar.storage.Result;
import dev.cellar.storage.ResultScanner;
import dev.cellar.storage.Scan;
import dev.cellar.storage.Table;
import dev.cellar.storage.TableDescriptor;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Cells written with the plain HBase client (no Cellar code) read back through {@link HBaseStore}
 * byte for byte, and Cellar's writes read by the plain client: the same rows, families,
 * qualifiers, timestamps, types and values, binary bytes included.
 */
class RawCompatibilityTest {
  private static final byte[] F = Bytes.toBytes("f");
  private static HBaseStore store;

  @BeforeAll
  static void open() {
    store = HBaseStore.over(MiniHBase.connection(), "default");
  }

  @AfterAll
  static void close() {
    store.close();
  }

  /** Binary bytes of every value 0..255, and more. */
  private static byte[] binary(int seed, int length) {
    byte[] b = new byte[length];
    for (int i = 0; i < length; i++) {
      b[i] = (byte) (seed * 31 + i * 7);
    }
    return b;
  }

  @Test
  void plainClientWritesReadThroughCellar() throws Exception {
    String name = MiniHBase.uniqueName("raw_in");
    TableName tn = TableName.valueOf(name);
    try (Admin admin = MiniHBase.connection().getAdmin()) {
      admin.createTable(TableDescriptorBuilder.newBuilder(tn)
          .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(F).setMaxVersions(3).build()).build());
    }
    List<org.apache.hadoop.hbase.Cell> written = new ArrayList<>();
    try (org.apache.hadoop.hbase.client.Table t = MiniHBase.connection().getTable(tn)) {
      for (int r = 0; r < 20; r++) {
        byte[] row = binary(r, 1 + r % 7);
        Put p = new Put(row);
        for (int v = 0; v < 3; v++) {
          p.addColumn(F, binary(100 + v, v + 1), 1000L + v, binary(r + v, r * 3));
        }
        t.put(p);
      }
      t.delete(new Delete(binary(3, 4)).addColumn(F, binary(100, 1), 1000L));
      try (var sc = t.getScanner(new org.apache.hadoop.hbase.client.Scan().readAllVersions())) {
        for (var r : sc) {
          for (var c : r.rawCells()) {
            written.add(c);
          }
        }
      }
    }
    assertEquals(TableDescriptor.newBuilder(name)
        .family(ColumnFamilyDescriptor.newBuilder("f").maxVersions(3).bloomType(dev.cellar.storage.BloomType.ROW).build())
        .build(), store.admin().describe(name));
    Table t = store.table(name);
    List<Cell> read = new ArrayList<>();
    try (ResultScanner sc = t.scanner(new Scan().readAllVersions())) {
      for (Result r : sc) {
        read.addAll(r.cells());
      }
    }
    assertEquals(written.size(), read.size());
    assertEquals(59, read.size());
    for (int i = 0; i < read.size(); i++) {
      org.apache.hadoop.hbase.Cell w = written.get(i);
      Cell c = read.get(i);
      assertArrayEquals(CellUtil.cloneRow(w), c.row());
      assertArrayEquals(CellUtil.cloneFamily(w), c.family());
      assertArrayEquals(CellUtil.cloneQualifier(w), c.qualifier());
      assertEquals(w.getTimestamp(), c.timestamp());
      assertEquals(CellType.PUT, c.type());
      assertArrayEquals(CellUtil.cloneValue(w), c.value());
    }
    Result one = t.get(new Get(binary(5, 6)).addColumn(F, binary(102, 3)));
    assertArrayEquals(binary(7, 15), one.value(F, binary(102, 3)));
  }

  @Test
  void cellarWritesReadByThePlainClient() throws Exception {
    String name = MiniHBase.uniqueName("raw_out");
    store.admin().createTable(TableDescriptor.newBuilder(name)
        .family(ColumnFamilyDescriptor.newBuilder("f").maxVersions(2).build()).build(), new byte[][] {binary(9, 3)});
    Table t = store.table(name);
    List<dev.cellar.storage.Put> puts = new ArrayList<>();
    for (int r = 0; r < 15; r++) {
      puts.add(new dev.cellar.storage.Put(binary(r, 2 + r % 5))
          .addColumn(F, binary(50, 2), 77L, binary(r, r + 1))
          .addColumn(F, binary(51, 4), 78L, new byte[0]));
    }
    t.put(puts);
    t.delete(new dev.cellar.storage.Delete(binary(4, 6)).addColumns(F, binary(51, 4)));
    t.incrementColumnValue(binary(1, 3), F, Bytes.toBytes("n"), 41);
    try (org.apache.hadoop.hbase.client.Table h = MiniHBase.connection().getTable(TableName.valueOf(name))) {
      for (int r = 0; r < 15; r++) {
        var res = h.get(new org.apache.hadoop.hbase.client.Get(binary(r, 2 + r % 5)));
        assertArrayEquals(binary(r, r + 1), res.getValue(F, binary(50, 2)), "row " + r);
        assertEquals(77L, res.getColumnLatestCell(F, binary(50, 2)).getTimestamp());
        if (r == 4) {
          assertEquals(null, res.getValue(F, binary(51, 4)));
        } else {
          assertArrayEquals(new byte[0], res.getValue(F, binary(51, 4)));
        }
      }
      assertEquals(41L, Bytes.toLong(h.get(new org.apache.hadoop.hbase.client.Get(binary(1, 3))).getValue(F,
          Bytes.toBytes("n"))));
      var d = h.getDescriptor().getColumnFamily(F);
      assertEquals(2, d.getMaxVersions());
      assertEquals(org.apache.hadoop.hbase.regionserver.BloomType.NONE, d.getBloomFilterType());
    }
  }
}
