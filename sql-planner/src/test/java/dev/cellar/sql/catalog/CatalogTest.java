package dev.cellar.sql.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.codec.KeyLayout;
import dev.cellar.sql.codec.KeyType;
import dev.cellar.sql.codec.ValueFormat;
import dev.cellar.storage.Bytes;
import dev.cellar.storage.CellarStore;
import dev.cellar.storage.Put;
import dev.cellar.storage.embedded.EmbeddedStore;
import dev.cellar.storage.embedded.StoreOptions;
import dev.cellar.storage.fs.MemVfs;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CatalogTest {
  private static TableDef table() {
    return new TableDef(Catalog.DEFAULT_SCHEMA, "SALE", "SALE", List.of(
        new ColumnDef("USER_ID", new ColumnType(KeyType.VARCHAR, 10, 0), false, null, 0, false),
        new ColumnDef("TS", ColumnType.of(KeyType.TIMESTAMP), false, null, 1, true),
        new ColumnDef("PRODUCT", ColumnType.of(KeyType.VARCHAR), true, "NAME", -1, false),
        new ColumnDef("PRICE", new ColumnType(KeyType.DECIMAL, 8, 2), false, "NAME", -1, false)),
        0, List.of("a", "m"), "0", "NAME", false, 1, Map.of("IMMUTABLE_ROWS", "TRUE"));
  }

  @Test
  void mappedTableRecordsRoundTripAsFormat2() {
    MemVfs vfs = new MemVfs();
    TableDef t = new TableDef(Catalog.DEFAULT_SCHEMA, "stats", "stats", List.of(
        new ColumnDef("REGION", ColumnType.of(KeyType.VARCHAR), false, null, 0, false),
        new ColumnDef("N", ColumnType.of(KeyType.BIGINT), false, null, 1, false, ValueFormat.BYTES),
        new ColumnDef("hits", ColumnType.of(KeyType.BIGINT), true, "m", -1, false, ValueFormat.STRING)),
        0, List.of(), "0", "m", false, TableDef.MAPPED_KEY_FORMAT, Map.of(),
        new TableDef.Mapping(KeyLayout.DELIMITED, "|", ValueFormat.BYTES, true, true));
    try (CellarStore store = EmbeddedStore.open(StoreOptions.builder(vfs).build())) {
      Catalog.open(store).putTable(t);
      byte[] rec = store.table(Catalog.TABLE).get(new dev.cellar.storage.Get(Bytes.concat(Bytes.toBytes("t"),
          new byte[1], Bytes.toBytes("PUBLIC"), new byte[1], Bytes.toBytes("stats")))).value(Bytes.toBytes("c"),
          Bytes.toBytes("def"));
      String json = Bytes.toString(rec);
      assertTrue(json.startsWith("{\"format\":2,"), json);
      assertTrue(json.contains("\"keyFormat\":2"), json);
    }
    try (CellarStore store = EmbeddedStore.open(StoreOptions.builder(vfs).build())) {
      assertEquals(t, Catalog.open(store).snapshot().table("stats"));
    }
    assertThrows(IllegalArgumentException.class, () -> new TableDef(Catalog.DEFAULT_SCHEMA, "x", "x", t.columns(), 0,
        List.of(), "0", "m", false, 1, Map.of(), t.mapping()), "a mapping has key format 2");
  }

  @Test
  void dynamicFamilyRecordsRoundTripAsFormat3() {
    MemVfs vfs = new MemVfs();
    TableDef t = new TableDef(Catalog.DEFAULT_SCHEMA, "shop_item", "shop", List.of(
        new ColumnDef("SHOP_ID", ColumnType.of(KeyType.VARCHAR), false, null, 0, false),
        new ColumnDef("ITEM_ID", ColumnType.of(KeyType.VARCHAR), false, "item", -1, false),
        new ColumnDef("TYPE", ColumnType.of(KeyType.VARCHAR), true, "item", -1, false)),
        0, List.of(), "0", "item", false, TableDef.MAPPED_KEY_FORMAT, Map.of(),
        new TableDef.Mapping(KeyLayout.BYTES, null, ValueFormat.STRING, false, false, "item", "ITEM_ID"));
    try (CellarStore store = EmbeddedStore.open(StoreOptions.builder(vfs).build())) {
      Catalog.open(store).putTable(t);
      byte[] rec = store.table(Catalog.TABLE).get(new dev.cellar.storage.Get(Bytes.concat(Bytes.toBytes("t"),
          new byte[1], Bytes.toBytes("PUBLIC"), new byte[1], Bytes.toBytes("shop_item")))).value(Bytes.toBytes("c"),
          Bytes.toBytes("def"));
      String json = Bytes.toString(rec);
      assertTrue(json.startsWith("{\"format\":3,"), json);
      assertTrue(json.contains("\"dynamicFamily\":\"item\",\"qualifierColumn\":\"ITEM_ID\""), json);
    }
    try (CellarStore store = EmbeddedStore.open(StoreOptions.builder(vfs).build())) {
      TableDef back = Catalog.open(store).snapshot().table("shop_item");
      assertEquals(t, back);
      assertTrue(back.isDynamic());
    }
  }

  @Test
  void indexRecordsRoundTripAsFormat5() {
    MemVfs vfs = new MemVfs();
    IndexDef ix = new IndexDef(Catalog.DEFAULT_SCHEMA, "I_PRODUCT", "SALE", IndexDef.Layout.TABLE,
        "_cellar_index.SALE.I_PRODUCT", "0", List.of(new IndexDef.Part("PRODUCT", false),
        new IndexDef.Part("PRICE", true)), List.of("TS"), true, IndexDef.State.BUILDING);
    try (CellarStore store = EmbeddedStore.open(StoreOptions.builder(vfs).build())) {
      Catalog c = Catalog.open(store);
      c.putTable(table());
      c.putIndex(ix);
      byte[] rec = store.table(Catalog.TABLE).get(new dev.cellar.storage.Get(Bytes.concat(Bytes.toBytes("i"),
          new byte[1], Bytes.toBytes("PUBLIC"), new byte[1], Bytes.toBytes("I_PRODUCT")))).value(Bytes.toBytes("c"),
          Bytes.toBytes("def"));
      String json = Bytes.toString(rec);
      assertTrue(json.startsWith("{\"format\":5,\"kind\":\"index\""), json);
      assertFalse(json.contains("\"error\""), json);
      c.putIndex(ix.failed("23505 duplicate value 'a'"));
    }
    try (CellarStore store = EmbeddedStore.open(StoreOptions.builder(vfs).build())) {
      Catalog c = Catalog.open(store);
      IndexDef failed = c.snapshot().index("I_PRODUCT");
      assertEquals(IndexDef.State.FAILED, failed.state());
      assertEquals("23505 duplicate value 'a'", failed.error());
      assertEquals(ix.failed("23505 duplicate value 'a'"), failed);
      c.putIndex(ix.withState(IndexDef.State.ACTIVE));
    }
    try (CellarStore store = EmbeddedStore.open(StoreOptions.builder(vfs).build())) {
      Catalog c = Catalog.open(store);
      assertEquals(ix.withState(IndexDef.State.ACTIVE), c.snapshot().index("I_PRODUCT"));
      assertEquals(List.of(ix.withState(IndexDef.State.ACTIVE)), c.snapshot().indexesOf("SALE"));
      c.removeIndex("PUBLIC", "I_PRODUCT");
      assertNull(c.snapshot().index("I_PRODUCT"));
    }
    try (CellarStore store = EmbeddedStore.open(StoreOptions.builder(vfs).build())) {
      assertTrue(Catalog.open(store).snapshot().indexesOf("SALE").isEmpty());
    }
  }

  @Test
  void columnsSharingANameAcrossFamiliesRoundTripAsFormat6() {
    MemVfs vfs = new MemVfs();
    TableDef t = new TableDef(Catalog.DEFAULT_SCHEMA, "T", "T", List.of(
        new ColumnDef("ID", ColumnType.of(KeyType.INTEGER), false, null, 0, false),
        new ColumnDef("V", ColumnType.of(KeyType.INTEGER), true, "A", -1, false),
        new ColumnDef("V", ColumnType.of(KeyType.VARCHAR), true, "B", -1, false),
        new ColumnDef("W", ColumnType.of(KeyType.INTEGER), true, "A", -1, false)),
        0, List.of(), "0", "A", false, 1, Map.of());
    // the SQL names: V is in two families, so each is named with its family
    assertEquals(List.of("ID", "A.V", "B.V", "W"), t.columns().stream().map(ColumnDef::name).toList());
    assertEquals("B.V", t.column("B.V").name());
    assertEquals("W", t.column("A.W").name(), "a column is found by its family and name too");
    try (CellarStore store = EmbeddedStore.open(StoreOptions.builder(vfs).build())) {
      Catalog.open(store).putTable(t);
      Catalog.open(store).putTable(table());
      String json = Bytes.toString(record(store, "T"));
      assertTrue(json.startsWith("{\"format\":6,"), json);
      // the record keeps each column's own name and its family
      assertTrue(json.contains("{\"name\":\"V\",\"type\":\"VARCHAR\",\"nullable\":true,\"family\":\"B\"}"), json);
      // a table without shared names is written as before
      assertTrue(Bytes.toString(record(store, "SALE")).startsWith("{\"format\":1,"));
    }
    try (CellarStore store = EmbeddedStore.open(StoreOptions.builder(vfs).build())) {
      assertEquals(t, Catalog.open(store).snapshot().table("T"));
      assertEquals(table(), Catalog.open(store).snapshot().table("SALE"));
    }
    // dropping B.V gives A.V its own name back
    TableDef dropped = t.withColumns(List.of(t.columns().get(0), t.columns().get(1), t.columns().get(3)));
    assertEquals(List.of("ID", "V", "W"), dropped.columns().stream().map(ColumnDef::name).toList());
    // beside a key column or a column of the default family, the other is named with its family
    TableDef beside = t.withColumns(List.of(t.columns().get(0), new ColumnDef("ID", ColumnType.of(KeyType.INTEGER),
        true, "A", -1, false), new ColumnDef("W", ColumnType.of(KeyType.INTEGER), true, "0", -1, false),
        t.columns().get(3)));
    assertEquals(List.of("ID", "A.ID", "W", "A.W"), beside.columns().stream().map(ColumnDef::name).toList());
    assertThrows(IllegalArgumentException.class, () -> t.withColumns(List.of(t.columns().get(0), t.columns().get(1),
        t.columns().get(2), new ColumnDef("A.V", ColumnType.of(KeyType.INTEGER), true, "0", -1, false))));
  }

  private static byte[] record(CellarStore store, String name) {
    return store.table(Catalog.TABLE).get(new dev.cellar.storage.Get(Bytes.concat(Bytes.toBytes("t"), new byte[1],
        Bytes.toBytes("PUBLIC"), new byte[1], Bytes.toBytes(name)))).value(Bytes.toBytes("c"), Bytes.toBytes("def"));
  }

  @Test
  void recordsRoundTripAndSurviveReopen() {
    MemVfs vfs = new MemVfs();
    TableDef t = table();
    ViewDef v = new ViewDef(Catalog.DEFAULT_SCHEMA, "RECENT", "SELECT * FROM sale WHERE ts > DATE '2024-01-01'",
        List.of("U", "T", "P", "Q"));
    long version;
    try (CellarStore store = EmbeddedStore.open(StoreOptions.builder(vfs).build())) {
      Catalog c = Catalog.open(store);
      version = c.snapshot().version();
      c.putTable(t);
      c.putView(v);
      assertNotEquals(version, c.snapshot().version());
      assertEquals(0, c.reserveRowIds("PUBLIC", "SALE", 1000));
      assertEquals(1000, c.reserveRowIds("PUBLIC", "SALE", 1000));
    }
    try (CellarStore store = EmbeddedStore.open(StoreOptions.builder(vfs).build())) {
      Catalog c = Catalog.open(store);
      assertEquals(t, c.snapshot().table("SALE"));
      assertEquals(v, c.snapshot().view("RECENT"));
      assertEquals(2000, c.reserveRowIds("PUBLIC", "SALE", 10), "row ids are never handed out twice");
      c.removeTable("PUBLIC", "SALE");
      c.removeView("PUBLIC", "RECENT");
      assertNull(c.snapshot().table("SALE"));
      assertEquals(2010, c.reserveRowIds("PUBLIC", "SALE", 10), "the counter stays until it is removed");
      // increments within a millisecond move the counter's timestamp ahead of the clock
      for (int i = 0; i < 200; i++) {
        c.reserveRowIds("PUBLIC", "SALE", 1);
      }
      c.removeRowIds("PUBLIC", "SALE");
      assertEquals(0, c.reserveRowIds("PUBLIC", "SALE", 10), "a dropped table's counter goes with it");
      assertEquals(10, c.reserveRowIds("PUBLIC", "SALE", 10));
    }
  }

  @Test
  void corruptRecordsAreReportedNotRead() {
    try (CellarStore store = EmbeddedStore.inMemory()) {
      Catalog.open(store);
      store.table(Catalog.TABLE).put(new Put(Catalog.rowKey(Catalog.KIND_TABLE, "PUBLIC", "BAD"))
          .addColumn(Catalog.FAMILY_BYTES, Catalog.DEF, Bytes.toBytes("{\"format\": 99}")));
      CellarSqlException e = assertThrows(CellarSqlException.class, () -> Catalog.open(store));
      assertEquals("XX001", e.sqlState());
    }
  }

  @Test
  void columnTypesPrintAndParse() {
    for (ColumnType t : List.of(ColumnType.of(KeyType.CHAR), new ColumnType(KeyType.DECIMAL, 5, 1),
        ColumnType.of(KeyType.VARBINARY), new ColumnType(KeyType.VARCHAR, 30, 0), ColumnType.of(KeyType.TIMESTAMP),
        ColumnType.of(KeyType.BOOLEAN))) {
      assertEquals(t, ColumnType.parse(t.sql()));
    }
  }
}
