package dev.cellar.storage.wal;

import static dev.cellar.storage.wal.WalTestUtil.b;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.storage.Cell;
import dev.cellar.storage.CellType;
import dev.cellar.storage.CorruptionException;
import dev.cellar.storage.util.ByteWriter;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class WalEditCodecTest {
  private static WalEdit decode(byte[] payload) {
    return WalEditCodec.read(payload, 0, payload.length, "seg.log", 42);
  }

  @Test
  void randomEditsRoundTrip() {
    Random rnd = new Random(7);
    for (int i = 0; i < 2000; i++) {
      WalEdit edit = WalTestUtil.randomEdit(rnd.nextLong() & Long.MAX_VALUE, rnd);
      WalEdit back = decode(WalEditCodec.encode(edit));
      assertEquals(edit, back);
      WalTestUtil.assertStamped(List.of(back));
      for (int j = 0; j < edit.entries().size(); j++) {
        Cell c = edit.entries().get(j).cell();
        Cell d = back.entries().get(j).cell();
        assertArrayEquals(c.row(), d.row());
        assertArrayEquals(c.value(), d.value());
        assertEquals(c.timestamp(), d.timestamp());
        assertEquals(c.type(), d.type());
      }
    }
  }

  @Test
  void readsAtAnOffsetInsideALargerArray() {
    WalEdit edit = WalTestUtil.edit(12);
    byte[] payload = WalEditCodec.encode(edit);
    byte[] padded = new byte[payload.length + 10];
    System.arraycopy(payload, 0, padded, 3, payload.length);
    assertEquals(edit, WalEditCodec.read(padded, 3, payload.length, "f", 0));
  }

  /** The example of wal-format.md, "Edit payload", byte for byte. */
  @Test
  void matchesTheDocumentedExample() {
    WalEdit edit = new WalEdit(300, List.of(new WalEntry(7, new Cell(b("r1"), b("cf"), b("q"), 1L, CellType.PUT,
        b("v")))));
    assertEquals("ac02" + "01" + "07" + "027231" + "026366" + "0171" + "0000000000000001" + "04" + "0176",
        HexFormat.of().formatHex(WalEditCodec.encode(edit)));
  }

  @Test
  void emptyEditRoundTrips() {
    WalEdit edit = new WalEdit(0, List.of());
    byte[] payload = WalEditCodec.encode(edit);
    assertEquals(WalFormat.MIN_PAYLOAD_LENGTH, payload.length);
    assertEquals(edit, decode(payload));
  }

  @Test
  void everyUnknownOrSeekOnlyTypeCodeIsCorruption() {
    byte[] payload = WalEditCodec.encode(WalTestUtil.edit(3));
    // Edit 3 has one entry; its type code is the byte before the value's length and value.
    int typeAt = payload.length - 1 - "value-3-0".length() - 1;
    assertEquals(CellType.PUT.code(), payload[typeAt]);
    for (int code = 0; code < 256; code++) {
      CellType t = CellType.fromCode(code);
      byte[] p = payload.clone();
      p[typeAt] = (byte) code;
      if (t != null && t.isStorable()) {
        assertEquals(t, decode(p).entries().get(0).cell().type());
      } else {
        CorruptionException e = assertThrows(CorruptionException.class, () -> decode(p), "code " + code);
        assertEquals("seg.log", e.file());
        assertEquals(42, e.offset());
        assertTrue(e.getMessage().contains("cell type code " + code), e.getMessage());
      }
    }
  }

  @Test
  void everyTruncationIsCorruption() {
    byte[] payload = WalEditCodec.encode(WalTestUtil.edit(5));
    for (int len = 0; len < payload.length; len++) {
      byte[] p = Arrays.copyOf(payload, len);
      assertThrows(CorruptionException.class, () -> decode(p), "length " + len);
    }
  }

  @Test
  void trailingBytesAreCorruption() {
    byte[] payload = WalEditCodec.encode(WalTestUtil.edit(5));
    byte[] p = Arrays.copyOf(payload, payload.length + 1);
    CorruptionException e = assertThrows(CorruptionException.class, () -> decode(p));
    assertTrue(e.getMessage().contains("after the last"), e.getMessage());
  }

  @Test
  void negativeSequenceIsCorruption() {
    ByteWriter w = new ByteWriter();
    w.putVarLong(-5).putVarInt(0);
    assertThrows(CorruptionException.class, () -> decode(w.toByteArray()));
  }

  @Test
  void impossibleCountsAndLengthsAreCorruption() {
    ByteWriter count = new ByteWriter();
    count.putVarLong(1).putVarInt(Integer.MAX_VALUE);
    assertThrows(CorruptionException.class, () -> decode(count.toByteArray()));

    ByteWriter rowLen = new ByteWriter();
    rowLen.putVarLong(1).putVarInt(1).putVarInt(0).putVarInt(1 << 30);
    rowLen.putBytes(new byte[20]);
    assertThrows(CorruptionException.class, () -> decode(rowLen.toByteArray()));
  }

  @Test
  void editsRejectWhatCannotBeLogged() {
    Cell seekKey = Cell.firstOnRow(b("r"));
    assertThrows(IllegalArgumentException.class, () -> new WalEntry(1, seekKey));
    Cell put = new Cell(b("r"), b("f"), b("q"), 1, CellType.PUT, b("v"));
    assertThrows(IllegalArgumentException.class, () -> new WalEntry(-1, put));
    assertThrows(IllegalArgumentException.class, () -> new WalEdit(-1, List.of()));
  }

  @Test
  void equalityIgnoresTheCellsOwnSequenceNumbers() {
    Cell put = new Cell(b("r"), b("f"), b("q"), 1, CellType.PUT, b("v"));
    WalEdit a = WalEdit.of(9, 3, List.of(put));
    WalEdit c = WalEdit.of(9, 3, List.of(put.withSequenceId(9)));
    assertEquals(a, c);
    assertEquals(a.hashCode(), c.hashCode());
    assertTrue(!a.equals(WalEdit.of(9, 4, List.of(put))));
    assertTrue(!a.equals(WalEdit.of(10, 3, List.of(put))));
    assertTrue(!a.equals(WalEdit.of(9, 3, List.of(new Cell(b("r"), b("f"), b("q"), 1, CellType.PUT, b("w"))))));
  }
}
