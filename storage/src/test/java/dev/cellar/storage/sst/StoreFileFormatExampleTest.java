package dev.cellar.storage.sst;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import dev.cellar.storage.CellType;
import dev.cellar.storage.fs.MemVfs;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The worked example at the end of {@code storage/docs/store-file-format.md} is what the writer
 * produces, byte for byte: the hex is read from the document itself.
 */
class StoreFileFormatExampleTest {
  private static final Pattern HEX_PREFIX = Pattern.compile("^((?:[0-9a-f]{2} )*[0-9a-f]{2})(?:\\s{2,}|$)");

  private static final List<Cell> CELLS = List.of(
      new Cell(Bytes.toBytes("r1"), SstFixtures.FAMILY, Bytes.toBytes("q"), 5, CellType.PUT, Bytes.toBytes("v"), 7),
      new Cell(Bytes.toBytes("r1"), SstFixtures.FAMILY, Bytes.toBytes("q"), 3, CellType.DELETE, Bytes.EMPTY, 6));

  private static byte[] exampleFile() throws Exception {
    return exampleFile(StoreFileFormat.VERSION);
  }

  private static byte[] exampleFile(int version) throws Exception {
    MemVfs vfs = new MemVfs();
    SstFixtures.write(vfs, "example", SstFixtures.options().withFormatVersion(version), CELLS);
    return vfs.contents("example");
  }

  /** The same cells as version 1 make the file the document describes in its last paragraph, and read back. */
  @Test
  void theExampleAsVersion1() throws Exception {
    byte[] file = exampleFile(1);
    assertEquals(477, file.length);
    // entry 1 of the data block: shares row, qualifier and 7 timestamp bytes, stores 10
    assertEquals("0b 0a 00 03 08", HexFormat.ofDelimiter(" ").formatHex(file, 25, 30));
    assertEquals(1, file[file.length - 13]);
    MemVfs vfs = new MemVfs();
    vfs.setContents("v1", file);
    try (StoreFileReader reader = StoreFileReader.open(vfs.open("v1"))) {
      assertEquals(1, reader.info().formatVersion());
      SstFixtures.assertCellsEqual(CELLS, SstFixtures.readAll(reader));
    }
  }

  /** The hex of each fenced block of the document's example section, in order. */
  private static List<byte[]> documentedBlocks() throws Exception {
    Path doc = Path.of("docs/store-file-format.md");
    if (!Files.exists(doc)) {
      doc = Path.of("storage/docs/store-file-format.md");
    }
    String text = Files.readString(doc, StandardCharsets.UTF_8);
    String example = text.substring(text.indexOf("## 13. Example"));
    List<byte[]> blocks = new ArrayList<>();
    StringBuilder hex = null;
    for (String line : example.split("\n")) {
      if (line.startsWith("```")) {
        if (hex == null) {
          hex = new StringBuilder();
        } else {
          blocks.add(HexFormat.of().parseHex(hex.toString()));
          hex = null;
        }
      } else if (hex != null) {
        Matcher m = HEX_PREFIX.matcher(line);
        if (m.find()) {
          hex.append(m.group(1).replace(" ", ""));
        }
      }
    }
    return blocks;
  }

  @Test
  void documentedExampleIsWhatTheWriterProduces() throws Exception {
    byte[] file = exampleFile();
    List<byte[]> documented = documentedBlocks();
    assertEquals(3, documented.size(), "data block, index block and trailer in the document");
    assertEquals(478, file.length);
    assertHex(documented.get(0), Arrays.copyOfRange(file, 0, 53), "data block");
    assertHex(documented.get(1), Arrays.copyOfRange(file, 374, 414), "index block");
    assertHex(documented.get(2), Arrays.copyOfRange(file, 414, 478), "trailer");
    assertHex(HexFormat.of().parseHex("00000000" + "0300" + "63cdd413"), Arrays.copyOfRange(file, 53, 63), "meta index");
  }

  @Test
  void exampleFileInfoHasTheDocumentedNamesInOrder() throws Exception {
    byte[] file = exampleFile();
    BlockHandle h = new BlockHandle(63, 305);
    Block fileInfo = BlockCodec.decode(Arrays.copyOfRange(file, 63, (int) h.end()), h, BlockKind.FILE_INFO, "example");
    BlockIterator it = new BlockIterator();
    it.reset(fileInfo);
    List<String> names = new ArrayList<>();
    for (it.seekToFirst(); it.valid(); it.next()) {
      names.add(new String(it.key(), 0, it.keyLength(), StandardCharsets.UTF_8));
    }
    assertEquals(List.of(FileInfo.BLOCK_SIZE, FileInfo.BLOOM_TYPE, FileInfo.COMPARATOR, FileInfo.COMPRESSION,
        FileInfo.DELETES, FileInfo.ENTRIES, FileInfo.PUTS, FileInfo.REPEATS, FileInfo.CREATED, FileInfo.FAMILY, FileInfo.FIRST_KEY,
        FileInfo.LAST_KEY, FileInfo.MAX_SEQUENCE, FileInfo.MAX_TIMESTAMP, FileInfo.MIN_TIMESTAMP), names);
    String doc = Files.exists(Path.of("docs/store-file-format.md"))
        ? Files.readString(Path.of("docs/store-file-format.md"))
        : Files.readString(Path.of("storage/docs/store-file-format.md"));
    for (String name : names) {
      assertTrue(doc.contains("`" + name + "`"), name + " is documented");
    }
  }

  private static void assertHex(byte[] expected, byte[] actual, String what) {
    assertEquals(HexFormat.ofDelimiter(" ").formatHex(expected), HexFormat.ofDelimiter(" ").formatHex(actual), what);
  }
}
