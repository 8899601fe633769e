package dev.cellar.sql.catalog;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import dev.cellar.storage.CellarStore;
import dev.cellar.storage.ColumnFamilyDescriptor;
import dev.cellar.storage.Delete;
import dev.cellar.storage.Get;
import dev.cellar.storage.Put;
import dev.cellar.storage.Result;
import dev.cellar.storage.ResultScanner;
import dev.cellar.storage.Scan;
import dev.cellar.storage.Table;
import dev.cellar.storage.TableDescriptor;
import dev.cellar.storage.TableExistsException;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The relational catalog of one store: tables and views, kept in the system table
 * {@value #TABLE} inside the store itself (layout: {@code sql-planner/docs/catalog-format.md})
 * and served from an immutable in-memory {@link Snapshot}. Every change is written to the
 * store first and then published as a new snapshot with a higher {@link Snapshot#version()}, so
 * that all connections of the store see it at once and cached plans can tell they are stale.
 *
 * <p>Thread-safe. Changes are serialized by the caller's DDL lock and by this object's monitor.
 */
public final class Catalog {
  private static final Logger LOG = LoggerFactory.getLogger(Catalog.class);

  /** The system table holding the catalog. */
  public static final String TABLE = "_cellar_catalog";
  /** Its one family. */
  public static final String FAMILY = "c";
  /** The schema every table lives in. */
  public static final String DEFAULT_SCHEMA = "PUBLIC";

  static final byte[] FAMILY_BYTES = Bytes.toBytes(FAMILY);
  static final byte[] DEF = Bytes.toBytes("def");
  static final byte[] NEXT = Bytes.toBytes("next");
  static final byte KIND_TABLE = 't';
  static final byte KIND_VIEW = 'v';
  static final byte KIND_SEQUENCE = 's';
  static final byte KIND_INDEX = 'i';
  static final byte KIND_CHANGES = 'g';
  /** The row counting the catalog's changes, on a store other processes share. */
  static final byte[] CHANGES_ROW = {KIND_CHANGES, 0, 0};
  static final byte[] CHANGES = Bytes.toBytes("changes");
  /**
   * How often, at most, the catalog of a store shared with other processes
   * ({@link CellarStore#sharedAcrossProcesses()}) looks for their changes.
   */
  public static final long REFRESH_MILLIS = 250;

  private final CellarStore store;
  private final Table table;
  private final boolean shared;
  private volatile Snapshot snapshot;
  /** For a shared store: the change count the snapshot reflects, and when to look at it next ({@link System#nanoTime}). */
  private long seenChanges;
  private volatile long nextCheck;

  private Catalog(CellarStore store, Snapshot snapshot, long changes) {
    this.store = store;
    this.table = store.table(TABLE);
    this.snapshot = snapshot;
    this.shared = store.sharedAcrossProcesses();
    this.seenChanges = changes;
    this.nextCheck = System.nanoTime() + REFRESH_MILLIS * 1_000_000;
  }

  /** Opens the catalog of {@code store}, creating its system table on first use. */
  public static Catalog open(CellarStore store) {
    if (!store.admin().tableExists(TABLE)) {
      try {
        store.admin().createTable(TableDescriptor.newBuilder(TABLE)
            .family(ColumnFamilyDescriptor.newBuilder(FAMILY).maxVersions(1).build()).build());
        LOG.debug("created catalog table {}", TABLE);
      } catch (TableExistsException e) {
        // created concurrently: fine
      }
    }
    Table t = store.table(TABLE);
    long changes = store.sharedAcrossProcesses() ? changes(t) : 0;
    return new Catalog(store, load(t, 1), changes);
  }

  /** The catalog as {@code table} holds it, as a snapshot of the given version. */
  private static Snapshot load(Table table, long version) {
    Map<String, TableDef> tables = new TreeMap<>();
    Map<String, ViewDef> views = new TreeMap<>();
    Map<String, IndexDef> indexes = new TreeMap<>();
    try (ResultScanner s = table.scanner(new Scan().addColumn(FAMILY_BYTES, DEF))) {
      for (Result r : s) {
        byte[] v = r.value(FAMILY_BYTES, DEF);
        if (v == null) {
          continue;
        }
        Object def = CatalogCodec.decode(r.row(), v);
        if (def instanceof TableDef t) {
          tables.put(t.name(), t);
        } else if (def instanceof ViewDef vd) {
          views.put(vd.name(), vd);
        } else if (def instanceof IndexDef ix) {
          indexes.put(ix.name(), ix);
        }
      }
    }
    return new Snapshot(version, Collections.unmodifiableMap(tables), Collections.unmodifiableMap(views),
        Collections.unmodifiableMap(indexes));
  }

  /** How many changes the catalog has had, as its change counter says (0 if none yet). */
  private static long changes(Table table) {
    byte[] v = table.get(new Get(CHANGES_ROW).addColumn(FAMILY_BYTES, CHANGES)).value(FAMILY_BYTES, CHANGES);
    return v == null ? 0 : Bytes.toLong(v);
  }

  /**
   * The current catalog. On a store other processes share, at most every {@value #REFRESH_MILLIS}
   * ms this first reads the catalog's change counter and, when another process has changed the
   * catalog, reads the catalog again and publishes it as a new snapshot.
   */
  public Snapshot snapshot() {
    if (shared && System.nanoTime() - nextCheck >= 0) {
      refresh();
    }
    return snapshot;
  }

  private synchronized void refresh() {
    long now = System.nanoTime();
    if (now - nextCheck < 0) {
      return;
    }
    nextCheck = now + REFRESH_MILLIS * 1_000_000;
    try {
      long changes = changes(table);
      if (changes != seenChanges) {
        snapshot = load(table, snapshot.version + 1);
        seenChanges = changes;
        LOG.debug("catalog changed by another process: read again ({} changes)", changes);
      }
    } catch (RuntimeException e) {
      LOG.warn("cannot look for other processes' changes to the catalog; the catalog stays as it was", e);
    }
  }

  /** Counts a change this process made, so that other processes sharing the store read the catalog again. */
  private void changed() {
    if (!shared) {
      return;
    }
    long n = table.incrementColumnValue(CHANGES_ROW, FAMILY_BYTES, CHANGES, 1);
    if (n == seenChanges + 1) {
      seenChanges = n;
    } else {
      // another process changed it as well: read it whole at the next look
      nextCheck = System.nanoTime();
    }
  }

  /** Writes (adds or replaces) a table. */
  public synchronized void putTable(TableDef t) {
    table.put(new Put(rowKey(KIND_TABLE, t.schema(), t.name())).addColumn(FAMILY_BYTES, DEF, CatalogCodec.encodeTable(t)));
    Map<String, TableDef> tables = new TreeMap<>(snapshot.tables);
    tables.put(t.name(), t);
    publish(tables, snapshot.views, snapshot.indexes);
    changed();
  }

  /**
   * Removes a table. Its row-id counter stays until {@link #removeRowIds}: a DROP TABLE that
   * cannot delete the table's storage puts the table back, and its ids must not start over.
   */
  public synchronized void removeTable(String schema, String name) {
    table.delete(new Delete(rowKey(KIND_TABLE, schema, name)));
    Map<String, TableDef> tables = new TreeMap<>(snapshot.tables);
    tables.remove(name);
    publish(tables, snapshot.views, snapshot.indexes);
    changed();
  }

  /** Writes (adds or replaces) a view. */
  public synchronized void putView(ViewDef v) {
    table.put(new Put(rowKey(KIND_VIEW, v.schema(), v.name())).addColumn(FAMILY_BYTES, DEF, CatalogCodec.encodeView(v)));
    Map<String, ViewDef> views = new TreeMap<>(snapshot.views);
    views.put(v.name(), v);
    publish(snapshot.tables, views, snapshot.indexes);
    changed();
  }

  /** Removes a view. */
  public synchronized void removeView(String schema, String name) {
    table.delete(new Delete(rowKey(KIND_VIEW, schema, name)));
    Map<String, ViewDef> views = new TreeMap<>(snapshot.views);
    views.remove(name);
    publish(snapshot.tables, views, snapshot.indexes);
    changed();
  }

  /** Writes (adds or replaces) an index. */
  public synchronized void putIndex(IndexDef ix) {
    table.put(new Put(rowKey(KIND_INDEX, ix.schema(), ix.name())).addColumn(FAMILY_BYTES, DEF,
        CatalogCodec.encodeIndex(ix)));
    Map<String, IndexDef> indexes = new TreeMap<>(snapshot.indexes);
    indexes.put(ix.name(), ix);
    publish(snapshot.tables, snapshot.views, indexes);
    changed();
  }

  /** Removes an index. */
  public synchronized void removeIndex(String schema, String name) {
    table.delete(new Delete(rowKey(KIND_INDEX, schema, name)));
    Map<String, IndexDef> indexes = new TreeMap<>(snapshot.indexes);
    indexes.remove(name);
    publish(snapshot.tables, snapshot.views, indexes);
    changed();
  }

  /**
   * Reserves {@code count} consecutive row ids for a table without a primary key and returns
   * the first. Durable: ids are never handed out twice, even across restarts.
   */
  public long reserveRowIds(String schema, String name, int count) {
    long end = table.incrementColumnValue(rowKey(KIND_SEQUENCE, schema, name), FAMILY_BYTES, NEXT, count);
    return end - count;
  }

  /**
   * Resets the row-id counter of a dropped table to 0, so that a table created again with its
   * name starts at 0.
   *
   * <p>Not a delete: increments within one millisecond give the counter timestamps ahead of the
   * clock (each one above the last), which a delete at the current time would not reach. The 0
   * is written with a timestamp above the counter's.
   */
  public void removeRowIds(String schema, String name) {
    byte[] row = rowKey(KIND_SEQUENCE, schema, name);
    Cell counter = table.get(new Get(row).addColumn(FAMILY_BYTES, NEXT))
        .latestCell(FAMILY_BYTES, NEXT);
    if (counter != null) {
      table.put(new Put(row).addColumn(FAMILY_BYTES, NEXT, counter.timestamp() + 1, Bytes.toBytes(0L)));
    }
  }

  private void publish(Map<String, TableDef> tables, Map<String, ViewDef> views, Map<String, IndexDef> indexes) {
    snapshot = new Snapshot(snapshot.version + 1, Collections.unmodifiableMap(tables), Collections.unmodifiableMap(views),
        Collections.unmodifiableMap(indexes));
  }

  /** {@code kind 0x00 schema 0x00 name}, as the format document describes. */
  static byte[] rowKey(byte kind, String schema, String name) {
    return Bytes.concat(new byte[] {kind, 0}, Bytes.toBytes(schema), new byte[] {0}, Bytes.toBytes(name));
  }

  /** The store the catalog lives in. */
  public CellarStore store() {
    return store;
  }

  /**
   * One immutable state of the catalog.
   *
   * @param version increases with every change; a plan made at one version is stale at another
   * @param tables tables by name
   * @param views views by name
   * @param indexes indexes by name
   */
  public record Snapshot(long version, Map<String, TableDef> tables, Map<String, ViewDef> views,
      Map<String, IndexDef> indexes) {
    /** The table called {@code name}, or {@code null}. */
    public TableDef table(String name) {
      return tables.get(name);
    }

    /** The view called {@code name}, or {@code null}. */
    public ViewDef view(String name) {
      return views.get(name);
    }

    /** Whether a table or view is called {@code name}. */
    public boolean exists(String name) {
      return tables.containsKey(name) || views.containsKey(name);
    }

    /** The index called {@code name}, or {@code null}. */
    public IndexDef index(String name) {
      return indexes.get(name);
    }

    /** The indexes of table {@code table}, by name, in any state. */
    public java.util.List<IndexDef> indexesOf(String table) {
      java.util.List<IndexDef> out = new java.util.ArrayList<>();
      for (IndexDef ix : indexes.values()) {
        if (ix.table().equals(table)) {
          out.add(ix);
        }
      }
      return out;
    }
  }
}
