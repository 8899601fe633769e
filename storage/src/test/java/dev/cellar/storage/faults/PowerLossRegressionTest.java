package dev.cellar.storage.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cellar.storage.Cell;
import dev.cellar.storage.CellType;
import dev.cellar.storage.Durability;
import dev.cellar.storage.Get;
import dev.cellar.storage.Put;
import dev.cellar.storage.Table;
import dev.cellar.storage.TableDescriptor;
import dev.cellar.storage.embedded.EmbeddedStore;
import dev.cellar.storage.embedded.StoreOptions;
import dev.cellar.storage.fs.FaultyVfs;
import dev.cellar.storage.wal.Wal;
import dev.cellar.storage.wal.WalEdit;
import dev.cellar.storage.wal.WalOptions;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Power losses at exactly the moments that once lost data: each test cuts the power right after
 * an operation that returned, boots from what a disk must hold (nothing that was not forced),
 * and checks what the operation promised is there.
 */
class PowerLossRegressionTest {
  private static EmbeddedStore open(FaultyVfs fs) {
    return EmbeddedStore.open(StoreOptions.builder(fs).flushOnClose(false).build());
  }

  /** A flushed store file's directory entry is forced before the manifest lists the file. */
  @Test
  void flushedFileOutlivesPowerLoss() {
    FaultyVfs fs = new FaultyVfs();
    EmbeddedStore s = open(fs);
    s.admin().createTable(TableDescriptor.of("t", "f"));
    Table t = s.table("t");
    t.put(new Put("r1").addColumn("f", "q", "v1"));
    s.admin().flush("t");
    // A write after the flush rolls nothing; the flushed segment's deletion may be durable or not.
    Put p = new Put("r2").addColumn("f", "q", "v2");
    p.setDurability(Durability.FSYNC_WAL);
    t.put(p);
    FaultyVfs after = fs.restartAfterPowerLoss();
    s.close();
    try (EmbeddedStore again = open(after)) {
      Table t2 = again.table("t");
      assertEquals("v1", t2.get(new Get("r1")).valueAsString("f", "q"));
      assertEquals("v2", t2.get(new Get("r2")).valueAsString("f", "q"));
    }
  }

  /** The log directory's own entry is forced when the log creates it, before any record is acknowledged. */
  @Test
  void newLogDirectoryOutlivesPowerLoss() {
    FaultyVfs fs = new FaultyVfs();
    Wal wal = Wal.open(fs, WalOptions.defaults());
    byte[] b = "x".getBytes(StandardCharsets.UTF_8);
    long txid = wal.append(WalEdit.of(1, 1, List.of(new Cell(b, b, b, 1, CellType.PUT, b))));
    wal.await(txid, Durability.FSYNC_WAL);
    FaultyVfs after = fs.restartAfterPowerLoss();
    wal.close();
    List<WalEdit> edits = new ArrayList<>();
    Wal.replay(after, edits::add);
    assertEquals(1, edits.size());
  }
}
