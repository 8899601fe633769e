package dev.cellar.storage.wal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.storage.Durability;
import dev.cellar.storage.fs.LocalVfs;
import dev.cellar.storage.fs.MemVfs;
import dev.cellar.storage.fs.Vfs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WalRoundTripTest {
  @TempDir
  Path dir;

  private static final Durability[] MODES = {Durability.ASYNC_WAL, Durability.SYNC_WAL, Durability.FSYNC_WAL};

  /** Writes many random edits with rolls, both automatic and explicit; returns them. */
  private static List<WalEdit> writeMany(Vfs vfs, int count, long firstSeq) {
    Random rnd = new Random(firstSeq);
    List<WalEdit> written = new ArrayList<>();
    try (Wal wal = Wal.open(vfs, WalTestUtil.quiet().withSegmentSize(4096))) {
      for (int i = 0; i < count; i++) {
        WalEdit e = WalTestUtil.randomEdit(firstSeq + i, rnd);
        long txid = wal.append(e);
        wal.await(txid, MODES[i % MODES.length]);
        written.add(e);
        if (i % 97 == 96) {
          wal.roll();
        }
      }
    }
    return written;
  }

  private void manyEditsAcrossRolls(Vfs vfs) {
    List<WalEdit> written = writeMany(vfs, 1500, 1);
    List<WalEdit> replayed = new ArrayList<>();
    ReplayResult r = Wal.replay(vfs, replayed::add);
    assertEquals(written, replayed);
    WalTestUtil.assertStamped(replayed);
    assertEquals(1500, r.edits());
    assertEquals(1500, r.highestSequence());
    assertFalse(r.tornTail());
    assertTrue(r.segments().size() > 20, "segments: " + r.segments().size());
    long expect = 1;
    for (SegmentInfo s : r.segments()) {
      assertEquals(expect++, s.number(), "segments are numbered without gaps");
      assertEquals(s.fileLength(), s.validLength());
    }
  }

  @Test
  void manyEditsAcrossRollsInMemory() {
    manyEditsAcrossRolls(new MemVfs());
  }

  @Test
  void manyEditsAcrossRollsOnDisk() throws IOException {
    LocalVfs vfs = new LocalVfs(dir);
    manyEditsAcrossRolls(vfs);
    try (Stream<Path> files = Files.list(dir.resolve("wal"))) {
      assertTrue(files.allMatch(p -> p.getFileName().toString().matches("\\d{16}\\.log")));
    }
  }

  @Test
  void reopeningStartsANewSegmentAfterTheOldOnes() throws IOException {
    LocalVfs vfs = new LocalVfs(dir);
    List<WalEdit> all = new ArrayList<>(writeMany(vfs, 300, 1));
    List<Long> before = WalReader.listSegments(vfs);
    List<WalEdit> replayed = new ArrayList<>();
    ReplayResult r = Wal.replay(vfs, replayed::add);
    assertEquals(all, replayed);
    try (Wal wal = Wal.open(vfs, WalTestUtil.quiet(), r)) {
      long last = before.get(before.size() - 1);
      assertEquals(last + 1, wal.currentSegment());
      for (int i = 0; i < 50; i++) {
        WalEdit e = WalTestUtil.edit(1000 + i);
        wal.await(wal.append(e), Durability.SYNC_WAL);
        all.add(e);
      }
      for (long n : before) {
        byte[] old = Files.readAllBytes(dir.resolve(WalFormat.segmentPath(n)));
        assertEquals(Files.size(dir.resolve(WalFormat.segmentPath(n))), old.length);
      }
    }
    assertEquals(all, WalTestUtil.replayAll(vfs));
  }

  @Test
  void reopeningNeverAppendsToAnOldSegment() throws IOException {
    MemVfs vfs = new MemVfs();
    writeMany(vfs, 10, 1);
    byte[] first = vfs.contents(WalFormat.segmentPath(1));
    for (int round = 0; round < 3; round++) {
      try (Wal wal = Wal.open(vfs, WalTestUtil.quiet())) {
        assertEquals(round + 2, wal.currentSegment());
        wal.await(wal.append(WalTestUtil.edit(100 + round)), Durability.SYNC_WAL);
      }
    }
    assertEquals(List.of(1L, 2L, 3L, 4L), WalReader.listSegments(vfs));
    assertEquals(java.util.Arrays.toString(first), java.util.Arrays.toString(vfs.contents(WalFormat.segmentPath(1))));
    assertEquals(13, WalTestUtil.replayAll(vfs).size());
  }

  @Test
  void replayOfAnEmptyDirectoryFindsNothing() {
    MemVfs vfs = new MemVfs();
    ReplayResult r = Wal.replay(vfs, e -> {
      throw new AssertionError("no edits expected");
    });
    assertEquals(WalFormat.NO_SEQUENCE, r.highestSequence());
    assertEquals(0, r.edits());
    assertTrue(r.segments().isEmpty());
  }

  @Test
  void otherFilesInTheDirectoryAreIgnored() {
    MemVfs vfs = new MemVfs();
    vfs.setContents("wal/README", new byte[] {1, 2, 3});
    vfs.setContents("wal/0000000000000009.log.tmp", new byte[] {1, 2, 3});
    writeMany(vfs, 5, 1);
    assertEquals(5, WalTestUtil.replayAll(vfs).size());
    assertFalse(vfs.exists("wal/0000000000000009.log.tmp"), "open deletes leftover temporary files");
    assertTrue(vfs.exists("wal/README"));
  }

  @Test
  void fsyncedEditsSurviveAPowerLoss() {
    MemVfs vfs = new MemVfs();
    Wal wal = Wal.open(vfs, WalTestUtil.quiet().withSegmentSize(2048));
    List<WalEdit> forced = new ArrayList<>();
    List<WalEdit> all = new ArrayList<>();
    for (int i = 1; i <= 400; i++) {
      WalEdit e = WalTestUtil.edit(i);
      Durability d = i % 4 == 0 ? Durability.FSYNC_WAL : Durability.SYNC_WAL;
      wal.await(wal.append(e), d);
      all.add(e);
      if (d == Durability.FSYNC_WAL) {
        forced.clear();
        forced.addAll(all);
      }
    }
    vfs.dropUnsynced();
    List<WalEdit> replayed = WalTestUtil.replayAll(vfs);
    assertTrue(replayed.size() >= forced.size(), replayed.size() + " < " + forced.size());
    assertEquals(all.subList(0, replayed.size()), replayed, "what survives is a prefix of what was written");
    wal.close();
  }
}
