package dev.cellar.console.shell;

import dev.cellar.storage.SplitKeys;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The pre-split points of {@code create}: {@code SPLITS => [...]}, {@code SPLITS_FILE => 'path'}
 * (one key a line) or {@code NUMREGIONS => n, SPLITALGO => 'HexStringSplit' | 'DecimalStringSplit'
 * | 'UniformSplit'}. As in the HBase shell, given keys are read with {@code toBytesBinary}, so
 * {@code '\x00'} is one zero byte even in single quotes.
 */
final class PreSplits {
  private PreSplits() {}

  /** The split keys the table options ask for, or an empty array for none. */
  static byte[][] from(Options o) {
    List<Value> splits = o.list("SPLITS");
    String file = o.string("SPLITS_FILE");
    Long regions = o.number("NUMREGIONS");
    String algo = o.string("SPLITALGO");
    if (splits != null) {
      List<byte[]> keys = new ArrayList<>();
      for (Value v : splits) {
        keys.add(toBytesBinary(Args.bytes(v, "split key")));
      }
      return keys.toArray(new byte[0][]);
    }
    if (file != null) {
      return fromFile(file);
    }
    if (regions != null || algo != null) {
      if (regions == null || algo == null) {
        throw ShellSyntaxException.argument("NUMREGIONS and SPLITALGO must be given together", -1);
      }
      return byAlgorithm(algo, regions);
    }
    return new byte[0][];
  }

  private static byte[][] fromFile(String file) {
    List<byte[]> keys = new ArrayList<>();
    try {
      for (String line : Files.readAllLines(Path.of(file), StandardCharsets.UTF_8)) {
        String k = line.strip();
        if (!k.isEmpty()) {
          keys.add(toBytesBinary(k.getBytes(StandardCharsets.UTF_8)));
        }
      }
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot read SPLITS_FILE '" + file + "': " + e.getMessage(), e);
    }
    return keys.toArray(new byte[0][]);
  }

  /**
   * {@code n - 1} keys splitting an algorithm's key space into {@code n} equal regions:
   * HexStringSplit (8 lower-case hex digits), DecimalStringSplit (8 decimal digits) or
   * UniformSplit (8 raw bytes).
   */
  static byte[][] byAlgorithm(String algo, long n) {
    if (n < 2 || n > 100_000) {
      throw new IllegalArgumentException("NUMREGIONS " + n + " must be between 2 and 100000");
    }
    switch (algo) {
      case "HexStringSplit":
        return SplitKeys.hex(8, (int) n);
      case "DecimalStringSplit":
        return SplitKeys.forAlphabet("0123456789", 8, (int) n);
      case "UniformSplit": {
        byte[] hi = new byte[8];
        Arrays.fill(hi, (byte) 0xff);
        return SplitKeys.uniformBytes(new byte[8], hi, (int) n);
      }
      default:
        throw new IllegalArgumentException("SPLITALGO '" + algo
            + "' is unknown; use HexStringSplit, DecimalStringSplit or UniformSplit");
    }
  }

  /**
   * HBase's {@code Bytes.toBytesBinary} over bytes: each {@code \xNN} (two hex digits) becomes
   * one byte, everything else is kept.
   */
  static byte[] toBytesBinary(byte[] in) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(in.length);
    for (int i = 0; i < in.length; i++) {
      if (in[i] == '\\' && i + 3 < in.length && in[i + 1] == 'x' && hex(in[i + 2]) >= 0 && hex(in[i + 3]) >= 0) {
        out.write(hex(in[i + 2]) * 16 + hex(in[i + 3]));
        i += 3;
      } else {
        out.write(in[i]);
      }
    }
    return out.toByteArray();
  }

  private static int hex(byte b) {
    return b < 0 ? -1 : Character.digit((char) b, 16);
  }
}
