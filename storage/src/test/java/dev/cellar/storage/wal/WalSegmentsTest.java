package dev.cellar.storage.wal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.storage.Durability;
import dev.cellar.storage.fs.MemVfs;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Rolling, automatic and explicit, and deleting the segments that flushes made obsolete. */
class WalSegmentsTest {
  private static void write(Wal wal, long... seqs) {
    for (long s : seqs) {
      wal.await(wal.append(WalTestUtil.edit(s)), Durability.SYNC_WAL);
    }
  }

  private static long[] range(long from, long to) {
    long[] out = new long[(int) (to - from + 1)];
    for (int i = 0; i < out.length; i++) {
      out[i] = from + i;
    }
    return out;
  }

  @Test
  void deleteObsoleteRemovesExactlyTheFlushedSegments() {
    MemVfs vfs = new MemVfs();
    try (Wal wal = Wal.open(vfs, WalTestUtil.quiet())) {
      write(wal, range(1, 10));
      assertEquals(2, wal.roll());
      write(wal, range(11, 20));
      assertEquals(3, wal.roll());
      write(wal, range(21, 30));
      assertEquals(List.of(1L, 2L, 3L), wal.segments());

      assertEquals(0, wal.deleteObsolete(9), "segment 1 still holds sequence 10");
      assertEquals(1, wal.deleteObsolete(10));
      assertEquals(List.of(2L, 3L), wal.segments());
      assertFalse(vfs.exists(WalFormat.segmentPath(1)));
      assertEquals(0, wal.deleteObsolete(19));
      assertEquals(1, wal.deleteObsolete(25));
      assertEquals(0, wal.deleteObsolete(1000), "the segment being written is never deleted");
      assertEquals(List.of(3L), wal.segments());
      assertTrue(vfs.exists(WalFormat.segmentPath(3)));
    }
    List<WalEdit> replayed = WalTestUtil.replayAll(vfs);
    assertEquals(10, replayed.size());
    assertEquals(21, replayed.get(0).sequence());
  }

  @Test
  void aSegmentIsKeptWhileAnyOfItsRecordsIsUnflushed() {
    MemVfs vfs = new MemVfs();
    try (Wal wal = Wal.open(vfs, WalTestUtil.quiet())) {
      write(wal, 5, 50);
      wal.roll();
      write(wal, 10, 20);
      wal.roll();
      assertEquals(1, wal.deleteObsolete(20));
      assertEquals(List.of(1L, 3L), wal.segments(), "segment 1 holds 50, segment 2 only <= 20");
      assertEquals(1, wal.deleteObsolete(50));
      assertEquals(List.of(3L), wal.segments());
    }
  }

  @Test
  void reopenedLogKnowsItsOldSegments() {
    MemVfs vfs = new MemVfs();
    try (Wal wal = Wal.open(vfs, WalTestUtil.quiet())) {
      write(wal, range(1, 5));
      wal.roll();
      write(wal, range(6, 8));
    }
    try (Wal wal = Wal.open(vfs, WalTestUtil.quiet())) {
      assertEquals(List.of(1L, 2L, 3L), wal.segments());
      write(wal, 9);
      assertEquals(0, wal.deleteObsolete(4));
      assertEquals(1, wal.deleteObsolete(5));
      assertEquals(1, wal.deleteObsolete(8));
      assertEquals(List.of(3L), wal.segments());
    }
    // Segment 3's header names segment 2, which is gone: that is a deletion, not a loss.
    assertEquals(List.of(WalTestUtil.edit(9)), WalTestUtil.replayAll(vfs));
  }

  @Test
  void emptySegmentsAreAlwaysObsolete() {
    MemVfs vfs = new MemVfs();
    Wal.open(vfs, WalTestUtil.quiet()).close();
    Wal.open(vfs, WalTestUtil.quiet()).close();
    try (Wal wal = Wal.open(vfs, WalTestUtil.quiet())) {
      assertEquals(List.of(1L, 2L, 3L), wal.segments());
      assertEquals(2, wal.deleteObsolete(WalFormat.NO_SEQUENCE));
      assertEquals(List.of(3L), wal.segments());
    }
  }

  @Test
  void rollingAnEmptySegmentDoesNothing() {
    MemVfs vfs = new MemVfs();
    try (Wal wal = Wal.open(vfs, WalTestUtil.quiet())) {
      assertEquals(1, wal.roll());
      assertEquals(1, wal.roll());
      write(wal, 1);
      assertEquals(2, wal.roll());
      assertEquals(2, wal.roll());
      assertEquals(List.of(1L, 2L), wal.segments());
    }
  }

  @Test
  void rollWritesPendingRecordsIntoTheOldSegment() throws IOException {
    MemVfs vfs = new MemVfs();
    try (Wal wal = Wal.open(vfs, WalTestUtil.quiet())) {
      wal.append(WalTestUtil.edit(1));
      wal.append(WalTestUtil.edit(2));
      assertEquals(0, wal.writtenTxid());
      assertEquals(2, wal.roll());
      assertEquals(2, wal.syncedTxid(), "a roll forces the segment it closes");
      List<WalEdit> inFirst = new ArrayList<>();
      SegmentReader.read(vfs, 1, false, null, inFirst::add);
      assertEquals(List.of(WalTestUtil.edit(1), WalTestUtil.edit(2)), inFirst);
      // The new segment records where the old one ended.
      SegmentHeader h = SegmentHeader.read(vfs.contents(WalFormat.segmentPath(2)), "f", 2);
      assertEquals(1, h.previousNumber());
      assertEquals(vfs.contents(WalFormat.segmentPath(1)).length, h.previousLength());
    }
  }

  @Test
  void segmentsRollAtTheConfiguredSize() throws IOException {
    MemVfs vfs = new MemVfs();
    int maxRecord = 0;
    try (Wal wal = Wal.open(vfs, WalTestUtil.quiet().withSegmentSize(1000))) {
      for (int i = 1; i <= 300; i++) {
        WalEdit e = WalTestUtil.edit(i);
        maxRecord = Math.max(maxRecord, WalFormat.RECORD_HEADER_SIZE + WalEditCodec.encode(e).length);
        write(wal, i);
      }
    }
    List<Long> segments = WalReader.listSegments(vfs);
    assertTrue(segments.size() > 10, "segments: " + segments);
    for (long n : segments.subList(0, segments.size() - 1)) {
      int size = vfs.contents(WalFormat.segmentPath(n)).length;
      assertTrue(size >= 1000 && size < 1000 + maxRecord, "segment " + n + " is " + size + " bytes");
    }
    assertEquals(300, WalTestUtil.replayAll(vfs).size());
  }
}
