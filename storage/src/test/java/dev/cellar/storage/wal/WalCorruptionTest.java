package dev.cellar.storage.wal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.storage.CorruptionException;
import dev.cellar.storage.Durability;
import dev.cellar.storage.fs.MemVfs;
import dev.cellar.storage.util.ByteReader;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every single damaged byte is detected, in any segment, and named by file and record offset. */
class WalCorruptionTest {
  private static final int[] MASKS = {0x01, 0x10, 0x80, 0xff};

  /** Two segments of three records each; the second is the last. */
  private static MemVfs smallLog(List<WalEdit> written) {
    MemVfs vfs = new MemVfs();
    try (Wal wal = Wal.open(vfs, WalTestUtil.quiet())) {
      for (int i = 1; i <= 6; i++) {
        WalEdit e = WalTestUtil.edit(i);
        wal.await(wal.append(e), Durability.SYNC_WAL);
        written.add(e);
        if (i == 3) {
          wal.roll();
        }
      }
    }
    return vfs;
  }

  /** Offsets where the records of a pristine segment start, then its length. */
  private static List<Integer> recordStarts(byte[] segment) {
    List<Integer> out = new ArrayList<>();
    int pos = WalFormat.SEGMENT_HEADER_SIZE;
    while (pos < segment.length) {
      out.add(pos);
      pos += WalFormat.RECORD_HEADER_SIZE + ByteBuffer.wrap(segment).getInt(pos);
    }
    out.add(pos);
    return out;
  }

  /** Offset of the record (or 0 for the segment header) that holds byte {@code pos}. */
  private static int recordAt(List<Integer> starts, int pos) {
    int at = 0;
    for (int s : starts) {
      if (s <= pos) {
        at = s;
      }
    }
    return at;
  }

  @Test
  void everyFlippedByteIsReportedAtItsRecord() throws IOException {
    List<WalEdit> written = new ArrayList<>();
    MemVfs original = smallLog(written);
    assertEquals(List.of(1L, 2L), WalReader.listSegments(original));
    int checked = 0;
    for (long segment = 1; segment <= 2; segment++) {
      String path = WalFormat.segmentPath(segment);
      byte[] pristine = original.contents(path);
      List<Integer> starts = recordStarts(pristine);
      assertEquals(4, starts.size());
      assertEquals(pristine.length, starts.get(3));
      int before = segment == 1 ? 0 : 3;
      for (int pos = 0; pos < pristine.length; pos++) {
        for (int mask : MASKS) {
          MemVfs vfs = new MemVfs();
          vfs.setContents(WalFormat.segmentPath(1), original.contents(WalFormat.segmentPath(1)));
          vfs.setContents(WalFormat.segmentPath(2), original.contents(WalFormat.segmentPath(2)));
          byte[] damaged = pristine.clone();
          damaged[pos] ^= (byte) mask;
          vfs.setContents(path, damaged);

          List<WalEdit> got = new ArrayList<>();
          String what = "segment " + segment + ", byte " + pos + ", mask " + mask;
          CorruptionException e = assertThrows(CorruptionException.class, () -> Wal.replay(vfs, got::add), what);
          assertTrue(e.file().endsWith(WalFormat.segmentName(segment)), what + ": " + e.getMessage());
          int record = recordAt(starts, pos);
          assertEquals(record, e.offset(), what + ": " + e.getMessage());
          int recordsBefore = record == 0 ? 0 : starts.indexOf(record);
          assertEquals(written.subList(0, before + recordsBefore), got, what);
          checked++;
        }
      }
    }
    assertTrue(checked > 1000, "checked " + checked);
  }

  @Test
  void aDamagedLengthInTheLastRecordIsNotMistakenForATornTail() throws IOException {
    List<WalEdit> written = new ArrayList<>();
    MemVfs vfs = smallLog(written);
    String path = WalFormat.segmentPath(2);
    byte[] seg = vfs.contents(path);
    List<Integer> starts = recordStarts(seg);
    int last = starts.get(2);
    // Claim a longer payload than the file holds, as a torn record would.
    ByteBuffer.wrap(seg).putInt(last, ByteBuffer.wrap(seg).getInt(last) + 100);
    vfs.setContents(path, seg);
    CorruptionException e = assertThrows(CorruptionException.class, () -> Wal.replay(vfs, x -> { }));
    assertEquals(last, e.offset());
    assertTrue(e.getMessage().contains("record header checksum mismatch"), e.getMessage());
  }

  @Test
  void corruptionIsReportedEvenWhenTheRecordIsValidlyFramed() throws IOException {
    // A record whose CRCs are right but whose payload is not an edit: the codec's checks catch it.
    MemVfs vfs = new MemVfs();
    byte[] header = SegmentHeader.write(1, 0, 0);
    byte[] payload = {0x01, 0x01, 0x00, 0x00, 0x00, 0x00, 0, 0, 0, 0, 0, 0, 0, 0, 0x63, 0x00};
    byte[] rec = new byte[WalFormat.RECORD_HEADER_SIZE + payload.length];
    System.arraycopy(payload, 0, rec, WalFormat.RECORD_HEADER_SIZE, payload.length);
    RecordHeader.write(rec, 0, payload.length, WalFormat.RECORD_TYPE_EDIT);
    byte[] seg = new byte[header.length + rec.length];
    System.arraycopy(header, 0, seg, 0, header.length);
    System.arraycopy(rec, 0, seg, header.length, rec.length);
    vfs.setContents(WalFormat.segmentPath(1), seg);
    CorruptionException e = assertThrows(CorruptionException.class, () -> Wal.replay(vfs, x -> { }));
    assertEquals(WalFormat.SEGMENT_HEADER_SIZE, e.offset());
    assertTrue(e.getMessage().contains("cell type code 99"), e.getMessage());
    assertTrue(e.getCause() == null || !(e.getCause() instanceof ByteReader.Malformed));
  }

  @Test
  void aSegmentRenamedToAnotherNumberIsCorruption() throws IOException {
    List<WalEdit> written = new ArrayList<>();
    MemVfs vfs = smallLog(written);
    vfs.setContents(WalFormat.segmentPath(3), vfs.contents(WalFormat.segmentPath(2)));
    vfs.delete(WalFormat.segmentPath(2));
    CorruptionException e = assertThrows(CorruptionException.class, () -> Wal.replay(vfs, x -> { }));
    assertEquals(0, e.offset());
    assertTrue(e.getMessage().contains("named for segment 3"), e.getMessage());
  }

  @Test
  void garbageAfterTheLastRecordIsCorruption() throws IOException {
    List<WalEdit> written = new ArrayList<>();
    MemVfs vfs = smallLog(written);
    String path = WalFormat.segmentPath(2);
    byte[] seg = vfs.contents(path);
    // Zeros past the end, as a file system may leave after a crash: a header whose CRC is wrong.
    byte[] longer = java.util.Arrays.copyOf(seg, seg.length + 64);
    vfs.setContents(path, longer);
    CorruptionException e = assertThrows(CorruptionException.class, () -> Wal.replay(vfs, x -> { }));
    assertEquals(seg.length, e.offset());
  }
}
