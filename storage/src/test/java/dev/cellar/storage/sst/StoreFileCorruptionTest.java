package dev.cellar.storage.sst;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import dev.cellar.storage.Compression;
import dev.cellar.storage.CorruptionException;
import dev.cellar.storage.fs.MemVfs;
import dev.cellar.storage.iter.CellIterator;
import dev.cellar.storage.util.ByteWriter;
import dev.cellar.storage.util.Checksums;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Damaged files must never be read as data: every flipped byte, truncation, foreign version and
 * checksum-valid garbage ends in a {@link CorruptionException} naming the file, or (where the
 * damage is invisible by design) in exactly the original contents.
 */
class StoreFileCorruptionTest {
  private static final String PATH = "data/000099.sst";
  private static final String META_NAME = "bloom.row";
  private static final byte[] META = Bytes.toBytes("pretend bloom filter bits: 0101010011");

  /** A small file with several data blocks, a meta block and caller metadata. */
  private static byte[] smallFile(Compression compression, List<Cell> cells) throws Exception {
    MemVfs vfs = new MemVfs();
    try (StoreFileWriter w = new StoreFileWriter(vfs.create(PATH), PATH,
        SstFixtures.options().withCompression(compression).withBlockSize(300))) {
      for (Cell c : cells) {
        w.append(c);
      }
      w.setMetadata("origin", "flush");
      w.addMetaBlock(META_NAME, META);
      w.finish();
    }
    return vfs.contents(PATH);
  }

  private static List<Cell> smallCells(long seed) {
    List<Cell> cells = new ArrayList<>();
    Random rnd = new Random(seed);
    for (Cell c : SstFixtures.randomCells(rnd, 40)) {
      if (c.value().length < 200) {
        cells.add(c);
      }
    }
    return cells;
  }

  /** Opens, scans, seeks and reads the meta block; returns what was read or throws. */
  private static List<Cell> readEverything(MemVfs vfs) throws Exception {
    try (StoreFileReader reader = StoreFileReader.open(vfs.open(PATH)); CellIterator it = reader.iterator()) {
      List<Cell> cells = SstFixtures.readAll(reader);
      if (!cells.isEmpty()) {
        it.seek(cells.get(cells.size() / 2));
        assertEquals(cells.get(cells.size() / 2), it.cell());
        it.lastRowBefore(cells.get(cells.size() - 1).row());
      }
      byte[] meta = reader.metaBlock(META_NAME);
      assertArrayEquals(META, meta, "meta block");
      assertEquals("flush", reader.info().metadata().get("origin"));
      return cells;
    }
  }

  @ParameterizedTest
  @EnumSource(Compression.class)
  void everyFlippedByteIsDetected(Compression compression) throws Exception {
    List<Cell> cells = smallCells(compression.code() + 1);
    byte[] good = smallFile(compression, cells);
    MemVfs vfs = new MemVfs();
    vfs.setContents(PATH, good);
    SstFixtures.assertCellsEqual(cells, readEverything(vfs));
    int dataBlocks = StoreFileReader.open(vfs.open(PATH)).info().dataBlockCount();
    assertTrue(dataBlocks >= 4, "several data blocks: " + dataBlocks);

    Regions regions = Regions.of(good);
    TreeMap<String, Integer> detectedByRegion = new TreeMap<>();
    int undetected = 0;
    for (int off = 0; off < good.length; off++) {
      for (int mask : new int[] {1 << (off % 8), 0xff}) {
        byte[] bad = good.clone();
        bad[off] ^= (byte) mask;
        vfs.setContents(PATH, bad);
        try {
          List<Cell> read = readEverything(vfs);
          SstFixtures.assertCellsEqual(cells, read);
          undetected++;
        } catch (CorruptionException e) {
          assertTrue(e.getMessage().contains(PATH), e.getMessage());
          assertEquals(PATH, e.file());
          assertTrue(e.offset() >= 0 && e.offset() <= off, "offset " + e.offset() + " at or before the flip at " + off);
          detectedByRegion.merge(regions.at(off), 1, Integer::sum);
        }
      }
    }
    // Every byte is covered by a block CRC or the trailer's CRC and magic number.
    assertEquals(0, undetected, "flips read back as the original data");
    assertEquals(List.of("data", "file info", "index", "meta", "meta index", "trailer"),
        new ArrayList<>(detectedByRegion.keySet()));
  }

  @ParameterizedTest
  @EnumSource(Compression.class)
  void everyTruncationIsDetected(Compression compression) throws Exception {
    byte[] good = smallFile(compression, smallCells(7));
    MemVfs vfs = new MemVfs();
    for (int len = 0; len < good.length; len++) {
      vfs.setContents(PATH, Arrays.copyOf(good, len));
      CorruptionException e = assertThrows(CorruptionException.class, () -> readEverything(vfs), "length " + len);
      assertTrue(e.getMessage().contains(PATH), e.getMessage());
    }
    vfs.setContents(PATH, Bytes.concat(good, new byte[] {0}));
    assertThrows(CorruptionException.class, () -> readEverything(vfs), "a byte appended");
  }

