package dev.cellar.storage.wal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.storage.Cell;
import dev.cellar.storage.CellType;
import dev.cellar.storage.CorruptionException;
import dev.cellar.storage.Durability;
import dev.cellar.storage.fs.MemVfs;
import dev.cellar.storage.util.Checksums;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The byte layout of wal-format.md, checked against what the code writes. */
class WalFormatTest {
  @Test
  void segmentNames() {
    assertEquals("wal/0000000000000001.log", WalFormat.segmentPath(1));
    assertEquals("9999999999999999.log", WalFormat.segmentName(9_999_999_999_999_999L));
    assertEquals(42, WalFormat.parseSegmentName("0000000000000042.log"));
    for (String bad : List.of("42.log", "0000000000000042.log.tmp", "000000000000004x.log", "0000000000000042.lag",
        "00000000000000042.log", "")) {
      assertEquals(-1, WalFormat.parseSegmentName(bad), bad);
    }
  }

  @Test
  void segmentHeaderLayout() {
    byte[] h = SegmentHeader.write(7, 5, 1234);
    assertEquals(36, h.length);
    ByteBuffer bb = ByteBuffer.wrap(h);
    assertEquals("CWAL", new String(h, 0, 4, StandardCharsets.US_ASCII));
    assertEquals(1, bb.getInt(4));
    assertEquals(7L, bb.getLong(8));
    assertEquals(5L, bb.getLong(16));
    assertEquals(1234L, bb.getLong(24));
    assertEquals(Checksums.crc32c(h, 0, 32), bb.getInt(32));
    SegmentHeader back = SegmentHeader.read(h, "f", 7);
    assertEquals(7, back.segmentNumber());
    assertEquals(5, back.previousNumber());
    assertEquals(1234, back.previousLength());
    assertThrows(IllegalArgumentException.class, () -> SegmentHeader.write(7, 7, 0));
    CorruptionException e = assertThrows(CorruptionException.class, () -> SegmentHeader.read(h, "f", 8));
    assertEquals(0, e.offset());
  }

  @Test
  void recordHeaderLayout() {
    byte[] payload = WalEditCodec.encode(WalTestUtil.edit(1));
    byte[] rec = new byte[13 + payload.length];
    System.arraycopy(payload, 0, rec, 13, payload.length);
    RecordHeader.write(rec, 0, payload.length, WalFormat.RECORD_TYPE_EDIT);
    ByteBuffer bb = ByteBuffer.wrap(rec);
    assertEquals(payload.length, bb.getInt(0));
    assertEquals(1, rec[4]);
    assertEquals(Checksums.crc32c(payload, 0, payload.length), bb.getInt(5));
    assertEquals(Checksums.crc32c(rec, 0, 9), bb.getInt(9));
    RecordHeader h = RecordHeader.read(rec, 0, "f", 20);
    assertEquals(payload.length, h.payloadLength());
    h.checkPayload(rec, 13, "f", 20);
  }

  /** A whole one-record log, byte for byte, as the example in wal-format.md shows it. */
  @Test
  void documentedExampleSegment() throws IOException {
    MemVfs vfs = new MemVfs();
    try (Wal wal = Wal.open(vfs, WalTestUtil.quiet())) {
      Cell cell = new Cell(WalTestUtil.b("r1"), WalTestUtil.b("cf"), WalTestUtil.b("q"), 1L, CellType.PUT,
          WalTestUtil.b("v"));
      wal.await(wal.append(new WalEdit(300, List.of(new WalEntry(7, cell)))), Durability.SYNC_WAL);
    }
    String written = HexFormat.of().formatHex(vfs.contents("wal/0000000000000001.log"));
    assertEquals(72 * 2, written.length());
    assertEquals(documentedExample(), written);
  }

  /** The hex bytes of the code block under "## Example" in storage/docs/wal-format.md. */
  private static String documentedExample() throws IOException {
    Path doc = Path.of("docs", "wal-format.md");
    assertTrue(Files.exists(doc), "run from the storage module: " + doc.toAbsolutePath());
    String text = Files.readString(doc, StandardCharsets.UTF_8);
    String section = text.substring(text.indexOf("## Example"));
    int open = section.indexOf("```\n") + 4;
    String block = section.substring(open, section.indexOf("```", open));
    StringBuilder hex = new StringBuilder();
    for (String line : block.split("\n")) {
      String bytes = line.strip().split("\\s{2,}")[0];
      if (bytes.matches("[0-9a-f ]+")) {
        hex.append(bytes.replace(" ", ""));
      }
    }
    return hex.toString();
  }

  @Test
  void limitsAreConsistent() {
    assertTrue(WalFormat.MAX_PAYLOAD_LENGTH > 0);
    assertEquals(WalFormat.MIN_PAYLOAD_LENGTH, WalEditCodec.encode(new WalEdit(0, List.of())).length);
    assertArrayEquals(new byte[] {'C', 'W', 'A', 'L'}, ByteBuffer.allocate(4).putInt(WalFormat.MAGIC).array());
  }
}
