package dev.cellar.storage.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.CellarStore;
import dev.cellar.storage.Get;
import dev.cellar.storage.Put;
import dev.cellar.storage.TableDescriptor;
import dev.cellar.storage.embedded.EmbeddedStoreProvider;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StoreProvidersTest {
  @TempDir
  Path dir;

  @Test
  void embeddedEngineServesMemAndFile() {
    StoreProvider mem = StoreProviders.forScheme("MEM");
    assertTrue(mem instanceof EmbeddedStoreProvider);
    assertSame(mem, StoreProviders.forScheme("file"));
    assertNull(StoreProviders.forScheme("tmp"));
    assertTrue(StoreProviders.schemes().containsAll(List.of("file", "mem")));
    assertTrue(mem.isVolatile("mem"));
    assertTrue(!mem.isVolatile("file"));
    assertEquals("file:" + dir.toAbsolutePath().normalize(), mem.key("file", dir + "/./"));
    assertThrows(IllegalArgumentException.class, () -> mem.key("file", ""));
  }

  @Test
  void settingsReachTheStore() {
    StoreProvider p = StoreProviders.forScheme("file");
    try (CellarStore s = p.open("file", dir.toString(), Map.of("flushSize", "1048576", "durability", "SKIP_WAL"))) {
      s.admin().createTable(TableDescriptor.of("t", "f"));
      s.table("t").put(new Put("r").addColumn("f", "q", "v"));
      assertEquals("v", s.table("t").get(new Get("r")).valueAsString("f", "q"));
    }
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> p.open("mem", "x", Map.of("flushSize", "10")));
    assertTrue(e.getMessage().contains("flush size"), e.getMessage());
  }

  @Test
  void settingsCheckTheirValues() {
    StoreSetting d = StoreProviders.forScheme("mem").settings().stream()
        .filter(s -> s.name().equals("durability")).findFirst().orElseThrow();
    assertEquals("ASYNC_WAL", d.check(" async_wal"));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> d.check("SOMETIMES"));
    assertTrue(e.getMessage().contains("durability") && e.getMessage().contains("FSYNC_WAL"), e.getMessage());
    assertEquals("12", StoreSetting.number("n", 1, "n").check(" 12 "));
    assertThrows(IllegalArgumentException.class, () -> StoreSetting.bool("b", true, "b").check("yes"));
    assertEquals(Bytes.toString(Bytes.toBytes("x")), StoreSetting.text("t", "", "t").check(" x "));
  }
}
