package dev.cellar.storage.sst;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.storage.BloomType;
import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import dev.cellar.storage.CellType;
import dev.cellar.storage.Compression;
import dev.cellar.storage.CorruptionException;
import dev.cellar.storage.fs.MemVfs;
import dev.cellar.storage.util.ByteWriter;
import dev.cellar.storage.util.Checksums;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The bloom block of store files: the hash, sizing, keys, chunking, the documented layout,
 * false-positive rate, and that damage is always detected.
 */
class BloomFilterTest {
  private static final String PATH = "data/000042.sst";

  // ---------------------------------------------------------------------------------------------
  // The hash

  @Test
  void murmur3MatchesPublishedValues() {
    assertHash("", 0L, 0L);
    assertHash("hello", 0xcbd8a7b341bd9b02L, 0x5b1e906a48ae1d19L);
    assertHash("a", 0x85555565f6597889L, 0xe6b53a48510e895aL);
    assertHash("The quick brown fox jumps over the lazy dog", 0xe34bbc7bbc071b6cL, 0x7a433ca9c49a9347L);
    // Exactly one 16-byte block, and one block plus a one-byte tail.
    assertHash("0123456789abcdef", 0x4be06d94cf4ad1a7L, 0x87c35b5c63a708daL);
    assertHash("0123456789abcdefg", 0x8e32612daa45f9deL, 0x0800f4c206c372eeL);
  }

  private static void assertHash(String s, long h1, long h2) {
    byte[] b = s.getBytes(StandardCharsets.UTF_8);
    long[] out = new long[2];
    Murmur3.hash128(b, 0, b.length, 0, out);
    assertEquals(h1, out[0], "h1 of '" + s + "'");
    assertEquals(h2, out[1], "h2 of '" + s + "'");
    // The same bytes at an offset inside a larger array hash the same.
    byte[] padded = Bytes.concat(new byte[] {9, 9, 9}, b, new byte[] {7});
    Murmur3.hash128(padded, 3, b.length, 0, out);
    assertEquals(h1, out[0]);
    assertEquals(h2, out[1]);
  }

  // ---------------------------------------------------------------------------------------------
  // Sizing

  @Test
  void defaultSizingIsAboutFourteenBitsAndTenHashesPerKey() {
    double bpk = BloomFilterWriter.bitsPerKey(BloomFilter.DEFAULT_ERROR_RATE);
    assertEquals(14.38, bpk, 0.01);
    assertEquals(10, BloomFilterWriter.hashCount(bpk));
    assertEquals(7, BloomFilterWriter.hashCount(BloomFilterWriter.bitsPerKey(0.01)));
    assertEquals(16, BloomFilterWriter.chunkBits(1, bpk));
    assertEquals(8, BloomFilterWriter.chunkBits(1, BloomFilterWriter.bitsPerKey(0.5)));
    assertEquals(942_256, BloomFilterWriter.chunkBits(65_536, bpk));
  }

  @Test
  void blockRecordsItsParameters() throws Exception {
    List<Cell> cells = rowsCells(0, 1000, 2);
    StoreFileReader r = open(write(options(BloomType.ROWCOL).withBloomErrorRate(0.01).withBloomChunkKeys(700), cells));
    BloomFilter b = r.bloomFilter();
    assertNotNull(b);
    assertEquals(BloomType.ROWCOL, b.type());
    assertEquals(7, b.hashCount());
    // 1000 row keys and 2000 column keys, in chunks of 700.
    assertEquals(3000, b.keyCount());
    assertEquals(5, b.chunkCount());
    byte[] block = r.metaBlock(BloomFilter.META_BLOCK_NAME);
    assertEquals(BloomFilter.VERSION, block[0]);
    assertEquals(BloomType.ROWCOL.code(), block[1]);
    assertEquals(BloomFilter.HASH_MURMUR3_X64_128, block[2]);
    assertEquals(7, block[3]);
    assertEquals(0, block[4], "no family delete markers");
    assertFalse(b.hasFamilyMarkers());
    assertEquals(5, Block.getInt(block, 5));
    assertEquals(700, Block.getInt(block, 9));
    assertEquals(BloomFilterWriter.chunkBits(700, BloomFilterWriter.bitsPerKey(0.01)), Block.getInt(block, 13));
    assertEquals(b.sizeBytes(), block.length);
    assertEquals(BloomType.ROWCOL, r.info().bloomType());
  }

