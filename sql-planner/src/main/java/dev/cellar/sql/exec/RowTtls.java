package dev.cellar.sql.exec;

import dev.cellar.sql.catalog.Catalog;
import dev.cellar.sql.catalog.RowTtl;
import dev.cellar.sql.catalog.TableDef;
import dev.cellar.sql.database.CellarDatabase;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The {@link RowTtl} of each table of a database, as statements and index reads ask for it: kept
 * for {@value Catalog#REFRESH_MILLIS} ms (the time another process's DDL takes to be seen), so
 * that a store whose table descriptions are remote (HBase) is not asked on every statement.
 * DDL that changes a table's TTLs {@link #forget forgets} it at once.
 */
public final class RowTtls {
  private final Map<String, Known> known = new ConcurrentHashMap<>();

  private record Known(TableDef def, RowTtl life, long at) {}

  private RowTtls() {}

  /** The row lives of table {@code def} of {@code db}. */
  public static RowTtl of(CellarDatabase db, TableDef def) {
    RowTtls cache = db.extension(RowTtls.class, d -> new RowTtls());
    long now = System.currentTimeMillis();
    Known k = cache.known.get(def.storageName());
    if (k == null || !k.def().equals(def) || now - k.at() >= Catalog.REFRESH_MILLIS) {
      k = new Known(def, RowTtl.of(def, db.store().admin().describe(def.storageName())), now);
      cache.known.put(def.storageName(), k);
    }
    return k.life();
  }

  /**
   * Whether a read of an index of table {@code def} must check each entry against its row: as
   * {@link RowTtl#indexChecksRows}, and on a store without atomic multi-row batches whenever the
   * rows expire, as an entry is marked verified there after its row is written, at a later time,
   * and would outlive the row by as much.
   */
  public static boolean checkRows(CellarDatabase db, TableDef def) {
    RowTtl life = of(db, def);
    return life.indexChecksRows() || life.expires() && !db.store().atomicMultiRowBatches();
  }

  /** Forgets what is known of store table {@code storageName}, whose families are changing. */
  public static void forget(CellarDatabase db, String storageName) {
    db.extension(RowTtls.class, d -> new RowTtls()).known.remove(storageName);
  }
}
