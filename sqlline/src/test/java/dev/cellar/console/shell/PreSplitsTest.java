package dev.cellar.console.shell;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cellar.storage.Bytes;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class PreSplitsTest {
  private static List<String> keys(String algo, int n) {
    return Arrays.stream(PreSplits.byAlgorithm(algo, n)).map(Bytes::toStringBinary).toList();
  }

  @Test
  void algorithmsSplitTheirKeySpaceEvenly() {
    assertEquals(List.of("40000000", "80000000", "c0000000"), keys("HexStringSplit", 4));
    assertEquals(List.of("25000000", "50000000", "75000000"), keys("DecimalStringSplit", 4));
    assertEquals(List.of("?\\xFF\\xFF\\xFF\\xFF\\xFF\\xFF\\xFF", "\\x7F\\xFF\\xFF\\xFF\\xFF\\xFF\\xFF\\xFF",
        "\\xBF\\xFF\\xFF\\xFF\\xFF\\xFF\\xFF\\xFF"), keys("UniformSplit", 4));
    assertThrows(IllegalArgumentException.class, () -> PreSplits.byAlgorithm("HexStringSplit", 1));
    assertThrows(IllegalArgumentException.class, () -> PreSplits.byAlgorithm("Nope", 4));
  }

  @Test
  void toBytesBinaryDecodesOnlyCompleteEscapes() {
    assertArrayEquals(new byte[] {0, 'a', (byte) 0xff, '\\', 'x', '1'},
        PreSplits.toBytesBinary("\\x00a\\xFF\\x1".getBytes(StandardCharsets.UTF_8)));
  }
}