  // ---------------------------------------------------------------------------------------------
  // Keys

  @ParameterizedTest
  @EnumSource(value = BloomType.class, names = {"ROW", "ROWCOL"})
  void everyRowAndColumnOfTheFileIsPresent(BloomType type) throws Exception {
    for (int chunkKeys : new int[] {1, 2, 7, 100, BloomFilter.DEFAULT_CHUNK_KEYS}) {
      Random rnd = new Random(chunkKeys);
      List<Cell> cells = SstFixtures.randomCells(rnd, 3000);
      StoreFileReader r = open(write(options(type).withBloomChunkKeys(chunkKeys).withBlockSize(512), cells));
      BloomFilter b = r.bloomFilter();
      Set<String> rows = new HashSet<>();
      Set<String> columns = new HashSet<>();
      for (Cell c : cells) {
        rows.add(Bytes.toStringBinary(c.row()));
        columns.add(Bytes.toStringBinary(c.row()) + "/" + Bytes.toStringBinary(c.qualifier()));
        assertTrue(b.mightContain(BloomFilter.Key.row(c.row())), "row of " + c);
        assertTrue(b.mightContain(BloomFilter.Key.column(c.row(), c.qualifier())), "column of " + c);
      }
      long keys = rows.size() + (type == BloomType.ROWCOL ? columns.size() : 0);
      assertEquals(keys, b.keyCount(), "keys at chunk size " + chunkKeys);
      assertEquals((keys + chunkKeys - 1) / chunkKeys, b.chunkCount(), "chunks at chunk size " + chunkKeys);
    }
  }

  @Test
  void deleteMarkersAreKeys() throws Exception {
    byte[] row = Bytes.toBytes("gone");
    List<Cell> cells = List.of(
        new Cell(row, SstFixtures.FAMILY, Bytes.EMPTY, 9, CellType.DELETE_FAMILY, Bytes.EMPTY, 3),
        new Cell(row, SstFixtures.FAMILY, Bytes.toBytes("q"), 9, CellType.DELETE_COLUMN, Bytes.EMPTY, 4));
    List<Cell> columnMarkerOnly = List.of(cells.get(1));
    for (BloomType type : new BloomType[] {BloomType.ROW, BloomType.ROWCOL}) {
      BloomFilter b = open(write(options(type), cells)).bloomFilter();
      assertTrue(b.mightContain(BloomFilter.Key.row(row)));
      assertTrue(b.mightContain(BloomFilter.Key.column(row, Bytes.EMPTY)));
      assertTrue(b.mightContain(BloomFilter.Key.column(row, Bytes.toBytes("q"))));
      assertTrue(b.hasFamilyMarkers());
      b = open(write(options(type), columnMarkerOnly)).bloomFilter();
      assertTrue(b.mightContain(BloomFilter.Key.column(row, Bytes.toBytes("q"))));
      assertFalse(b.hasFamilyMarkers());
    }
    List<Cell> familyVersion = List.of(
        new Cell(row, SstFixtures.FAMILY, Bytes.EMPTY, 9, CellType.DELETE_FAMILY_VERSION, Bytes.EMPTY, 3));
    assertTrue(open(write(options(BloomType.ROWCOL), familyVersion)).bloomFilter().hasFamilyMarkers());
  }

