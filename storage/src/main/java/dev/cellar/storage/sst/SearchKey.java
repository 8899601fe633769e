package dev.cellar.storage.sst;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import dev.cellar.storage.util.ByteReader;
import java.util.Arrays;

/**
 * A seek target prepared for comparison with encoded keys of one file, without decoding them.
 * Orders exactly as {@link dev.cellar.storage.CellComparator#WITH_SEQUENCE} orders the target
 * against the cells whose keys it is compared with; because keys omit the family, the target's
 * family is compared with the file's once, here.
 */
final class SearchKey {
  private final byte[] row;
  private final int familyOrder;
  private final byte[] qualifier;
  private final long timestamp;
  private final int typeCode;
  private final long sequenceId;

  private SearchKey(Cell target, byte[] fileFamily) {
    this.row = target.row();
    this.familyOrder = Integer.signum(Arrays.compareUnsigned(target.family(), fileFamily));
    this.qualifier = target.qualifier();
    this.timestamp = target.timestamp();
    this.typeCode = target.type().code();
    this.sequenceId = target.sequenceId();
  }

  /** The target {@code target} against cells of a file of family {@code fileFamily}. */
  static SearchKey of(Cell target, byte[] fileFamily) {
    return new SearchKey(target, fileFamily);
  }

  /** The target's row. Do not modify. */
  byte[] row() {
    return row;
  }

  /** A target before every cell of {@code row} and after every cell of smaller rows. */
  static SearchKey firstOnRow(byte[] row, byte[] fileFamily) {
    return new SearchKey(Cell.firstOnRow(row), fileFamily);
  }

  /**
   * Compares this target with the encoded key {@code k[off, off+len)}: negative if the target
   * sorts first, zero if equal, positive if the key sorts first.
   *
   * @throws ByteReader.Malformed if the key cannot be a cell key
   */
  int compareTo(byte[] k, int off, int len) {
    return compareTo(k, off, len, false);
  }

  /**
   * As {@link #compareTo(byte[], int, int)}, with a key in field order or, with
   * {@code suffixFirst}, suffix first ({@link CellKeys}).
   */
  int compareTo(byte[] k, int off, int len, boolean suffixFirst) {
    long v = CellKeys.parseRow(k, off, len);
    int rowStart = Varints.position(v);
    int rowEnd = rowStart + Varints.value(v);
    int c = Arrays.compareUnsigned(row, 0, row.length, k, rowStart, rowEnd);
    if (c != 0 || familyOrder != 0) {
      return c != 0 ? c : familyOrder;
    }
    int suffixAt = suffixFirst ? rowEnd : off + len - StoreFileFormat.KEY_SUFFIX_SIZE;
    int qualifierStart = suffixFirst ? rowEnd + StoreFileFormat.KEY_SUFFIX_SIZE : rowEnd;
    int qualifierEnd = suffixFirst ? off + len : suffixAt;
    c = Arrays.compareUnsigned(qualifier, 0, qualifier.length, k, qualifierStart, qualifierEnd);
    if (c != 0) {
      return c;
    }
    c = Long.compare(CellKeys.getLong(k, suffixAt), timestamp);
    if (c != 0) {
      return c;
    }
    c = Integer.compare(k[suffixAt + 8] & 0xff, typeCode);
    if (c != 0) {
      return c;
    }
    return Long.compare(CellKeys.getLong(k, suffixAt + 9), sequenceId);
  }

  @Override
  public String toString() {
    return "SearchKey[row=" + Bytes.toStringBinary(row) + ", familyOrder=" + familyOrder
        + ", qualifier=" + Bytes.toStringBinary(qualifier)
        + ", ts=" + timestamp + ", type=" + typeCode + ", seq=" + sequenceId + "]";
  }
}