  @ParameterizedTest
  @EnumSource(Compression.class)
  void unknownVersionGivesAClearError(Compression compression) throws Exception {
    byte[] file = smallFile(compression, smallCells(3));
    int at = file.length - 16;
    file[at + 3] = 3;
    // Even with the trailer checksum recomputed, version 3 is refused by name.
    int crc = Checksums.crc32c(file, file.length - StoreFileFormat.TRAILER_SIZE, 52);
    ByteWriter w = new ByteWriter(4).putInt(crc);
    System.arraycopy(w.array(), 0, file, at + 4, 4);
    MemVfs vfs = new MemVfs();
    vfs.setContents(PATH, file);
    CorruptionException e = assertThrows(CorruptionException.class, () -> StoreFileReader.open(vfs.open(PATH)));
    assertTrue(e.getMessage().contains("unsupported store file format version 3"), e.getMessage());
    assertTrue(e.getMessage().contains("versions 1 to 2"), e.getMessage());
    assertEquals(file.length - StoreFileFormat.TRAILER_SIZE, e.offset());
  }

  @ParameterizedTest
  @EnumSource(Compression.class)
  void garbageWithValidChecksumsNeverEscapesAsAnotherError(Compression compression) throws Exception {
    byte[] good = smallFile(compression, smallCells(11));
    Regions regions = Regions.of(good);
    Random rnd = new Random(compression.code());
    MemVfs vfs = new MemVfs();
    int detected = 0;
    for (int round = 0; round < 3000; round++) {
      BlockHandle h = regions.blocks.get(rnd.nextInt(regions.blocks.size()));
      byte[] bad = good.clone();
      int flips = 1 + rnd.nextInt(4);
      for (int i = 0; i < flips; i++) {
        int off = (int) h.offset() + rnd.nextInt(h.size());
        bad[off] = rnd.nextInt(3) == 0 ? (byte) rnd.nextInt(256) : (byte) (bad[off] ^ (1 << rnd.nextInt(8)));
      }
      if (rnd.nextInt(10) == 0) {
        bad[(int) h.offset() + h.size() + 1] = (byte) rnd.nextInt(4);
      }
      int crc = Checksums.crc32c(bad, (int) h.offset(), h.size() + 2);
      byte[] crcBytes = new ByteWriter(4).putInt(crc).toByteArray();
      System.arraycopy(crcBytes, 0, bad, (int) h.offset() + h.size() + 2, 4);
      vfs.setContents(PATH, bad);
      try (StoreFileReader reader = StoreFileReader.open(vfs.open(PATH)); CellIterator it = reader.iterator()) {
        List<Cell> read = SstFixtures.readAll(reader);
        for (Cell c : read) {
          assertNotNull(c.row());
        }
        Random seeks = new Random(round);
        for (int i = 0; i < 20 && !read.isEmpty(); i++) {
          it.seek(read.get(seeks.nextInt(read.size())));
          it.lastRowBefore(read.get(seeks.nextInt(read.size())).row());
        }
        reader.metaBlock(META_NAME);
      } catch (CorruptionException e) {
        assertTrue(e.getMessage().contains(PATH), e.getMessage());
        detected++;
      } catch (RuntimeException | Error e) {
        fail("block at " + h + " with valid checksum, round " + round + ": " + e, e);
      }
    }
    assertTrue(detected > 0);
  }

  /** The regions of a good file, from its trailer and index. */
  private static final class Regions {
    final List<BlockHandle> blocks = new ArrayList<>();
    final TreeMap<Long, String> starts = new TreeMap<>();

    static Regions of(byte[] file) {
      Regions r = new Regions();
      long trailerAt = file.length - StoreFileFormat.TRAILER_SIZE;
      Trailer t = Trailer.read(Arrays.copyOfRange(file, (int) trailerAt, file.length), PATH, trailerAt);
      Block index = decode(file, t.index(), BlockKind.INDEX);
      BlockIndex bi = BlockIndex.read(index, SstFixtures.FAMILY, t.metaIndex().offset());
      for (int i = 0; i < bi.size(); i++) {
        r.add(bi.handle(i), "data");
      }
      Block metaIndex = decode(file, t.metaIndex(), BlockKind.META_INDEX);
      MetaIndex mi = MetaIndex.read(metaIndex, bi.dataEnd(), t.metaIndex().offset());
      for (String name : mi.names()) {
        r.add(mi.get(name), "meta");
      }
      r.add(t.metaIndex(), "meta index");
      r.add(t.fileInfo(), "file info");
      r.add(t.index(), "index");
      r.starts.put(trailerAt, "trailer");
      return r;
    }

    private void add(BlockHandle h, String name) {
      blocks.add(h);
      starts.put(h.offset(), name);
    }

    String at(long offset) {
      return starts.floorEntry(offset).getValue();
    }

    private static Block decode(byte[] file, BlockHandle h, BlockKind kind) {
      byte[] stored = Arrays.copyOfRange(file, (int) h.offset(), (int) h.end());
      return BlockCodec.decode(stored, h, kind, PATH);
    }
  }
}