  @Test
  void rowsOutsideEveryChunkAreAbsentAndRowsMaySpanChunks() throws Exception {
    // One wide row of 50 columns in chunks of 8 keys: its keys span seven chunks.
    List<Cell> cells = new ArrayList<>();
    cells.add(put("a", "q"));
    for (int i = 0; i < 50; i++) {
      cells.add(put("m", String.format(Locale.ROOT, "c%02d", i)));
    }
    cells.add(put("z", "q"));
    BloomFilter b = open(write(options(BloomType.ROWCOL).withBloomChunkKeys(8), cells)).bloomFilter();
    assertEquals(2 + 2 + 51, b.keyCount());
    for (int i = 0; i < 50; i++) {
      assertTrue(b.mightContain(BloomFilter.Key.column(Bytes.toBytes("m"), Bytes.toBytes(String.format(Locale.ROOT,
          "c%02d", i)))));
    }
    assertTrue(b.mightContain(BloomFilter.Key.row(Bytes.toBytes("m"))));
    assertFalse(b.mightContain(BloomFilter.Key.row(Bytes.toBytes("0"))), "before the first row");
    assertFalse(b.mightContain(BloomFilter.Key.row(Bytes.toBytes("zz"))), "after the last row");
  }

  @Test
  void aRowFilterAnswersColumnQuestionsForTheRow() throws Exception {
    BloomFilter b = open(write(options(BloomType.ROW), List.of(put("r", "q")))).bloomFilter();
    assertEquals(1, b.keyCount());
    assertTrue(b.mightContain(BloomFilter.Key.column(Bytes.toBytes("r"), Bytes.toBytes("anything"))));
  }

  @Test
  void emptyFileWithABloomFilterHoldsNothing() throws Exception {
    StoreFileReader r = open(write(options(BloomType.ROW), List.of()));
    assertEquals(0, r.bloomFilter().chunkCount());
    assertFalse(r.bloomFilter().mightContain(BloomFilter.Key.row(Bytes.toBytes("r"))));
  }

  @Test
  void noneWritesNoBloomBlock() throws Exception {
    StoreFileReader r = open(write(SstFixtures.options(), List.of(put("r", "q"))));
    assertNull(r.bloomFilter());
    assertTrue(r.metaBlockNames().isEmpty());
  }

  @Test
  void callersCannotUseTheReservedMetaBlockNames() throws Exception {
    MemVfs vfs = new MemVfs();
    try (StoreFileWriter w = new StoreFileWriter(vfs.create(PATH), PATH, SstFixtures.options())) {
      assertThrows(IllegalArgumentException.class, () -> w.addMetaBlock(BloomFilter.META_BLOCK_NAME, new byte[1]));
      assertThrows(IllegalArgumentException.class, () -> w.addMetaBlock("cellar.other", new byte[1]));
      w.addMetaBlock("mine", new byte[1]);
    }
  }

  @Test
  void bloomBlockIsStoredUncompressedBesideCompressedBlocks() throws Exception {
    byte[] file = write(options(BloomType.ROW).withCompression(Compression.SNAPPY), rowsCells(0, 2000, 1));
    StoreFileReader r = open(file);
    int end = metaIndexOffset(file);
    assertEquals(BlockKind.META.code(), file[end - 6]);
    assertEquals(Compression.NONE.code(), file[end - 5]);
    assertEquals(r.metaBlock(BloomFilter.META_BLOCK_NAME).length + 6, end - dataEnd(file));
  }

  @Test
  void optionsAreChecked() {
    StoreFileWriter.Options o = options(BloomType.ROW);
    assertThrows(IllegalArgumentException.class, () -> o.withBloomErrorRate(0));
    assertThrows(IllegalArgumentException.class, () -> o.withBloomErrorRate(0.6));
    assertThrows(IllegalArgumentException.class, () -> o.withBloomErrorRate(Double.NaN));
    assertThrows(IllegalArgumentException.class, () -> o.withBloomChunkKeys(0));
    assertThrows(IllegalArgumentException.class, () -> o.withBloomChunkKeys(BloomFilter.MAX_CHUNK_KEYS + 1));
  }

