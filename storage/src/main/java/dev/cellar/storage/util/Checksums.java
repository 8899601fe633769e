package dev.cellar.storage.util;

import java.util.zip.CRC32C;

/** CRC-32C (Castagnoli), the checksum of every block and record the engine writes. */
public final class Checksums {
  private Checksums() {}

  /** CRC-32C of {@code b[off, off+len)} as an int. */
  public static int crc32c(byte[] b, int off, int len) {
    CRC32C c = new CRC32C();
    c.update(b, off, len);
    return (int) c.getValue();
  }
}
