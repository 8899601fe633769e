package dev.cellar.sql.schema;

import dev.cellar.sql.catalog.Catalog;
import dev.cellar.sql.database.CellarDatabase;
import dev.cellar.sql.prepare.CellarSession;
import org.apache.calcite.schema.SchemaPlus;

/**
 * Puts a database's schema into a connection: adds {@value Catalog#DEFAULT_SCHEMA} under the
 * connection's root schema, with Calcite's table caching off (the catalog is the cache).
 */
public final class CellarSchemaFactory {
  private CellarSchemaFactory() {}

  /**
   * Adds the schema of {@code db} to {@code root}.
   *
   * @param planCacheSize plans the connection keeps (0 turns caching off)
   * @return the connection's session
   */
  public static CellarSession attach(SchemaPlus root, CellarDatabase db, int planCacheSize) {
    return attach(root, db, planCacheSize, -1);
  }

  /**
   * Adds the schema of {@code db} to {@code root}, for a connection that reads the data as it was
   * before {@code currentScn} (a cell timestamp, milliseconds since 1970 UTC; -1 for the latest).
   *
   * @param planCacheSize plans the connection keeps (0 turns caching off)
   * @return the connection's session
   */
  public static CellarSession attach(SchemaPlus root, CellarDatabase db, int planCacheSize, long currentScn) {
    CellarSession session = new CellarSession(db, planCacheSize, currentScn);
    CellarSchema schema = new CellarSchema(session);
    SchemaPlus plus = root.add(Catalog.DEFAULT_SCHEMA, schema);
    // Calcite creates its name caches lazily and turning caching off only reaches those that
    // exist: create them, then turn them off.
    plus.getTableNames();
    plus.getSubSchemaNames();
    plus.setCacheEnabled(true);
    plus.setCacheEnabled(false);
    schema.attached(plus);
    root.add(SystemSchema.NAME, new SystemSchema(db));
    return session;
  }
}
