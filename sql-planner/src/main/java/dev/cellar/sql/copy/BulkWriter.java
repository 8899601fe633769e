package dev.cellar.sql.copy;

import dev.cellar.sql.catalog.TableDef;
import dev.cellar.sql.database.CellarDatabase;
import dev.cellar.sql.exec.BulkRows;
import dev.cellar.sql.exec.Cancellation;
import dev.cellar.storage.CellarStore;
import dev.cellar.storage.Table;
import java.util.List;

/**
 * The bulk path of a load ({@link BulkRows}): each chunk written as sorted store files and
 * committed at once, for files of at least {@link #minBytes()} bytes into tables it supports.
 * The table's compactions are held back until the load ends ({@link Table#holdCompactions()}):
 * the files of the chunks are compacted once, after the last one, not while the next come.
 */
final class BulkWriter implements CopyFrom.ChunkWriter {
  /** Files smaller than this go through batched writes ({@code -Dcellar.copy.bulkMinBytes}, 8 MB unless set). */
  static long minBytes() {
    return Long.getLong("cellar.copy.bulkMinBytes", 8L << 20);
  }

  private final BulkRows rows;
  private final boolean[] targeted;
  private final Cancellation cancel;
  private final Table.CompactionHold hold;

  BulkWriter(CellarDatabase db, TableDef def, boolean[] targeted, Cancellation cancel) {
    this.rows = new BulkRows(db, def);
    this.targeted = targeted;
    this.cancel = cancel;
    this.hold = db.store().table(def.storageName()).holdCompactions();
  }

  static boolean supports(CellarDatabase db, CellarStore store, TableDef def, boolean indexesRebuilt) {
    return BulkRows.supports(db, store, def, indexesRebuilt);
  }

  @Override
  public void write(List<Object[]> good, long firstId) {
    rows.write(good, targeted, cancel, firstId);
  }

  @Override
  public boolean keysRows() {
    return true;
  }

  @Override
  public void finish() {}

  @Override
  public void close() {
    hold.close();
  }
}
