package dev.cellar.jdbc;

import dev.cellar.storage.Admin;
import dev.cellar.storage.CellarStore;
import dev.cellar.storage.Table;
import java.sql.Connection;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * The set-up of the tests that write store tables through the storage API and read them as SQL
 * (mapped views, dynamic families and columns, MAP columns, versions): a connection {@link #c}
 * to a fresh in-memory database at {@link #url}, the database's {@link #store} and its
 * {@link #admin}, the connection closed after each test.
 */
abstract class FreshStoreTest {
  /** The database's URL. */
  String url;
  /** A connection to it. */
  Connection c;
  /** Its store. */
  CellarStore store;
  /** The store's admin. */
  Admin admin;

  @BeforeEach
  final void openFreshStore() throws Exception {
    url = Sql.freshMem();
    c = Sql.connect(url);
    store = CellarDriver.database(c).store();
    admin = store.admin();
  }

  @AfterEach
  final void closeFreshStore() throws Exception {
    c.close();
  }

  /** Creates store table {@code name} with {@code families} ({@link RawTables#create}). */
  Table raw(String name, String... families) {
    return RawTables.create(store, name, families);
  }
}
