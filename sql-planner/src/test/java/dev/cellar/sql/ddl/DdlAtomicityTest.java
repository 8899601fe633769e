package dev.cellar.sql.ddl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.catalog.Catalog;
import dev.cellar.sql.catalog.TableDef;
import dev.cellar.sql.database.CellarDatabase;
import dev.cellar.storage.Admin;
import dev.cellar.storage.Bytes;
import dev.cellar.storage.CellarStore;
import dev.cellar.storage.Get;
import dev.cellar.storage.Put;
import dev.cellar.storage.StorageException;
import dev.cellar.storage.Table;
import dev.cellar.storage.WriteBatch;
import dev.cellar.storage.embedded.EmbeddedStore;
import dev.cellar.storage.embedded.StoreOptions;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * CREATE TABLE and DROP TABLE change two things, the catalog entry and the store's table; a
 * failure of either step leaves both as they were. Failures are injected into the store.
 */
class DdlAtomicityTest {
  /** The operation that fails next: "createTable", "deleteTable", "catalogPut" or "catalogDelete". */
  private final AtomicReference<String> failing = new AtomicReference<>();
  private CellarStore real;
  private CellarDatabase db;
  private DdlExecutor ddl;

  @BeforeEach
  void open() {
    real = EmbeddedStore.open(StoreOptions.inMemory().build());
    db = CellarDatabase.open(faulty(real), "test");
    ddl = new DdlExecutor(db, q -> List.of());
  }

  @AfterEach
  void close() {
    db.close();
  }

  private void failNext(String operation) {
    failing.set(operation);
  }

  private boolean shouldFail(String operation) {
    return failing.compareAndSet(operation, null);
  }

  /** The store, with the failures asked for by {@link #failNext}. */
  private CellarStore faulty(CellarStore store) {
    return new CellarStore() {
      @Override
      public Admin admin() {
        Admin admin = store.admin();
        return proxy(Admin.class, admin, (name, args) -> (name.equals("createTable") || name.equals("deleteTable"))
            && shouldFail(name));
      }

      @Override
      public Table table(String name) {
        Table t = store.table(name);
        if (!name.equals(Catalog.TABLE)) {
          return t;
        }
        return proxy(Table.class, t, (method, args) -> (method.equals("put") && shouldFail("catalogPut"))
            || (method.equals("delete") && shouldFail("catalogDelete")));
      }

      @Override
      public void write(WriteBatch batch) {
        store.write(batch);
      }

      @Override
      public void close() {
        store.close();
      }
    };
  }

  private interface Fault {
    boolean fails(String method, Object[] args);
  }

  private static <T> T proxy(Class<T> type, T target, Fault fault) {
    return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, (p, m, args) -> {
      if (fault.fails(m.getName(), args)) {
        throw new StorageException("injected failure of " + m.getName());
      }
      try {
        return m.invoke(target, args);
      } catch (InvocationTargetException e) {
        throw e.getCause();
      }
    }));
  }

  private TableDef catalogTable(String name) {
    return db.catalog().snapshot().table(name);
  }

  private boolean storeTable(String name) {
    return real.admin().tableExists(name);
  }

  @Test
  void createTableFailingInTheStoreLeavesNothing() {
    failNext("createTable");
    assertThrows(RuntimeException.class, () -> ddl.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v VARCHAR)"));
    assertNull(catalogTable("T"));
    assertFalse(storeTable("T"));
    ddl.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v VARCHAR)");
    assertNotNull(catalogTable("T"));
    assertTrue(storeTable("T"));
  }

  @Test
  void createTableFailingInTheCatalogLeavesNothing() {
    failNext("catalogPut");
    assertThrows(RuntimeException.class, () -> ddl.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v VARCHAR) "
        + "SPLIT ON (10, 20)"));
    assertNull(catalogTable("T"));
    assertFalse(storeTable("T"), "the store's table of a failed CREATE TABLE is removed");
    ddl.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v VARCHAR)");
    assertNotNull(catalogTable("T"));
  }

  @Test
  void createTableOverAStoreTableNotInTheCatalogChangesNothing() {
    ddl.execute("CREATE TABLE raw (id INTEGER PRIMARY KEY)");
    db.catalog().removeTable(Catalog.DEFAULT_SCHEMA, "RAW");
    real.table("RAW").put(new Put(Bytes.toBytes("k")).addColumn("0", "q", "v"));
    CellarSqlException e = assertThrows(CellarSqlException.class,
        () -> ddl.execute("CREATE TABLE raw (id INTEGER PRIMARY KEY)"));
    assertEquals("42S01", e.sqlState());
    assertNull(catalogTable("RAW"));
    assertFalse(real.table("RAW").get(new Get(Bytes.toBytes("k"))).isEmpty(), "the store's table is untouched");
  }

  @Test
  void dropTableFailingInTheStoreKeepsTheTableAndItsRowIds() {
    ddl.execute("CREATE TABLE log (a INTEGER, b VARCHAR)");
    TableDef before = catalogTable("LOG");
    assertEquals(0, db.catalog().reserveRowIds(Catalog.DEFAULT_SCHEMA, "LOG", 1000));
    failNext("deleteTable");
    assertThrows(RuntimeException.class, () -> ddl.execute("DROP TABLE log"));
    assertEquals(before, catalogTable("LOG"), "the catalog entry of a failed DROP TABLE stays");
    assertTrue(storeTable("LOG"));
    assertEquals(1000, db.catalog().reserveRowIds(Catalog.DEFAULT_SCHEMA, "LOG", 1000),
        "row ids handed out before the failed DROP are not handed out again");
    ddl.execute("DROP TABLE log");
    assertNull(catalogTable("LOG"));
    assertFalse(storeTable("LOG"));
    ddl.execute("CREATE TABLE log (a INTEGER, b VARCHAR)");
    assertEquals(0, db.catalog().reserveRowIds(Catalog.DEFAULT_SCHEMA, "LOG", 1000),
        "a table created again starts a new counter");
  }

  @Test
  void dropTableFailingInTheCatalogKeepsTheTable() {
    ddl.execute("CREATE TABLE t (id INTEGER PRIMARY KEY)");
    real.table("T").put(new Put(new byte[] {1}).addColumn("0", "_0", ""));
    failNext("catalogDelete");
    assertThrows(RuntimeException.class, () -> ddl.execute("DROP TABLE t"));
    assertNotNull(catalogTable("T"));
    assertTrue(storeTable("T"));
    assertFalse(real.table("T").get(new Get(new byte[] {1})).isEmpty(), "the table's rows stay");
  }
}
