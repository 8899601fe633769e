package dev.cellar.storage.wal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cellar.storage.Cell;
import dev.cellar.storage.CellType;
import dev.cellar.storage.fs.Vfs;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Edits to write and helpers to read them back. */
final class WalTestUtil {
  private static final CellType[] TYPES = {
    CellType.PUT, CellType.DELETE, CellType.DELETE_FAMILY_VERSION, CellType.DELETE_COLUMN, CellType.DELETE_FAMILY
  };

  private WalTestUtil() {}

  static byte[] b(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  /** A small edit whose content is a function of its sequence number. */
  static WalEdit edit(long seq) {
    List<WalEntry> entries = new ArrayList<>();
    int n = 1 + (int) (seq % 3);
    for (int i = 0; i < n; i++) {
      entries.add(new WalEntry((int) (seq % 5) + i, new Cell(b("row-" + seq), b("f" + i), b("q" + (seq * 7 + i)),
          1_000_000L + seq, CellType.PUT, b("value-" + seq + "-" + i))));
    }
    return new WalEdit(seq, entries);
  }

  /** A random edit: several tables, rows and types, empty and binary arrays. */
  static WalEdit randomEdit(long seq, Random rnd) {
    int n = rnd.nextInt(6);
    List<WalEntry> entries = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      CellType type = TYPES[rnd.nextInt(TYPES.length)];
      byte[] value = type == CellType.PUT ? bytes(rnd, rnd.nextInt(4) == 0 ? 300 : 20) : new byte[0];
      entries.add(new WalEntry(rnd.nextInt(1000), new Cell(bytes(rnd, 12), bytes(rnd, 3), bytes(rnd, 8),
          rnd.nextLong(), type, value)));
    }
    return new WalEdit(seq, entries);
  }

  private static byte[] bytes(Random rnd, int max) {
    byte[] out = new byte[rnd.nextInt(max + 1)];
    rnd.nextBytes(out);
    return out;
  }

  static List<WalEdit> replayAll(Vfs vfs) {
    List<WalEdit> out = new ArrayList<>();
    Wal.replay(vfs, out::add);
    return out;
  }

  /** Options with a long background interval, so tests control when records are written. */
  static WalOptions quiet() {
    return WalOptions.defaults().withAsyncFlushInterval(Duration.ofSeconds(60));
  }

  /** Asserts that every cell of every edit carries its edit's sequence number. */
  static void assertStamped(List<WalEdit> edits) {
    for (WalEdit e : edits) {
      for (WalEntry entry : e.entries()) {
        assertEquals(e.sequence(), entry.cell().sequenceId(), () -> "cell of edit " + e.sequence());
      }
    }
  }
}
