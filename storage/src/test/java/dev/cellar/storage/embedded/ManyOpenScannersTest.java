package dev.cellar.storage.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.ColumnFamilyDescriptor;
import dev.cellar.storage.Put;
import dev.cellar.storage.Result;
import dev.cellar.storage.ResultScanner;
import dev.cellar.storage.Scan;
import dev.cellar.storage.Table;
import dev.cellar.storage.TableDescriptor;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * More large scans open at once than the store has threads to read ahead with, read in turns
 * (a merge of a salted table's buckets, several result sets a client reads alternately): a
 * region read ahead whose consumer is busy elsewhere must not hold a thread the other scans
 * need, or the first of them waits for ever.
 */
class ManyOpenScannersTest {
  private static final int REGIONS = 4;
  private static final int ROWS_PER_REGION = 2_000;

  private static byte[] row(int i) {
    return Bytes.toBytes(String.format(Locale.ROOT, "row%06d", i));
  }

  @Test
  void scansReadInTurnsAllFinishWhateverTheirNumber() {
    try (EmbeddedStore s = EmbeddedStore.open(StoreOptions.inMemory().build())) {
      byte[][] splits = new byte[REGIONS - 1][];
      for (int k = 1; k < REGIONS; k++) {
        splits[k - 1] = row(k * ROWS_PER_REGION);
      }
      s.admin().createTable(TableDescriptor.newBuilder("t").family(ColumnFamilyDescriptor.of("f")).build(), splits);
      Table t = s.table("t");
      List<Put> puts = new ArrayList<>();
      for (int i = 0; i < REGIONS * ROWS_PER_REGION; i++) {
        puts.add(new Put(row(i)).addColumn("f", "q", "value " + i));
      }
      t.put(puts);
      s.admin().flush("t");
      // each scan reads two regions ahead: twice as many readers as threads, and some more
      int scans = Runtime.getRuntime().availableProcessors() + 3;
      int[] seen = new int[scans];
      assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
        List<ResultScanner> open = new ArrayList<>();
        try {
          for (int k = 0; k < scans; k++) {
            open.add(t.scanner(new Scan()));
            // each scan's first row before the next opens: its read-ahead fills its queues
            Result first = open.get(k).next();
            assertEquals(Bytes.toString(row(0)), Bytes.toString(first.row()));
            seen[k] = 1;
          }
          boolean more = true;
          while (more) {
            more = false;
            for (int k = 0; k < scans; k++) {
              Result r = open.get(k).next();
              if (r != null) {
                assertEquals(Bytes.toString(row(seen[k])), Bytes.toString(r.row()), "scan " + k);
                seen[k]++;
                more = true;
              }
            }
          }
        } finally {
          for (ResultScanner sc : open) {
            sc.close();
          }
        }
      }, "scans read in turns stopped: read-ahead threads wait on consumers that wait on them");
      for (int k = 0; k < scans; k++) {
        assertEquals(REGIONS * ROWS_PER_REGION, seen[k], "rows of scan " + k);
      }
    }
  }
}
