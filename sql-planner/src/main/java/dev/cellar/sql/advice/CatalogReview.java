package dev.cellar.sql.advice;

import dev.cellar.sql.catalog.Catalog;
import dev.cellar.sql.catalog.IndexDef;
import dev.cellar.sql.catalog.TableDef;
import dev.cellar.sql.database.CellarDatabase;
import dev.cellar.storage.TableDescriptor;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link SchemaReview} over a database's catalog: every table ({@code cellar lint}), or the
 * tables a DDL statement created or changed (the catalog before and after it), with their store
 * tables' family settings read from the store, and the rule on their families' row counts
 * ({@link LiveReview#statistics}).
 */
public final class CatalogReview {
  private static final Logger LOG = LoggerFactory.getLogger(CatalogReview.class);

  private CatalogReview() {}

  /**
   * The advice on every table of {@code db}, by table name: the rules on its design, then those on
   * its regions' statistics now ({@link LiveReview}).
   */
  public static List<Advice> all(CellarDatabase db) {
    Catalog.Snapshot cat = db.catalog().snapshot();
    List<Advice> out = new ArrayList<>();
    for (TableDef t : new TreeMap<>(cat.tables()).values()) {
      out.addAll(review(db, cat, t));
      out.addAll(LiveReview.table(db, t));
    }
    return out;
  }

  /**
   * The advice on the tables that are new or changed in {@code after}, or have a new or changed
   * index: the rules on their design, and {@code FAMILY_ROW_SKEW} on their statistics.
   */
  public static List<Advice> changes(CellarDatabase db, Catalog.Snapshot before, Catalog.Snapshot after) {
    List<Advice> out = new ArrayList<>();
    for (TableDef t : new TreeMap<>(after.tables()).values()) {
      String name = t.name();
      boolean changed = !Objects.equals(before.table(name), t)
          || !Objects.equals(indexNames(before, name), indexNames(after, name));
      if (changed) {
        out.addAll(review(db, after, t));
        if (before.table(name) != null) { // a new table has no statistics yet
          out.addAll(statistics(db, t));
        }
      }
    }
    return out;
  }

  /** The advice on a table's statistics; none when they cannot be read, as the statement itself is done. */
  private static List<Advice> statistics(CellarDatabase db, TableDef t) {
    try {
      return LiveReview.statistics(db, t);
    } catch (RuntimeException e) {
      LOG.warn("no statistics of table {} for schema review: {}", t.qualifiedName(), e.getMessage());
      return List.of();
    }
  }

  private static List<String> indexNames(Catalog.Snapshot cat, String table) {
    List<String> names = new ArrayList<>();
    for (IndexDef ix : cat.indexesOf(table)) {
      names.add(ix.name());
    }
    names.sort(null);
    return names;
  }

  private static List<Advice> review(CellarDatabase db, Catalog.Snapshot cat, TableDef t) {
    List<IndexDef> indexes = cat.indexesOf(t.name());
    List<TableDescriptor> indexStores = new ArrayList<>();
    for (IndexDef ix : indexes) {
      indexStores.add(ix.layout() == IndexDef.Layout.TABLE ? describe(db, ix.storageName()) : null);
    }
    return SchemaReview.table(t, describe(db, t.storageName()), indexes, indexStores);
  }

  /** The store table's description, or null when it cannot be read (the review then skips family rules). */
  private static TableDescriptor describe(CellarDatabase db, String storageName) {
    try {
      return db.store().admin().describe(storageName);
    } catch (RuntimeException e) {
      LOG.debug("no description of store table {} for schema review: {}", storageName, e.toString());
      return null;
    }
  }
}