  // ---------------------------------------------------------------------------------------------
  // False-positive rate

  /**
   * At the default sizing, over 100,000 rows in one file (two chunks), asks a million rows that
   * are not in the file and counts the wrong "maybe" answers. Present rows are 12 random bytes,
   * absent ones 13, so no absent row is present by chance.
   */
  @Test
  void falsePositiveRateAtDefaultSizing() throws Exception {
    int present = 100_000;
    int absent = 1_000_000;
    Random rnd = new Random(2024);
    TreeSet<byte[]> rows = new TreeSet<>(Bytes::compare);
    while (rows.size() < present) {
      rows.add(randomKey(rnd, 12));
    }
    List<Cell> cells = new ArrayList<>(present);
    for (byte[] row : rows) {
      cells.add(new Cell(row, SstFixtures.FAMILY, Bytes.toBytes("q"), 1, CellType.PUT, Bytes.EMPTY, 1));
    }
    BloomFilter b = open(write(options(BloomType.ROW), cells)).bloomFilter();
    assertEquals(2, b.chunkCount());
    int falsePositives = 0;
    for (int i = 0; i < absent; i++) {
      if (b.mightContain(BloomFilter.Key.row(randomKey(rnd, 13)))) {
        falsePositives++;
      }
    }
    double rate = (double) falsePositives / absent;
    System.out.println("[bloom] false-positive rate, ROW, default sizing: " + String.format(Locale.ROOT,
        "%d false positives of %d absent rows = %.4f%% (target %.2f%%: %d bits for %d keys, %d hashes)",
        falsePositives, absent, rate * 100, BloomFilter.DEFAULT_ERROR_RATE * 100, b.bitCount(), b.keyCount(),
        b.hashCount()));
    assertTrue(rate <= 0.012, "false-positive rate " + rate);
    // The sizing aims at 0.1%; double hashing and rounding may cost a little.
    assertTrue(rate <= 0.0015, "false-positive rate " + rate + " above the sizing's target");
    for (byte[] row : rows) {
      assertTrue(b.mightContain(BloomFilter.Key.row(row)));
    }
  }

  /** ROWCOL: absent qualifiers of present rows. */
  @Test
  void columnFalsePositiveRateAtDefaultSizing() throws Exception {
    List<Cell> cells = rowsCells(0, 20_000, 5);
    BloomFilter b = open(write(options(BloomType.ROWCOL), cells)).bloomFilter();
    Random rnd = new Random(7);
    int asked = 200_000;
    int falsePositives = 0;
    for (int i = 0; i < asked; i++) {
      byte[] row = Bytes.toBytes(String.format(Locale.ROOT, "row%08d", rnd.nextInt(20_000)));
      if (b.mightContain(BloomFilter.Key.column(row, Bytes.toBytes("absent" + i)))) {
        falsePositives++;
      }
    }
    double rate = (double) falsePositives / asked;
    System.out.println("[bloom] false-positive rate, ROWCOL columns, default sizing: " + String.format(Locale.ROOT,
        "%d false positives of %d absent qualifiers of present rows = %.4f%%", falsePositives, asked, rate * 100));
    assertTrue(rate <= 0.0015, "false-positive rate " + rate);
  }

  // ---------------------------------------------------------------------------------------------
  // The documented example

