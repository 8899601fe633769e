package dev.cellar.storage.wal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.storage.CorruptionException;
import dev.cellar.storage.Durability;
import dev.cellar.storage.fs.LocalVfs;
import dev.cellar.storage.fs.MemVfs;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A write cut short by a crash: dropped at the end of the last segment, corruption anywhere else. */
class WalTornTailTest {
  @TempDir
  Path dir;

  /** A log of {@code n} edits in segment 1; returns the offset where the last record starts. */
  private static long writeOneSegment(MemVfs vfs, int n) {
    long lastStart;
    try (Wal wal = Wal.open(vfs, WalTestUtil.quiet())) {
      for (int i = 1; i < n; i++) {
        wal.await(wal.append(WalTestUtil.edit(i)), Durability.SYNC_WAL);
      }
      lastStart = sizeOf(vfs, 1);
      wal.await(wal.append(WalTestUtil.edit(n)), Durability.SYNC_WAL);
    }
    return lastStart;
  }

  private static long sizeOf(MemVfs vfs, long segment) {
    try {
      return vfs.contents(WalFormat.segmentPath(segment)).length;
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  private static List<WalEdit> edits(int from, int to) {
    List<WalEdit> out = new ArrayList<>();
    for (int i = from; i <= to; i++) {
      out.add(WalTestUtil.edit(i));
    }
    return out;
  }

  @Test
  void everyTruncationOfTheLastRecordIsDroppedQuietly() throws IOException {
    MemVfs original = new MemVfs();
    long lastStart = writeOneSegment(original, 5);
    byte[] full = original.contents(WalFormat.segmentPath(1));
    assertTrue(full.length - lastStart > WalFormat.RECORD_HEADER_SIZE + 10);
    for (int cut = (int) lastStart; cut < full.length; cut++) {
      MemVfs vfs = new MemVfs();
      vfs.setContents(WalFormat.segmentPath(1), Arrays.copyOf(full, cut));
      List<WalEdit> got = new ArrayList<>();
      ReplayResult r = Wal.replay(vfs, got::add);
      assertEquals(edits(1, 4), got, "cut at " + cut);
      assertEquals(cut > lastStart, r.tornTail(), "cut at " + cut);
      assertEquals(lastStart, r.segments().get(0).validLength());
      assertEquals(4, r.highestSequence());

      // Opening trims the torn tail, so the segment reads as whole once a newer one follows it.
      try (Wal wal = Wal.open(vfs, WalTestUtil.quiet(), r)) {
        assertEquals(2, wal.currentSegment());
        wal.await(wal.append(WalTestUtil.edit(99)), Durability.SYNC_WAL);
      }
      assertEquals(lastStart, sizeOf(vfs, 1));
      List<WalEdit> expected = edits(1, 4);
      expected.add(WalTestUtil.edit(99));
      assertEquals(expected, WalTestUtil.replayAll(vfs), "after reopening, cut at " + cut);
    }
  }

  @Test
  void aTruncatedSegmentHeaderInTheLastSegmentIsDropped() throws IOException {
    MemVfs original = new MemVfs();
    writeOneSegment(original, 3);
    try (Wal wal = Wal.open(original, WalTestUtil.quiet())) {
      wal.await(wal.append(WalTestUtil.edit(4)), Durability.SYNC_WAL);
    }
    byte[] second = original.contents(WalFormat.segmentPath(2));
    for (int cut = 0; cut < WalFormat.SEGMENT_HEADER_SIZE; cut++) {
      MemVfs vfs = new MemVfs();
      vfs.setContents(WalFormat.segmentPath(1), original.contents(WalFormat.segmentPath(1)));
      vfs.setContents(WalFormat.segmentPath(2), Arrays.copyOf(second, cut));
      ReplayResult r = Wal.replay(vfs, e -> { });
      assertTrue(r.tornTail());
      assertEquals(3, r.edits());
      try (Wal wal = Wal.open(vfs, WalTestUtil.quiet())) {
        assertEquals(3, wal.currentSegment());
        assertFalse(vfs.exists(WalFormat.segmentPath(2)), "a segment without a whole header is deleted");
        wal.await(wal.append(WalTestUtil.edit(5)), Durability.SYNC_WAL);
      }
      List<WalEdit> expected = edits(1, 3);
      expected.add(WalTestUtil.edit(5));
      assertEquals(expected, WalTestUtil.replayAll(vfs));
    }
  }

  @Test
  void aTruncationInASegmentThatIsNotTheLastIsCorruption() throws IOException {
    MemVfs original = new MemVfs();
    long lastStart = writeOneSegment(original, 4);
    try (Wal wal = Wal.open(original, WalTestUtil.quiet())) {
      wal.await(wal.append(WalTestUtil.edit(5)), Durability.SYNC_WAL);
    }
    byte[] first = original.contents(WalFormat.segmentPath(1));
    for (int cut = 0; cut < first.length; cut++) {
      MemVfs vfs = new MemVfs();
      vfs.setContents(WalFormat.segmentPath(1), Arrays.copyOf(first, cut));
      vfs.setContents(WalFormat.segmentPath(2), original.contents(WalFormat.segmentPath(2)));
      List<WalEdit> got = new ArrayList<>();
      int at = cut;
      CorruptionException e = assertThrows(CorruptionException.class, () -> Wal.replay(vfs, got::add),
          () -> "cut at " + at);
      assertTrue(e.file().endsWith(WalFormat.segmentName(1)), e.file());
      assertTrue(e.offset() <= cut, e.getMessage());
      if (cut == lastStart || cut == WalFormat.SEGMENT_HEADER_SIZE) {
        // Whole records lost at a record boundary: caught by the next segment's header.
        assertEquals(cut, e.offset());
        assertTrue(e.getMessage().contains("records its final length as " + first.length), e.getMessage());
      }
      assertEquals(got, edits(1, got.size()), "only whole records before the damage are delivered");
      assertThrows(CorruptionException.class, () -> Wal.open(vfs, WalTestUtil.quiet()));
    }
  }

  @Test
  void tornTailOnDisk() throws IOException {
    LocalVfs vfs = new LocalVfs(dir);
    long lastStart;
    try (Wal wal = Wal.open(vfs, WalTestUtil.quiet())) {
      for (int i = 1; i <= 9; i++) {
        wal.await(wal.append(WalTestUtil.edit(i)), Durability.FSYNC_WAL);
      }
      lastStart = wal.writtenTxid() > 0 ? java.nio.file.Files.size(dir.resolve(WalFormat.segmentPath(1))) : 0;
      wal.await(wal.append(WalTestUtil.edit(10)), Durability.FSYNC_WAL);
    }
    try (FileChannel ch = FileChannel.open(dir.resolve(WalFormat.segmentPath(1)), StandardOpenOption.WRITE)) {
      ch.truncate(lastStart + 7);
    }
    ReplayResult r = Wal.replay(vfs, e -> { });
    assertTrue(r.tornTail());
    assertEquals(9, r.edits());
    try (Wal wal = Wal.open(vfs, WalTestUtil.quiet())) {
      wal.await(wal.append(WalTestUtil.edit(11)), Durability.FSYNC_WAL);
    }
    assertEquals(lastStart, java.nio.file.Files.size(dir.resolve(WalFormat.segmentPath(1))));
    List<WalEdit> expected = edits(1, 9);
    expected.add(WalTestUtil.edit(11));
    assertEquals(expected, WalTestUtil.replayAll(vfs));
  }
}
