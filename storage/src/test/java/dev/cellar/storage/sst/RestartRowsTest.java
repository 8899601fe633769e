package dev.cellar.storage.sst;

import static dev.cellar.storage.sst.SstFixtures.FAMILY;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import dev.cellar.storage.CellType;
import dev.cellar.storage.fs.MemVfs;
import dev.cellar.storage.iter.CellIterator;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Seeks narrowed by a block's {@link RestartRows} land where a search of every key would: rows
 * that share long first parts, rows that are the first part of others, rows that go on with
 * zero bytes (which read like the end of a shorter row in a row's number), targets before, inside
 * and after a block's shared part, with many restart points a block.
 */
class RestartRowsTest {
  private static final String PATH = "data/000007.sst";

  private static byte[] row(Random rnd, byte[][] starts) {
    byte[] tail = new byte[rnd.nextInt(14)];
    for (int i = 0; i < tail.length; i++) {
      int r = rnd.nextInt(5);
      tail[i] = (byte) (r == 0 ? 0 : r == 1 ? 0xff : '0' + rnd.nextInt(3));
    }
    return Bytes.concat(starts[rnd.nextInt(starts.length)], tail);
  }

  @ParameterizedTest(name = "restart interval {0}, {1}-byte blocks, version {2}")
  @CsvSource({"1, 65536, 2", "2, 65536, 1", "1, 4096, 2", "3, 16384, 2"})
  void seeksLandWhereAFullSearchWould(int interval, int blockSize, int version) throws Exception {
    Random rnd = new Random(interval * 31L + blockSize + version);
    byte[][] starts = {Bytes.toBytes("product 0001"), Bytes.toBytes("product 0001x"), Bytes.toBytes("product 00"),
        Bytes.toBytes("product 0002"), new byte[] {'p', 0, 0}};
    List<Cell> cells = new ArrayList<>();
    for (int i = 0; i < 4000; i++) {
      byte[] row = row(rnd, starts);
      for (String q : rnd.nextBoolean() ? new String[] {"_0", "a"} : new String[] {"b"}) {
        cells.add(new Cell(row, FAMILY, Bytes.toBytes(q), 1000 + rnd.nextInt(3), CellType.PUT, Bytes.toBytes(i), 5));
      }
    }
    cells = SstFixtures.sortedDistinct(cells);
    MemVfs vfs = new MemVfs();
    SstFixtures.write(vfs, PATH, SstFixtures.options().withRestartInterval(interval).withBlockSize(blockSize)
        .withFormatVersion(version), cells);
    try (StoreFileReader reader = StoreFileReader.open(vfs.open(PATH))) {
      assertTrue(cells.size() / reader.info().dataBlockCount() / interval >= 4 * RestartRows.MIN_RESTARTS,
          "blocks of many restart points");
      List<Cell> targets = new ArrayList<>();
      for (int i = 0; i < 1500; i++) {
        Cell c = cells.get(rnd.nextInt(cells.size()));
        switch (rnd.nextInt(6)) {
          case 0 -> targets.add(c);
          case 1 -> targets.add(Cell.firstOnRow(c.row()));
          case 2 -> targets.add(Cell.lastOnColumn(c.row(), FAMILY, c.qualifier()));
          case 3 -> targets.add(Cell.firstOnRow(Bytes.rowAfter(c.row())));
          case 4 -> targets.add(Cell.firstOnRow(java.util.Arrays.copyOf(c.row(), rnd.nextInt(c.row().length + 1))));
          default -> targets.add(Cell.firstOnRow(row(rnd, starts)));
        }
      }
      targets.add(Cell.firstOnRow(Bytes.EMPTY));
      targets.add(Cell.firstOnRow(Bytes.toBytes("p")));
      targets.add(Cell.firstOnRow(Bytes.toBytes("product 0003")));
      targets.add(Cell.firstOnRow(new byte[] {(byte) 0xff}));
      try (CellIterator it = reader.iterator()) {
        for (Cell target : targets) {
          int expected = SstFixtures.lowerBound(cells, target);
          it.seek(target);
          if (expected == cells.size()) {
            assertFalse(it.valid(), "past the end after seeking " + target);
          } else {
            assertTrue(it.valid(), "valid after seeking " + target);
            assertEquals(cells.get(expected), it.cell(), "after seeking " + target);
          }
          byte[] expectedRow = SstFixtures.expectedLastRowBefore(cells, target.row());
          byte[] before = it.lastRowBefore(target.row());
          assertEquals(expectedRow == null ? null : Bytes.toStringBinary(expectedRow),
              before == null ? null : Bytes.toStringBinary(before), "last row before " + target);
        }
      }
    }
  }
}
