package dev.cellar.storage.filter;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.util.ShortBytes;

/** Compares whole byte strings as unsigned bytes (the order of rowkeys). */
public final class BinaryComparator extends ByteArrayComparable {
  public BinaryComparator(byte[] value) {
    super(value);
  }

  /** Convenience: UTF-8 reference. */
  public BinaryComparator(String value) {
    this(Bytes.toBytes(value));
  }

  @Override
  public int compareTo(byte[] tested) {
    return Bytes.compare(getValue(), tested);
  }

  /** Equal lengths and bytes, compared from the end ({@link ShortBytes#equals}). */
  @Override
  public boolean matches(byte[] b, int off, int len) {
    byte[] ref = getValue();
    return ref.length == len && ShortBytes.equals(ref, 0, b, off, len);
  }

  @Override
  public int compareTo(byte[] b, int off, int len) {
    byte[] ref = getValue();
    return java.util.Arrays.compareUnsigned(ref, 0, ref.length, b, off, off + len);
  }
}
