package dev.cellar.storage.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.CellarStore;
import dev.cellar.storage.CheckAndMutate;
import dev.cellar.storage.Delete;
import dev.cellar.storage.Get;
import dev.cellar.storage.Increment;
import dev.cellar.storage.NoSuchFamilyException;
import dev.cellar.storage.Put;
import dev.cellar.storage.Result;
import dev.cellar.storage.Table;
import dev.cellar.storage.TableDescriptor;
import dev.cellar.storage.TableNotFoundException;
import dev.cellar.storage.WriteBatch;
import dev.cellar.storage.fs.MemVfs;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class AtomicityTest {
  private static final byte[] F = Bytes.toBytes("f");
  private static final byte[] Q = Bytes.toBytes("q");

  @Test
  void batchAcrossTablesIsOneWriteAndSurvivesReopen() {
    MemVfs fs = new MemVfs();
    try (CellarStore s = EmbeddedStore.open(StoreOptions.builder(fs).flushOnClose(false).build())) {
      s.admin().createTable(TableDescriptor.of("data", "f"));
      s.admin().createTable(TableDescriptor.of("idx", "f"));
      s.write(new WriteBatch().add("data", new Put("row1").addColumn("f", "name", "ann"))
          .add("idx", new Put("ann|row1").addColumn("f", "q", "")));
      // A bad mutation anywhere refuses the whole batch.
      assertThrows(NoSuchFamilyException.class, () -> s.write(new WriteBatch()
          .add("data", new Put("row2").addColumn("f", "name", "bob"))
          .add("idx", new Put("bob|row2").addColumn("nope", "q", ""))));
      assertThrows(TableNotFoundException.class, () -> s.write(new WriteBatch()
          .add("data", new Put("row3").addColumn("f", "name", "cy"))
          .add("missing", new Put("x").addColumn("f", "q", ""))));
      assertTrue(s.table("data").get(new Get("row2")).isEmpty());
      assertTrue(s.table("data").get(new Get("row3")).isEmpty());
    }
    try (CellarStore s = EmbeddedStore.open(StoreOptions.builder(fs).build())) {
      assertEquals("ann", s.table("data").get(new Get("row1")).valueAsString("f", "name"));
      assertFalse(s.table("idx").get(new Get("ann|row1")).isEmpty());
    }
  }

  @Test
  void checkAndMutateAppliesOnlyWhenTheConditionHolds() {
    try (CellarStore s = EmbeddedStore.inMemory()) {
      s.admin().createTable(TableDescriptor.of("t", "f"));
      Table t = s.table("t");
      byte[] row = Bytes.toBytes("r");
      assertTrue(t.checkAndMutate(CheckAndMutate.newBuilder(row).ifRowNotExists()
          .build(new Put(row).addColumn(F, Q, Bytes.toBytes("1")))));
      assertFalse(t.checkAndMutate(CheckAndMutate.newBuilder(row).ifRowNotExists()
          .build(new Put(row).addColumn(F, Q, Bytes.toBytes("2")))), "row exists now");
      assertFalse(t.checkAndMutate(CheckAndMutate.newBuilder(row).ifEquals(F, Q, Bytes.toBytes("9"))
          .build(new Put(row).addColumn(F, Q, Bytes.toBytes("3")))));
      assertTrue(t.checkAndMutate(CheckAndMutate.newBuilder(row).ifEquals(F, Q, Bytes.toBytes("1"))
          .build(new Put(row).addColumn(F, Q, Bytes.toBytes("4")), new Delete(row).addColumns(F, Bytes.toBytes("x")))));
      assertEquals("4", t.get(new Get(row)).valueAsString("f", "q"));
      assertTrue(t.checkAndMutate(CheckAndMutate.newBuilder(row).ifNotExists(F, Bytes.toBytes("other"))
          .build(new Put(row).addColumn(F, Bytes.toBytes("other"), Bytes.toBytes("5")))));
      assertThrows(IllegalArgumentException.class, () -> CheckAndMutate.newBuilder(row).ifRowNotExists()
          .build(new Put("another").addColumn(F, Q, Bytes.toBytes("x"))));
    }
  }

  @Test
  void concurrentInsertIfAbsentHasExactlyOneWinner() throws Exception {
    try (CellarStore s = EmbeddedStore.inMemory()) {
      s.admin().createTable(TableDescriptor.of("t", "f"));
      Table t = s.table("t");
      ExecutorService pool = Executors.newFixedThreadPool(8);
      for (int round = 0; round < 50; round++) {
        byte[] row = Bytes.toBytes("key" + round);
        AtomicInteger winners = new AtomicInteger();
        List<Future<?>> fs = new ArrayList<>();
        for (int w = 0; w < 8; w++) {
          int id = w;
          fs.add(pool.submit(() -> {
            if (t.checkAndMutate(CheckAndMutate.newBuilder(row).ifRowNotExists()
                .build(new Put(row).addColumn(F, Q, Bytes.toBytes("w" + id))))) {
              winners.incrementAndGet();
            }
          }));
        }
        for (Future<?> f : fs) {
          f.get();
        }
        assertEquals(1, winners.get(), "round " + round);
      }
      pool.shutdown();
    }
  }

  @Test
  void incrementsAreAtomicAndRejectNonCounters() throws Exception {
    try (CellarStore s = EmbeddedStore.inMemory()) {
      s.admin().createTable(TableDescriptor.of("t", "f"));
      Table t = s.table("t");
      byte[] row = Bytes.toBytes("counter");
      ExecutorService pool = Executors.newFixedThreadPool(8);
      List<Future<?>> fs = new ArrayList<>();
      for (int w = 0; w < 8; w++) {
        fs.add(pool.submit(() -> {
          for (int i = 0; i < 250; i++) {
            t.incrementColumnValue(row, F, Q, 2);
          }
        }));
      }
      for (Future<?> f : fs) {
        f.get();
      }
      pool.shutdown();
      assertEquals(4000, Bytes.toLong(t.get(new Get(row)).value(F, Q)));
      Result r = t.increment(new Increment(row).addColumn(F, Q, -1000).addColumn(F, Bytes.toBytes("n"), 7));
      assertEquals(3000, Bytes.toLong(r.value(F, Q)));
      assertEquals(7, Bytes.toLong(r.value(F, Bytes.toBytes("n"))));
      t.put(new Put(row).addColumn(F, Bytes.toBytes("s"), Bytes.toBytes("text")));
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> t.incrementColumnValue(row, F, Bytes.toBytes("s"), 1));
      assertTrue(e.getMessage().contains("f:s"), e.getMessage());
    }
  }
}