  /** The bloom example of the format document is what the writer produces. */
  @Test
  void documentedBloomExampleIsWhatTheWriterProduces() throws Exception {
    List<Cell> cells = List.of(
        new Cell(Bytes.toBytes("r1"), SstFixtures.FAMILY, Bytes.toBytes("q"), 5, CellType.PUT, Bytes.toBytes("v"), 7),
        new Cell(Bytes.toBytes("r1"), SstFixtures.FAMILY, Bytes.toBytes("q"), 3, CellType.DELETE, Bytes.EMPTY, 6));
    byte[] file = write(options(BloomType.ROW), cells);
    StoreFileReader r = open(file);
    byte[] contents = r.metaBlock(BloomFilter.META_BLOCK_NAME);
    int end = metaIndexOffset(file);
    assertEquals(530, file.length);
    assertEquals(84, end);
    assertEquals(53, end - contents.length - 6);
    byte[] stored = Arrays.copyOfRange(file, end - contents.length - 6, end);
    byte[] documented = documentedBloomExample();
    assertEquals(HexFormat.ofDelimiter(" ").formatHex(documented), HexFormat.ofDelimiter(" ").formatHex(stored));
    // The bits the document lists as set are the ones the hash sets.
    long[] h = new long[2];
    BloomFilter.hashRowKey(Bytes.toBytes("r1"), new ByteWriter(8), h);
    TreeSet<Long> bits = new TreeSet<>();
    for (int i = 0; i < 10; i++) {
      bits.add(((h[0] + i * h[1]) & Long.MAX_VALUE) % 16);
    }
    for (long bit = 0; bit < 16; bit++) {
      assertEquals(bits.contains(bit), r.bloomFilter().bit(0, bit), "bit " + bit);
    }
  }

