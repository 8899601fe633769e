package dev.cellar.sql.schema;

import dev.cellar.sql.catalog.Catalog;
import dev.cellar.sql.catalog.IndexDef;
import dev.cellar.sql.catalog.TableDef;
import dev.cellar.sql.database.CellarDatabase;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.calcite.schema.Table;

/**
 * The {@link CellarTable}s of one database for the current catalog version, shared by all its
 * connections. Rebuilt when the catalog changes, reusing the tables whose definition did not.
 */
final class TableCache {
  private record Entry(long version, Map<String, CellarTable> tables) {}

  private final CellarDatabase db;
  private volatile Entry entry = new Entry(-1, Map.of());

  private TableCache(CellarDatabase db) {
    this.db = db;
  }

  static TableCache of(CellarDatabase db) {
    return db.extension(TableCache.class, TableCache::new);
  }

  /** Tables by name, for the catalog as it is now. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  Map<String, Table> tables() {
    Catalog.Snapshot snap = db.catalog().snapshot();
    Entry e = entry;
    if (e.version == snap.version()) {
      return (Map) e.tables;
    }
    synchronized (this) {
      e = entry;
      if (e.version != snap.version()) {
        Map<String, CellarTable> tables = new HashMap<>();
        for (TableDef def : snap.tables().values()) {
          CellarTable old = e.tables.get(def.name());
          List<IndexDef> indexes = new ArrayList<>();
          for (IndexDef ix : snap.indexesOf(def.name())) {
            if (ix.isActive()) {
              indexes.add(ix);
            }
          }
          tables.put(def.name(), old != null && old.def().equals(def) && old.indexDefs().equals(indexes) ? old
              : new CellarTable(db, def, indexes));
        }
        e = new Entry(snap.version(), Collections.unmodifiableMap(tables));
        entry = e;
      }
      return (Map) e.tables;
    }
  }
}
