package dev.cellar.storage;

import java.util.Locale;

/**
 * Per-block compression of a family's store files. Applies on disk only: never in the
 * memstore, the block cache or results. The codes are persisted in store files:
 * <strong>never renumber them</strong>.
 */
public enum Compression {
  NONE(0),
  SNAPPY(1),
  GZIP(2);

  private final int code;

  Compression(int code) {
    this.code = code;
  }

  /** The persisted code. */
  public int code() {
    return code;
  }

  /** The compression with the given persisted code, or {@code null}. */
  public static Compression fromCode(int code) {
    for (Compression c : values()) {
      if (c.code == code) {
        return c;
      }
    }
    return null;
  }

  /**
   * Parses a setting value as the HBase shell writes it ({@code 'SNAPPY'}, {@code 'gz'},
   * {@code 'NONE'}), case-insensitively.
   *
   * @throws IllegalArgumentException naming the setting and the accepted values
   */
  public static Compression parse(String s) {
    String v = s.trim().toUpperCase(Locale.ROOT);
    switch (v) {
      case "NONE":
        return NONE;
      case "SNAPPY":
        return SNAPPY;
      case "GZ":
      case "GZIP":
        return GZIP;
      case "LZO":
      case "LZ4":
      case "ZSTD":
      case "BZIP2":
        throw new IllegalArgumentException("COMPRESSION '" + s + "' is not available in Cellar; use NONE, SNAPPY or GZ");
      default:
        throw new IllegalArgumentException("COMPRESSION '" + s + "' is unknown; use NONE, SNAPPY or GZ");
    }
  }
}
