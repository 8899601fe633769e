package dev.cellar.storage.sst;

import static dev.cellar.storage.sst.SstFixtures.FAMILY;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import dev.cellar.storage.CellComparator;
import dev.cellar.storage.CellType;
import dev.cellar.storage.Compression;
import dev.cellar.storage.CorruptionException;
import dev.cellar.storage.util.ByteReader;
import dev.cellar.storage.util.ByteWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The codecs under the file: varints, cell keys, blocks, stored blocks, handles and the trailer. */
class BlockFormatTest {
  private static final String PATH = "t.sst";

  @Test
  void varintsDecodeWhatByteWriterWritesAndRejectTheRest() {
    for (int v : new int[] {0, 1, 127, 128, 16383, 16384, 1 << 28, Integer.MAX_VALUE}) {
      ByteWriter w = new ByteWriter().putByte(0xAA).putVarInt(v);
      long d = Varints.decode(w.array(), 1, w.size());
      assertEquals(v, Varints.value(d));
      assertEquals(w.size(), Varints.position(d));
    }
    ByteWriter negative = new ByteWriter().putVarInt(-1);
    assertEquals(-1, Varints.decode(negative.array(), 0, negative.size()), "does not fit an int");
    assertEquals(-1, Varints.decode(new byte[] {(byte) 0x80, (byte) 0x80}, 0, 2), "truncated");
    byte[] six = {(byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, 0};
    assertEquals(-1, Varints.decode(six, 0, 6), "too long");
    assertEquals(-1, Varints.decode(new byte[] {5}, 1, 1), "nothing left");
  }

  @Test
  void searchKeysOrderExactlyAsTheComparator() {
    Random rnd = new Random(1);
    List<Cell> cells = SstFixtures.randomCells(rnd, 400);
    List<Cell> targets = new ArrayList<>(cells);
    targets.addAll(StoreFileRoundTripTest.seekTargets(rnd, cells, 400));
    for (int i = 0; i < 20_000; i++) {
      Cell t = targets.get(rnd.nextInt(targets.size()));
      Cell c = cells.get(rnd.nextInt(cells.size()));
      byte[] key = CellKeys.encode(c);
      int expected = Integer.signum(CellComparator.WITH_SEQUENCE.compare(t, c));
      assertEquals(expected, Integer.signum(SearchKey.of(t, FAMILY).compareTo(key, 0, key.length)), t + " vs " + c);
    }
  }

  @Test
  void cellKeysRoundTripAndReuseHints() {
    Cell c = new Cell(Bytes.toBytes("row"), FAMILY, Bytes.toBytes("q"), -7, CellType.DELETE_COLUMN, Bytes.EMPTY, 99);
    byte[] key = CellKeys.encode(c);
    assertEquals(1 + 3 + 1 + StoreFileFormat.KEY_SUFFIX_SIZE, key.length);
    Cell back = CellKeys.decode(key, 0, key.length, FAMILY, Bytes.EMPTY, null, null);
    assertEquals(c, back);
    byte[] rowHint = Bytes.toBytes("row");
    byte[] qualifierHint = Bytes.toBytes("q");
    Cell hinted = CellKeys.decode(key, 0, key.length, FAMILY, Bytes.EMPTY, rowHint, qualifierHint);
    assertSame(rowHint, hinted.row());
    assertSame(qualifierHint, hinted.qualifier());
    assertArrayEquals(Bytes.toBytes("row"), CellKeys.row(key, 0, key.length));
    byte[] badType = key.clone();
    badType[key.length - 9] = (byte) CellType.MAXIMUM.code();
    assertThrows(ByteReader.Malformed.class, () -> CellKeys.decode(badType, 0, badType.length, FAMILY, Bytes.EMPTY,
        null, null));
    assertThrows(ByteReader.Malformed.class, () -> CellKeys.row(key, 0, 10), "suffix does not fit");
  }

  private static Block block(List<Cell> cells, int restartInterval) {
    BlockBuilder b = new BlockBuilder(restartInterval, 4096);
    for (Cell c : cells) {
      byte[] k = CellKeys.encode(c);
      b.add(k, k.length, c.value(), 0, c.value().length);
    }
    int estimate = b.estimatedSize();
    ByteWriter out = b.finish();
    assertEquals(estimate, out.size(), "the estimate is exact");
    return new Block(out.toByteArray(), out.size(), PATH, 0);
  }

  @Test
  void blockIteratorScansAndSeeksEveryRestartInterval() {
    List<Cell> cells = SstFixtures.randomCells(new Random(2), 300);
    for (int interval : new int[] {1, 2, 5, 16, 500}) {
      Block b = block(cells, interval);
      assertEquals((cells.size() + interval - 1) / interval, b.restartCount());
      BlockIterator it = new BlockIterator();
      it.reset(b);
      int i = 0;
      for (it.seekToFirst(); it.valid(); it.next(), i++) {
        Cell c = CellKeys.decode(it.key(), 0, it.keyLength(), FAMILY,
            Arrays.copyOfRange(it.data(), it.valueOffset(), it.valueOffset() + it.valueLength()), null, null);
        assertEquals(cells.get(i), c);
      }
      assertEquals(cells.size(), i);
      Random rnd = new Random(interval);
      for (Cell t : StoreFileRoundTripTest.seekTargets(rnd, cells, 300)) {
        int expected = SstFixtures.lowerBound(cells, t);
        assertEquals(expected < cells.size(), it.seek(SearchKey.of(t, FAMILY)));
        if (expected < cells.size()) {
          assertEquals(cells.get(expected).withoutValue(),
              CellKeys.decode(it.key(), 0, it.keyLength(), FAMILY, Bytes.EMPTY, null, null));
        }
        boolean before = it.seekLastBefore(SearchKey.of(t, FAMILY));
        assertEquals(expected > 0, before);
        if (before) {
          assertEquals(cells.get(expected - 1).withoutValue(),
              CellKeys.decode(it.key(), 0, it.keyLength(), FAMILY, Bytes.EMPTY, null, null));
        } else {
          assertFalse(it.valid());
        }
      }
    }
  }

  @Test
  void emptyBlockIsFourBytesAndHasNoEntries() {
    ByteWriter out = new BlockBuilder(16, 16).finish();
    assertEquals(4, out.size());
    Block b = new Block(out.toByteArray(), 4, PATH, 0);
    BlockIterator it = new BlockIterator();
    it.reset(b);
    it.seekToFirst();
    assertFalse(it.valid());
    assertFalse(it.seek(SearchKey.firstOnRow(Bytes.EMPTY, FAMILY)));
  }

  @Test
  void impossibleRestartArraysAreCorruption() {
    Block good = block(SstFixtures.randomCells(new Random(3), 40), 4);
    byte[] contents = Arrays.copyOf(good.data(), good.length());
    int n = contents.length;
    assertThrows(CorruptionException.class, () -> new Block(new byte[3], 3, PATH, 10));
    byte[] tooMany = contents.clone();
    tooMany[n - 2] = 0x7f;
    assertThrows(CorruptionException.class, () -> new Block(tooMany, n, PATH, 10));
    byte[] firstNotZero = contents.clone();
    int restarts = n - 4 - 4 * Block.getInt(contents, n - 4);
    firstNotZero[restarts + 3] = 1;
    CorruptionException e = assertThrows(CorruptionException.class, () -> new Block(firstNotZero, n, PATH, 1234));
    assertTrue(e.getMessage().contains("t.sst at offset 1234"), e.getMessage());
  }

  @Test
  void storedBlocksRoundTripWithEveryCompressionAndFallBackToPlain() throws Exception {
    BlockCodec codec = new BlockCodec();
    byte[] repetitive = new byte[5000];
    Arrays.fill(repetitive, (byte) 'x');
    byte[] random = new byte[5000];
    new Random(4).nextBytes(random);
    for (Compression c : Compression.values()) {
      for (byte[] contents : new byte[][] {repetitive, random, new byte[0]}) {
        ByteWriter out = new ByteWriter();
        out.putBytes(new byte[7]);
        int payload = codec.encode(BlockKind.META, c, contents, contents.length, out);
        assertEquals(out.size() - 7 - StoreFileFormat.BLOCK_TRAILER_SIZE, payload);
        byte[] stored = Arrays.copyOfRange(out.array(), 7, out.size());
        int usedCode = stored[payload + 1];
        boolean shrinks = contents == repetitive && c != Compression.NONE;
        assertEquals(shrinks ? c.code() : Compression.NONE.code(), usedCode, c + " on " + contents.length + " bytes");
        if (shrinks) {
          assertTrue(payload < 500, "compressed to " + payload);
        }
        BlockHandle h = new BlockHandle(7, payload);
        assertArrayEquals(contents, BlockCodec.decodeOpaque(stored, h, BlockKind.META, PATH));
        CorruptionException wrongKind = assertThrows(CorruptionException.class,
            () -> BlockCodec.decodeOpaque(stored, h, BlockKind.DATA, PATH));
        assertTrue(wrongKind.getMessage().contains("expected a DATA block, found a META block"), wrongKind.getMessage());
        byte[] flipped = stored.clone();
        flipped[0] ^= 1;
        CorruptionException crc = assertThrows(CorruptionException.class,
            () -> BlockCodec.decodeOpaque(flipped, h, BlockKind.META, PATH));
        assertTrue(crc.getMessage().contains("checksum mismatch"), crc.getMessage());
        assertEquals(7, crc.offset());
      }
    }
  }

  @Test
  void blockHandlesRoundTripInBothEncodingsAndCheckTheirRanges() {
    BlockHandle h = new BlockHandle(1L << 40, 65_536);
    ByteWriter w = new ByteWriter();
    h.write(w);
    h.writeFixed(w);
    assertEquals(BlockHandle.FIXED_SIZE, w.size() - 9);
    ByteReader r = new ByteReader(w.toByteArray());
    assertEquals(h, BlockHandle.read(r));
    assertEquals(h, BlockHandle.readFixed(r));
    assertFalse(r.hasRemaining());
    assertEquals((1L << 40) + 65_536 + StoreFileFormat.BLOCK_TRAILER_SIZE, h.end());
    assertThrows(IllegalArgumentException.class, () -> new BlockHandle(-1, 0));
    assertThrows(IllegalArgumentException.class, () -> new BlockHandle(0, StoreFileFormat.MAX_BLOCK_CONTENTS + 1));
    byte[] negative = new ByteWriter().putLong(-5).putLong(1).toByteArray();
    assertThrows(ByteReader.Malformed.class, () -> BlockHandle.readFixed(new ByteReader(negative)));
    byte[] huge = new ByteWriter().putVarLong(0).putVarLong(1L << 40).toByteArray();
    assertThrows(ByteReader.Malformed.class, () -> BlockHandle.read(new ByteReader(huge)));
    assertThrows(ByteReader.Malformed.class, () -> BlockHandle.read(new ByteReader(new byte[] {1})));
  }

  @Test
  void trailerRoundTripsAndChecksMagicVersionAndChecksum() {
    Trailer t = new Trailer(new BlockHandle(100, 4), new BlockHandle(110, 300), new BlockHandle(416, 90), 1);
    ByteWriter w = new ByteWriter();
    w.putBytes(new byte[3]);
    t.write(w);
    byte[] b = Arrays.copyOfRange(w.array(), 3, w.size());
    assertEquals(StoreFileFormat.TRAILER_SIZE, b.length);
    assertArrayEquals(new byte[] {(byte) 0xCE, 0x11, (byte) 0xA2, 'S', 'S', 'T', '\r', '\n'},
        Arrays.copyOfRange(b, 56, 64));
    Trailer back = Trailer.read(b, PATH, 512);
    assertEquals(t.metaIndex(), back.metaIndex());
    assertEquals(t.fileInfo(), back.fileInfo());
    assertEquals(t.index(), back.index());
    assertEquals(1, back.version());
    byte[] magic = b.clone();
    magic[63] ^= 1;
    assertTrue(assertThrows(CorruptionException.class, () -> Trailer.read(magic, PATH, 512)).getMessage()
        .contains("not a store file"));
    byte[] crc = b.clone();
    crc[5] ^= 1;
    CorruptionException e = assertThrows(CorruptionException.class, () -> Trailer.read(crc, PATH, 512));
    assertTrue(e.getMessage().contains("trailer checksum mismatch"), e.getMessage());
    assertEquals(512, e.offset());
    byte[] version = b.clone();
    version[51] = 9;
    assertTrue(assertThrows(CorruptionException.class, () -> Trailer.read(version, PATH, 512)).getMessage()
        .contains("unsupported store file format version 9"));
  }
}
