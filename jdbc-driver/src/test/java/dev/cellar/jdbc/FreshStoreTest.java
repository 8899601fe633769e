package dev.cellar.jdbc;

import dev.cellar.storage.Admin;
import dev.cellar.storage.CellarStore;
import dev.cellar.storage.Table;
import org.junit.jupiter.api.BeforeEach;

/**
 * The set-up of the tests that write store tables through the storage API and read them as SQL
 * (mapped views, dynamic families and columns, MAP columns, versions): a fresh database
 * ({@link FreshDatabaseTest}), its {@link #store} and the store's {@link #admin}.
 */
abstract class FreshStoreTest extends FreshDatabaseTest {
  /** The database's store. */
  CellarStore store;
  /** The store's admin. */
  Admin admin;

  @BeforeEach
  final void openFreshStore() throws Exception {
    store = CellarDriver.database(c).store();
    admin = store.admin();
  }

  /** Creates store table {@code name} with {@code families} ({@link RawTables#create}). */
  Table raw(String name, String... families) {
    return RawTables.create(store, name, families);
  }
}
