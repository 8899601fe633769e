package dev.cellar.storage.embedded;

import dev.cellar.storage.fs.Vfs;
import dev.cellar.storage.manifest.ManifestState;
import dev.cellar.storage.manifest.ManifestState.RegionState;
import dev.cellar.storage.manifest.ManifestState.TableState;
import dev.cellar.storage.region.Region;
import dev.cellar.storage.region.StoreFileHandle;
import dev.cellar.storage.wal.ReplayResult;
import dev.cellar.storage.wal.Wal;
import dev.cellar.storage.wal.WalEntry;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How a store comes back when it opens: its tables and regions as the manifest lists them, over
 * the store files it names, then the write-ahead log's edits that no store file holds yet.
 */
final class Recovery {
  private static final Logger LOG = LoggerFactory.getLogger(Recovery.class);

  private Recovery() {}

  /**
   * Opens the tables and regions of {@code state} into {@code tables}, each store file once
   * (shared by the regions that list it, as after a split).
   *
   * @return the highest sequence number found in the store files
   */
  static long loadTables(ManifestState state, StoreFiles files, Map<String, TableHandle> tables) throws IOException {
    long maxSeq = 0;
    Map<Long, StoreFileHandle> opened = new HashMap<>();
    for (TableState t : state.tables()) {
      List<Region> regions = new ArrayList<>();
      for (RegionState r : t.regions()) {
        Map<String, List<StoreFileHandle>> handles = new LinkedHashMap<>();
        for (Map.Entry<String, List<Long>> e : r.files().entrySet()) {
          List<StoreFileHandle> hs = new ArrayList<>();
          for (long n : e.getValue()) {
            StoreFileHandle h = opened.get(n);
            if (h == null) {
              h = files.openExisting(n, t.descriptor().family(e.getKey()));
              opened.put(n, h);
              maxSeq = Math.max(maxSeq, h.reader().maxSequenceId());
            } else if (!h.tryAcquire()) {
              throw new IllegalStateException("store file " + n + " released during open");
            }
            hs.add(h);
          }
          handles.put(e.getKey(), hs);
        }
        regions.add(new Region(t.id(), t.descriptor(), r.startRow(), r.endRow(), handles, r.flushedSequence()));
      }
      TableHandle handle = new TableHandle(t.id(), t.descriptor(), regions);
      handle.setEnabled(t.enabled());
      tables.put(t.descriptor().name(), handle);
    }
    return maxSeq;
  }

  /**
   * Replays the log into the regions' memstores: every edit above its region's flushed sequence,
   * of a table and family that still exist.
   */
  static ReplayResult replayWal(Vfs fs, Collection<TableHandle> tables) {
    Map<Long, TableHandle> byId = new TreeMap<>();
    for (TableHandle t : tables) {
      byId.put(t.id(), t);
    }
    long[] replayed = new long[1];
    ReplayResult result = Wal.replay(fs, edit -> {
      for (WalEntry e : edit.entries()) {
        TableHandle t = byId.get((long) e.tableId());
        if (t == null) {
          continue; // the table was dropped after this write
        }
        Region r = t.regionFor(e.cell().row());
        if (edit.sequence() <= r.flushedSequence() || r.family(e.cell().family()) == null) {
          continue; // already in a store file, or its family was deleted since
        }
        r.add(e.cell().withSequenceId(edit.sequence()));
        replayed[0]++;
      }
    });
    if (replayed[0] > 0) {
      LOG.info("replayed {} cells from the write-ahead log of {}", replayed[0], fs.describe());
    }
    return result;
  }
}
