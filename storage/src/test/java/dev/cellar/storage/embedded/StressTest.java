package dev.cellar.storage.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.ColumnFamilyDescriptor;
import dev.cellar.storage.Compression;
import dev.cellar.storage.Durability;
import dev.cellar.storage.Put;
import dev.cellar.storage.Result;
import dev.cellar.storage.ResultScanner;
import dev.cellar.storage.Scan;
import dev.cellar.storage.Table;
import dev.cellar.storage.TableDescriptor;
import dev.cellar.storage.fs.MemVfs;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * Writers move amounts between accounts (two rows, often in different regions, in one atomic
 * batch) while readers scan, and flushes, compactions and splits run. Every scan must see the
 * constant total (one consistent snapshot); at the end every acknowledged balance is present,
 * also after a reopen.
 */
class StressTest {
  private static final int ACCOUNTS_PER_WRITER = 64;
  private static final int WRITERS = 3;
  private static final long START = 1_000;
  private static final byte[] F = Bytes.toBytes("f");
  private static final byte[] Q = Bytes.toBytes("balance");

  private static byte[] account(int writer, int i) {
    // Spread over the key space so that transfers cross region boundaries.
    return Bytes.toBytes(String.format("%02x-w%d-%03d", (i * 37 + writer * 11) % 256, writer, i));
  }

  @Test
  void snapshotsStayConsistentAndNoAcknowledgedWriteIsLost() throws Exception {
    int scale = Integer.getInteger("cellar.test.scale", 1);
    long durationMs = 3_000L * scale;
    MemVfs fs = new MemVfs();
    long[][] balances = new long[WRITERS][ACCOUNTS_PER_WRITER];
    long total = START * WRITERS * ACCOUNTS_PER_WRITER;
    StoreOptions opts = StoreOptions.builder(fs).flushSize(32 * 1024).compactionThreshold(3)
        .regionSplitSize(256 * 1024).build();
    try (EmbeddedStore s = EmbeddedStore.open(opts)) {
      s.admin().createTable(TableDescriptor.newBuilder("acct")
          .family(ColumnFamilyDescriptor.newBuilder("f").compression(Compression.SNAPPY).blockSize(1024).build())
          .build(), new byte[][] {Bytes.toBytes("40"), Bytes.toBytes("80"), Bytes.toBytes("c0")});
      Table t = s.table("acct");
      List<Put> init = new ArrayList<>();
      for (int w = 0; w < WRITERS; w++) {
        for (int i = 0; i < ACCOUNTS_PER_WRITER; i++) {
          balances[w][i] = START;
          init.add(new Put(account(w, i)).addColumn(F, Q, Bytes.toBytes(START)));
        }
      }
      t.batch(init);

      AtomicBoolean stop = new AtomicBoolean();
      AtomicLong scans = new AtomicLong();
      AtomicLong transfers = new AtomicLong();
      ExecutorService pool = Executors.newFixedThreadPool(WRITERS + 3);
      List<Future<?>> tasks = new ArrayList<>();
      for (int w = 0; w < WRITERS; w++) {
        int writer = w;
        tasks.add(pool.submit(() -> {
          Random rnd = new Random(writer);
          byte[] padding = new byte[64];
          while (!stop.get()) {
            int a = rnd.nextInt(ACCOUNTS_PER_WRITER);
            int b = rnd.nextInt(ACCOUNTS_PER_WRITER);
            if (a == b) {
              continue;
            }
            long amount = rnd.nextInt(50);
            long na = balances[writer][a] - amount;
            long nb = balances[writer][b] + amount;
            t.batch(List.of(
                new Put(account(writer, a)).addColumn(F, Q, Bytes.toBytes(na)).addColumn(F, Bytes.toBytes("pad"), padding)
                    .setDurability(Durability.ASYNC_WAL),
                new Put(account(writer, b)).addColumn(F, Q, Bytes.toBytes(nb)).setDurability(Durability.ASYNC_WAL)));
            balances[writer][a] = na;
            balances[writer][b] = nb;
            transfers.incrementAndGet();
          }
          return null;
        }));
      }
      for (int r = 0; r < 2; r++) {
        boolean reversed = r == 1;
        tasks.add(pool.submit(() -> {
          while (!stop.get()) {
            long sum = 0;
            int rows = 0;
            try (ResultScanner sc = t.scanner(new Scan().addColumn(F, Q).setReversed(reversed))) {
              for (Result res : sc) {
                sum += Bytes.toLong(res.value(F, Q));
                rows++;
              }
            }
            assertEquals(WRITERS * ACCOUNTS_PER_WRITER, rows, "rows in one snapshot");
            assertEquals(total, sum, "total in one snapshot");
            scans.incrementAndGet();
          }
          return null;
        }));
      }
      tasks.add(pool.submit(() -> {
        int op = 0;
        while (!stop.get()) {
          switch (op++ % 4) {
            case 0 -> s.admin().flush("acct");
            case 1 -> s.admin().split("acct");
            case 2 -> s.admin().compact("acct");
            default -> s.admin().majorCompact("acct");
          }
          Thread.sleep(20);
        }
        return null;
      }));
      Thread.sleep(durationMs);
      stop.set(true);
      for (Future<?> f : tasks) {
        f.get();
      }
      pool.shutdown();
      assertTrue(scans.get() > 5, "scans ran: " + scans.get());
      assertTrue(transfers.get() > 100, "transfers ran: " + transfers.get());
      assertTrue(s.admin().regions("acct").size() > 4, "splits ran: " + s.admin().regions("acct"));
      checkBalances(s.table("acct"), balances);
    }
    try (EmbeddedStore s = EmbeddedStore.open(StoreOptions.builder(fs).build())) {
      checkBalances(s.table("acct"), balances);
    }
  }

  private static void checkBalances(Table t, long[][] balances) {
    for (int w = 0; w < WRITERS; w++) {
      for (int i = 0; i < ACCOUNTS_PER_WRITER; i++) {
        Result r = t.get(new dev.cellar.storage.Get(account(w, i)).addColumn(F, Q));
        assertEquals(balances[w][i], Bytes.toLong(r.value(F, Q)), Bytes.toString(account(w, i)));
      }
    }
  }
}
