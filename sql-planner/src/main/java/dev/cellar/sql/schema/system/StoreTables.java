package dev.cellar.sql.schema.system;

import dev.cellar.sql.catalog.Catalog;
import dev.cellar.sql.catalog.IndexDef;
import dev.cellar.sql.catalog.TableDef;
import dev.cellar.sql.codec.KeyLiterals;
import dev.cellar.sql.codec.RowKeyCodec;
import dev.cellar.sql.database.CellarDatabase;
import dev.cellar.sql.exec.TableMapping;
import dev.cellar.storage.Bytes;
import dev.cellar.storage.TableNotFoundException;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The store tables the system tables describe: every table of the catalog by its SQL name, then
 * every global index (whose entries have a store table of their own) by the index's name, each
 * with the codec of its key when it has one.
 */
final class StoreTables {
  private StoreTables() {}

  /**
   * A store table.
   *
   * @param name the SQL name of its table or index
   * @param storageName the store table's name
   * @param codec the codec of its rowkeys, or {@code null} (no primary key, an index)
   */
  record Listed(String name, String storageName, RowKeyCodec codec) {
    /**
     * A rowkey or region boundary as the SQL values of the key columns it holds whole, as a row
     * constructor {@code ('a', 10)}; as printable bytes when the codec cannot read it (a salted
     * table's bucket boundary, a boundary inside a column); {@code null} when empty.
     */
    String show(byte[] key) {
      if (key == null || key.length == 0) {
        return null;
      }
      String row = codec == null ? null : KeyLiterals.row(codec, key);
      return row != null ? row : Bytes.toStringBinary(key);
    }
  }

  /** Every store table of {@code db}, tables first, each kind in name order. */
  static List<Listed> of(CellarDatabase db) {
    Catalog.Snapshot cat = db.catalog().snapshot();
    List<Listed> out = new ArrayList<>();
    for (TableDef t : new TreeMap<>(cat.tables()).values()) {
      RowKeyCodec codec;
      try {
        codec = new TableMapping(t).keyCodec();
      } catch (RuntimeException e) {
        codec = null;
      }
      out.add(new Listed(t.name(), t.storageName(), codec));
    }
    List<IndexDef> indexes = new ArrayList<>(cat.indexes().values());
    indexes.sort((a, b) -> a.name().compareTo(b.name()));
    for (IndexDef ix : indexes) {
      if (ix.layout() == IndexDef.Layout.TABLE) {
        out.add(new Listed(ix.name(), ix.storageName(), null));
      }
    }
    return out;
  }

  /**
   * One row per item {@code read} gives for each store table; a store table dropped meanwhile is
   * left out.
   */
  static <T> List<T> rows(CellarDatabase db, Function<Listed, List<T>> read) {
    List<T> out = new ArrayList<>();
    for (Listed l : of(db)) {
      try {
        out.addAll(read.apply(l));
      } catch (TableNotFoundException e) {
        // dropped since the catalog was read
      }
    }
    return out;
  }
}
