package dev.cellar.storage.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.CellarStore;
import dev.cellar.storage.ColumnFamilyDescriptor;
import dev.cellar.storage.Delete;
import dev.cellar.storage.Get;
import dev.cellar.storage.NoSuchFamilyException;
import dev.cellar.storage.PendingWrites;
import dev.cellar.storage.Put;
import dev.cellar.storage.Result;
import dev.cellar.storage.ResultScanner;
import dev.cellar.storage.Scan;
import dev.cellar.storage.Snapshot;
import dev.cellar.storage.StoreClosedException;
import dev.cellar.storage.Table;
import dev.cellar.storage.TableDescriptor;
import dev.cellar.storage.WriteBatch;
import dev.cellar.storage.filter.PrefixFilter;
import dev.cellar.storage.fs.MemVfs;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SnapshotTest {
  private static CellarStore open() {
    return EmbeddedStore.open(StoreOptions.builder(new MemVfs()).majorCompactionPeriodMs(0).build());
  }

  private static void oneVersionTable(CellarStore s, byte[][] splits) {
    s.admin().createTable(TableDescriptor.newBuilder("t")
        .family(ColumnFamilyDescriptor.newBuilder("f").maxVersions(1).build()).build(), splits);
  }

  private static String value(Table t, String row) {
    return t.get(new Get(row)).valueAsString("f", "q");
  }

  private static List<String> rows(Table t, Scan scan) {
    List<String> out = new ArrayList<>();
    try (ResultScanner sc = t.scanner(scan)) {
      for (Result r : sc) {
        out.add(Bytes.toString(r.row()) + "=" + Bytes.toString(r.value(Bytes.toBytes("f"), Bytes.toBytes("q"))));
      }
    }
    return out;
  }

  @Test
  void aSnapshotKeepsSeeingWhatWasThereThroughFlushesAndMajorCompactions() {
    try (CellarStore s = open()) {
      oneVersionTable(s, new byte[0][]);
      Table live = s.table("t");
      live.put(new Put(Bytes.toBytes("a"), 10).addColumn("f", "q", "a1"));
      live.put(new Put(Bytes.toBytes("b"), 10).addColumn("f", "q", "b1"));
      s.admin().flush("t");
      try (Snapshot snap = s.snapshot()) {
        Table old = snap.table("t", null);
        live.put(new Put(Bytes.toBytes("a"), 20).addColumn("f", "q", "a2"));
        live.delete(new Delete(Bytes.toBytes("b"), 20));
        live.put(new Put(Bytes.toBytes("c"), 20).addColumn("f", "q", "c2"));
        s.admin().flush("t");
        s.admin().majorCompact("t");
        assertEquals("a1", value(old, "a"));
        assertEquals("b1", value(old, "b"));
        assertTrue(old.get(new Get("c")).isEmpty());
        assertEquals(List.of("a=a1", "b=b1"), rows(old, new Scan()));
        assertEquals(List.of("b=b1", "a=a1"), rows(old, new Scan().setReversed(true)));
        assertEquals("a2", value(live, "a"));
        assertTrue(live.get(new Get("b")).isEmpty());
        assertThrows(UnsupportedOperationException.class, () -> old.put(new Put("x").addColumn("f", "q", "x")));
      }
      // with no snapshot open, a major compaction drops the old version and the delete
      s.admin().majorCompact("t");
      assertEquals(1, s.table("t").get(new Get("a").readAllVersions().setTimeRange(0, Long.MAX_VALUE)).size());
    }
  }

  @Test
  void pendingWritesAreLaidOverTheSnapshotInEveryRead() {
    try (CellarStore s = open()) {
      oneVersionTable(s, new byte[][] {Bytes.toBytes("m")});
      Table live = s.table("t");
      for (String r : List.of("a", "k", "p", "z")) {
        live.put(new Put(Bytes.toBytes(r), 10).addColumn("f", "q", r + "0"));
      }
      s.admin().flush("t");
      PendingWrites pending = new PendingWrites();
      try (Snapshot snap = s.snapshot()) {
        Table view = snap.table("t", pending);
        pending.add(new WriteBatch()
            .add("t", new Put(Bytes.toBytes("b"), 11).addColumn("f", "q", "b1"))
            .add("t", new Delete(Bytes.toBytes("k"), 11))
            .add("t", new Put(Bytes.toBytes("n"), 11).addColumn("f", "q", "n1"))
            // the same coordinates and timestamp as the stored cell: the pending one wins
            .add("t", new Put(Bytes.toBytes("p"), 10).addColumn("f", "q", "p1")),
            s.admin()::describe, 11);
        assertEquals(List.of("a=a0", "b=b1", "n=n1", "p=p1", "z=z0"), rows(view, new Scan()));
        assertEquals(List.of("z=z0", "p=p1", "n=n1", "b=b1", "a=a0"), rows(view, new Scan().setReversed(true)));
        assertEquals(List.of("n=n1"), rows(view, new Scan().setFilter(new PrefixFilter(Bytes.toBytes("n")))));
        assertEquals(List.of("b=b1", "n=n1"), rows(view, new Scan().withStartRow(Bytes.toBytes("b")).setLimit(2)));
        assertTrue(view.get(new Get("k")).isEmpty());
        assertEquals("p1", value(view, "p"));
        List<String> visited = new ArrayList<>();
        view.scan(new Scan(), (dev.cellar.storage.ScanVisitor) c -> visited.add(new String(c.rowArray(), c.rowOffset(), c.rowLength(), java.nio.charset.StandardCharsets.UTF_8)));
        assertEquals(List.of("a", "b", "n", "p", "z"), visited);
        List<Result> many = view.get(List.of(new Get("b"), new Get("k"), new Get("z")));
        assertEquals("b1", many.get(0).valueAsString("f", "q"));
        assertTrue(many.get(1).isEmpty());
        // a later pending write of the row shadows the earlier one
        pending.add(new WriteBatch().add("t", new Put(Bytes.toBytes("b"), 12).addColumn("f", "q", "b2")), s.admin()::describe, 12);
        assertEquals("b2", value(view, "b"));
        // nothing of it reached the store
        assertTrue(live.get(new Get("b")).isEmpty());
        assertEquals("k0", value(live, "k"));
        // written as one batch, it is what the view showed
        s.write(pending.toBatch());
        assertEquals(List.of("a=a0", "b=b2", "n=n1", "p=p1", "z=z0"), rows(live, new Scan()));
      }
    }
  }

  @Test
  void aBatchNamingAMissingFamilyAddsNothing() {
    try (CellarStore s = open()) {
      oneVersionTable(s, new byte[0][]);
      PendingWrites pending = new PendingWrites();
      assertThrows(NoSuchFamilyException.class, () -> pending.add(new WriteBatch()
          .add("t", new Put(Bytes.toBytes("a"), 1).addColumn("f", "q", "x"))
          .add("t", new Put(Bytes.toBytes("b"), 1).addColumn("nope", "q", "x")), s.admin()::describe, 1));
      assertTrue(pending.isEmpty());
      assertFalse(pending.touches("t"));
      assertEquals(0, pending.byteSize());
    }
  }

  @Test
  void writtenSinceFindsRowsWrittenAfterTheSnapshotWhereverTheyLie() {
    try (CellarStore s = open()) {
      oneVersionTable(s, new byte[][] {Bytes.toBytes("m")});
      Table live = s.table("t");
      live.put(new Put(Bytes.toBytes("a"), 1).addColumn("f", "q", "a"));
      live.put(new Put(Bytes.toBytes("x"), 1).addColumn("f", "q", "x"));
      try (Snapshot snap = s.snapshot()) {
        assertFalse(snap.writtenSince("t", Bytes.toBytes("a")));
        live.put(new Put(Bytes.toBytes("a"), 2).addColumn("f", "q", "a2"));
        live.delete(new Delete(Bytes.toBytes("x"), 2));
        assertTrue(snap.writtenSince("t", Bytes.toBytes("a")));
        assertTrue(snap.writtenSince("t", Bytes.toBytes("x")), "a delete marker is a write");
        assertFalse(snap.writtenSince("t", Bytes.toBytes("b")));
        assertTrue(snap.writtenSince("t", Bytes.toBytes("a"), Bytes.toBytes("b")));
        assertFalse(snap.writtenSince("t", Bytes.toBytes("b"), Bytes.toBytes("x")));
        assertTrue(snap.writtenSince("t", Bytes.toBytes("b"), Bytes.EMPTY), "x, in the second region");
        s.admin().flush("t");
        s.admin().majorCompact("t");
        assertTrue(snap.writtenSince("t", Bytes.toBytes("a")));
        assertTrue(snap.writtenSince("t", Bytes.toBytes("n"), Bytes.toBytes("y")));
        assertTrue(snap.writtenSince("t", Bytes.toBytes("x")));
        assertFalse(snap.writtenSince("t", Bytes.toBytes("b")));
      }
    }
  }

  @Test
  void writtenSinceOfARowOfManyVersionsLooksAtItsNewestWritesWhereverTheyLie() {
    try (CellarStore s = EmbeddedStore.open(StoreOptions.builder(new MemVfs()).majorCompactionPeriodMs(0)
        .compactionThreshold(100).build())) {
      s.admin().createTable(TableDescriptor.newBuilder("t")
          .family(ColumnFamilyDescriptor.newBuilder("f").maxVersions(1).build()).build());
      Table live = s.table("t");
      // a counter's row: versions in a file, then more (past a memstore row's array) in the memstore
      for (int i = 0; i < 300; i++) {
        live.put(new Put(Bytes.toBytes("c")).addColumn("f", "q", "v" + i));
        if (i == 99) {
          s.admin().flush("t");
        }
      }
      live.put(new Put(Bytes.toBytes("e"), 1).addColumn("f", "q", "e"));
      try (Snapshot snap = s.snapshot()) {
        assertFalse(snap.writtenSince("t", Bytes.toBytes("c")));
        assertFalse(snap.writtenSince("t", Bytes.toBytes("a"), Bytes.EMPTY));
        s.admin().flush("t");
        assertFalse(snap.writtenSince("t", Bytes.toBytes("a"), Bytes.EMPTY), "a flush writes nothing new");
        live.put(new Put(Bytes.toBytes("d")).addColumn("f", "q", "d"));
        assertTrue(snap.writtenSince("t", Bytes.toBytes("a"), Bytes.EMPTY));
        assertTrue(snap.writtenSince("t", Bytes.toBytes("d"), Bytes.toBytes("e")));
        assertFalse(snap.writtenSince("t", Bytes.toBytes("a"), Bytes.toBytes("d")));
        assertFalse(snap.writtenSince("t", Bytes.toBytes("c")));
        s.admin().flush("t");
        assertTrue(snap.writtenSince("t", Bytes.toBytes("d")), "in the file flushed since");
        assertFalse(snap.writtenSince("t", Bytes.toBytes("c")));
        live.delete(new Delete(Bytes.toBytes("c")));
        assertTrue(snap.writtenSince("t", Bytes.toBytes("c")), "the delete marker among 300 older versions");
        assertTrue(snap.writtenSince("t", Bytes.toBytes("b"), Bytes.toBytes("d")));
      }
    }
  }

  @Test
  void aClosedSnapshotRefusesReads() {
    try (CellarStore s = open()) {
      oneVersionTable(s, new byte[0][]);
      Snapshot snap = s.snapshot();
      Table view = snap.table("t", null);
      snap.close();
      snap.close();
      assertThrows(StoreClosedException.class, () -> view.get(new Get("a")));
    }
  }
}
