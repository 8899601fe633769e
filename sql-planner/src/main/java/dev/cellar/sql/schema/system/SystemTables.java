package dev.cellar.sql.schema.system;

import dev.cellar.sql.database.CellarDatabase;
import java.util.Map;
import org.apache.calcite.schema.Table;

/**
 * The system tables of the store's administration, by name: {@code REGIONS}, {@code FAMILIES},
 * {@code STORE_FILES} and {@code COMPACTIONS}, each with a {@code TABLE_NAME} column naming the
 * table (or global index) a row is about.
 */
public final class SystemTables {
  private SystemTables() {}

  /** The tables over {@code db}. */
  public static Map<String, Table> of(CellarDatabase db) {
    return Map.of("REGIONS", new RegionsTable(db), "FAMILIES", new FamiliesTable(db), "STORE_FILES",
        new StoreFilesTable(db), "COMPACTIONS", new CompactionsTable(db));
  }
}