  private static byte[] documentedBloomExample() throws Exception {
    Path doc = Path.of("docs/store-file-format.md");
    if (!Files.exists(doc)) {
      doc = Path.of("storage/docs/store-file-format.md");
    }
    String text = Files.readString(doc, StandardCharsets.UTF_8);
    int from = text.indexOf("**Example.** The bloom block");
    assertTrue(from > 0, "bloom example in the document");
    String section = text.substring(from, text.indexOf("## 9.", from));
    StringBuilder hex = new StringBuilder();
    boolean in = false;
    for (String line : section.split("\n")) {
      if (line.startsWith("```")) {
        if (in) {
          break;
        }
        in = true;
      } else if (in) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("^((?:[0-9a-f]{2} )*[0-9a-f]{2})(?:\\s{2,}|$)")
            .matcher(line);
        if (m.find()) {
          hex.append(m.group(1).replace(" ", ""));
        }
      }
    }
    return HexFormat.of().parseHex(hex.toString());
  }

  // ---------------------------------------------------------------------------------------------
  // Damage

  @ParameterizedTest
  @EnumSource(value = BloomType.class, names = {"ROW", "ROWCOL"})
  void everyFlippedByteOfTheBloomBlockIsDetectedAtOpen(BloomType type) throws Exception {
    byte[] good = write(options(type).withBloomChunkKeys(50), rowsCells(0, 120, 2));
    StoreFileReader r = open(good);
    int end = metaIndexOffset(good);
    int start = (int) dataEnd(good);
    assertEquals(r.metaBlock(BloomFilter.META_BLOCK_NAME).length + 6, end - start);
    MemVfs vfs = new MemVfs();
    for (int off = start; off < end; off++) {
      for (int mask : new int[] {1 << (off % 8), 0xff}) {
        byte[] bad = good.clone();
        bad[off] ^= (byte) mask;
        vfs.setContents(PATH, bad);
        CorruptionException e = assertThrows(CorruptionException.class, () -> StoreFileReader.open(vfs.open(PATH)),
            "flip at " + off);
        assertEquals(PATH, e.file());
        assertEquals(start, e.offset(), e.getMessage());
      }
    }
  }

  /** Contents damaged with the CRC recomputed: still refused (or, for a newer layout, ignored). */
  @Test
  void checksumValidButMalformedBloomBlocks() throws Exception {
    byte[] good = write(options(BloomType.ROW).withBloomChunkKeys(40), rowsCells(0, 100, 1));
    assertMalformed(good, c -> c[1] = (byte) BloomType.ROWCOL.code(), "type code");
    assertMalformed(good, c -> c[1] = 0, "type code");
    assertMalformed(good, c -> c[1] = 9, "type code");
    assertMalformed(good, c -> c[3] = 0, "hash count");
    assertMalformed(good, c -> c[3] = (byte) 200, "hash count");
    assertMalformed(good, c -> c[8]++, "chunk directory");
    assertMalformed(good, c -> c[8] = (byte) 0xff, "chunk count");
    assertMalformed(good, c -> c[5] = 1, "chunk count");
    assertMalformed(good, c -> c[8]--, "bytes of bits");
    assertMalformed(good, c -> c[12] = 0, "keys");
    assertMalformed(good, c -> c[16] += 8, "bytes of bits");
    assertMalformed(good, c -> c[16] += 1, "multiple of 8");
    assertMalformed(good, c -> c[17] = 100, "chunk directory");
    // The first chunk's first row "row00000000" made to sort after its last row.
    assertMalformed(good, c -> c[18] = 'z', "out of order");
    // Unknown version, hash or flag: a newer writer's block, read as no filter at all.
    assertIgnored(good, c -> c[0] = 2);
    assertIgnored(good, c -> c[2] = 2);
    assertIgnored(good, c -> c[4] = 2);
  }

  @Test
  void aBloomBlockInAFileWithoutBloomTypeIsCorruption() throws Exception {
    byte[] withBloom = write(options(BloomType.ROW), rowsCells(0, 10, 1));
    // Same cells without a filter: patch the file info's bloom type to NONE.
    byte[] bad = withBloom.clone();
    long trailerAt = bad.length - StoreFileFormat.TRAILER_SIZE;
    Trailer t = Trailer.read(Arrays.copyOfRange(bad, (int) trailerAt, bad.length), PATH, trailerAt);
    int fi = (int) t.fileInfo().offset();
    // Keys share prefixes with the entry before: "cellar.bloom.type" is stored as "...om.type".
    byte[] name = "om.type".getBytes(StandardCharsets.UTF_8);
    int at = indexOf(bad, name, fi) + name.length;
    assertEquals(BloomType.ROW.code(), bad[at]);
    bad[at] = 0;
    fixCrc(bad, fi, t.fileInfo().size());
    MemVfs vfs = new MemVfs();
    vfs.setContents(PATH, bad);
    CorruptionException e = assertThrows(CorruptionException.class, () -> StoreFileReader.open(vfs.open(PATH)));
    assertTrue(e.getMessage().contains("bloom"), e.getMessage());
  }

  private static void assertMalformed(byte[] good, Consumer<byte[]> damage, String expected) throws Exception {
    MemVfs vfs = new MemVfs();
    vfs.setContents(PATH, damaged(good, damage));
    CorruptionException e = assertThrows(CorruptionException.class, () -> StoreFileReader.open(vfs.open(PATH)),
        expected);
    assertTrue(e.getMessage().contains(expected), e.getMessage());
    assertTrue(e.getMessage().contains(PATH), e.getMessage());
  }

  private static void assertIgnored(byte[] good, Consumer<byte[]> damage) throws Exception {
    MemVfs vfs = new MemVfs();
    vfs.setContents(PATH, damaged(good, damage));
    try (StoreFileReader r = StoreFileReader.open(vfs.open(PATH))) {
      assertNull(r.bloomFilter());
      assertEquals(BloomType.ROW, r.info().bloomType());
      assertEquals(100, SstFixtures.readAll(r).size());
    }
  }

  /** The file with its bloom block's contents changed in place and the block CRC recomputed. */
  private static byte[] damaged(byte[] good, Consumer<byte[]> damage) throws Exception {
    StoreFileReader r = open(good);
    int start = (int) dataEnd(good);
    int size = r.metaBlock(BloomFilter.META_BLOCK_NAME).length;
    byte[] contents = Arrays.copyOfRange(good, start, start + size);
    damage.accept(contents);
    byte[] bad = good.clone();
    System.arraycopy(contents, 0, bad, start, size);
    fixCrc(bad, start, size);
    return bad;
  }

  private static void fixCrc(byte[] file, int start, int size) {
    int crc = Checksums.crc32c(file, start, size + 2);
    System.arraycopy(new ByteWriter(4).putInt(crc).toByteArray(), 0, file, start + size + 2, 4);
  }

  private static int indexOf(byte[] hay, byte[] needle, int from) {
    outer:
    for (int i = from; i <= hay.length - needle.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (hay[i + j] != needle[j]) {
          continue outer;
        }
      }
      return i;
    }
    throw new AssertionError("not found");
  }

  // ---------------------------------------------------------------------------------------------
  // Helpers

  private static StoreFileWriter.Options options(BloomType type) {
    return SstFixtures.options().withBloomType(type);
  }

  private static Cell put(String row, String qualifier) {
    return new Cell(Bytes.toBytes(row), SstFixtures.FAMILY, Bytes.toBytes(qualifier), 1, CellType.PUT,
        Bytes.toBytes("v"), 1);
  }

  /** Rows {@code row%08d} for {@code from ≤ i < to}, each with {@code columns} qualifiers. */
  private static List<Cell> rowsCells(int from, int to, int columns) {
    List<Cell> cells = new ArrayList<>();
    for (int i = from; i < to; i++) {
      for (int q = 0; q < columns; q++) {
        cells.add(new Cell(Bytes.toBytes(String.format(Locale.ROOT, "row%08d", i)), SstFixtures.FAMILY,
            Bytes.toBytes("q" + q), 1, CellType.PUT, Bytes.toBytes("v"), 1));
      }
    }
    return cells;
  }

  private static byte[] randomKey(Random rnd, int length) {
    byte[] k = new byte[length];
    rnd.nextBytes(k);
    return k;
  }

  private static byte[] write(StoreFileWriter.Options options, List<Cell> cells) throws Exception {
    MemVfs vfs = new MemVfs();
    SstFixtures.write(vfs, PATH, options, cells);
    return vfs.contents(PATH);
  }

  private static StoreFileReader open(byte[] file) {
    MemVfs vfs = new MemVfs();
    vfs.setContents(PATH, file);
    try {
      return StoreFileReader.open(vfs.open(PATH));
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private static int metaIndexOffset(byte[] file) {
    long trailerAt = file.length - StoreFileFormat.TRAILER_SIZE;
    return (int) Trailer.read(Arrays.copyOfRange(file, (int) trailerAt, file.length), PATH, trailerAt).metaIndex()
        .offset();
  }

  /** Where the data blocks end: the first meta block (the bloom block, the only one here). */
  private static long dataEnd(byte[] file) {
    long trailerAt = file.length - StoreFileFormat.TRAILER_SIZE;
    Trailer t = Trailer.read(Arrays.copyOfRange(file, (int) trailerAt, file.length), PATH, trailerAt);
    BlockHandle h = t.index();
    Block index = BlockCodec.decode(Arrays.copyOfRange(file, (int) h.offset(), (int) h.end()), h, BlockKind.INDEX, PATH);
    return BlockIndex.read(index, SstFixtures.FAMILY, t.metaIndex().offset()).dataEnd();
  }

  @Test
  void keyEncodingsAreDistinct() {
    // The row key of "\u0001a" and the column key of ("a", "") would be the same bytes without tags.
    long[] a = new long[2];
    long[] b = new long[2];
    BloomFilter.hashRowKey(new byte[] {1, 'a'}, new ByteWriter(8), a);
    BloomFilter.hashColumnKey(new byte[] {'a'}, Bytes.EMPTY, new ByteWriter(8), b);
    assertFalse(Arrays.equals(a, b));
    assertArrayEquals(a, hashOf(new byte[] {0, 1, 'a'}));
    assertArrayEquals(b, hashOf(new byte[] {1, 1, 'a'}));
  }

  private static long[] hashOf(byte[] bytes) {
    long[] out = new long[2];
    Murmur3.hash128(bytes, 0, bytes.length, 0, out);
    return out;
  }
}
