package dev.cellar.storage.sst;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import dev.cellar.storage.CellType;
import dev.cellar.storage.CellView;
import dev.cellar.storage.iter.CellIterator;
import dev.cellar.storage.util.ByteReader;
import java.util.Arrays;

/**
 * A {@link CellIterator} over one store file: the block index picks the data block, a
 * {@link BlockIterator} walks it. Cells are decoded only when {@link #cell()} asks, and cells of
 * one row share their row array (and versions of one column their qualifier array). Not
 * thread-safe.
 *
 * <p>{@link #view()} reads the current entry where it lies: the row and qualifier in the
 * decoded key buffer, the value in the block; its row bounds are parsed once per entry.
 */
public final class StoreFileIterator implements CellIterator {
  private final StoreFileReader reader;
  private final BlockIndex index;
  private final byte[] family;
  /** Whether blocks this iterator reads are added to the block cache. */
  private final boolean caching;
  /** Whether the data blocks' keys are suffix first ({@link CellKeys}). */
  private final boolean suffixFirst;
  private final BlockIterator block = new BlockIterator();
  private int blockNumber = -1;
  private boolean valid;
  private boolean closed;
  private Cell current;
  private byte[] lastRow;
  private byte[] lastQualifier;
  private final View view = new View();
  /** Start of the current key's row in the key buffer, or -1 until the view parses it. */
  private int rowStart = -1;
  private int rowEnd;
  /** Whether the last {@link #next()} stayed in the row (known from the key's shared prefix). */
  private boolean sameRow;
  /**
   * Whether the last {@link #next()} left the row for sure: the key shares some bytes with the
   * previous one (so is no restart point, where nothing is shared) but not its whole row.
   */
  private boolean otherRow;

  StoreFileIterator(StoreFileReader reader, BlockIndex index, byte[] family, boolean caching) {
    this.reader = reader;
    this.index = index;
    this.family = family;
    this.caching = caching;
    this.suffixFirst = reader.suffixFirstKeys();
  }

  @Override
  public void seekToFirst() {
    checkOpen();
    current = null;
    rowStart = -1;
    sameRow = false;
    otherRow = false;
    valid = false;
    if (index.size() > 0) {
      enterBlock(0);
    }
  }

  @Override
  public void seek(Cell key) {
    checkOpen();
    current = null;
    rowStart = -1;
    sameRow = false;
    otherRow = false;
    valid = false;
    SearchKey target = SearchKey.of(key, family);
    int i = index.find(target);
    if (i == index.size()) {
      return;
    }
    load(i);
    if (!block.seek(target)) {
      throw block.block().corrupt("the index promises a cell at or after " + key + " in this block, but it has none",
          block.block().length());
    }
    valid = true;
  }

  @Override
  public boolean valid() {
    return valid;
  }

  @Override
  public Cell cell() {
    checkValid();
    if (current == null) {
      byte[] data = block.data();
      int vl = block.valueLength();
      byte[] value = vl == 0 ? Bytes.EMPTY : Arrays.copyOfRange(data, block.valueOffset(), block.valueOffset() + vl);
      try {
        current = CellKeys.decode(block.key(), 0, block.keyLength(), suffixFirst, family, value, lastRow,
            lastQualifier);
      } catch (ByteReader.Malformed e) {
        throw block.block().corrupt("bad cell key: " + e.getMessage(), block.entryOffset());
      }
      lastRow = current.row();
      lastQualifier = current.qualifier();
    }
    return current;
  }

  @Override
  public CellView view() {
    checkValid();
    return view;
  }

  /** Parses the current key's row bounds if not done yet. */
  private void parseRow() {
    if (rowStart < 0) {
      try {
        long v = CellKeys.parseRow(block.key(), 0, block.keyLength());
        rowStart = Varints.position(v);
        rowEnd = rowStart + Varints.value(v);
      } catch (ByteReader.Malformed e) {
        throw block.block().corrupt("bad cell key: " + e.getMessage(), block.entryOffset());
      }
    }
  }

  /** Where the current key's timestamp, type and sequence id start (the row parsed). */
  private int suffixAt() {
    return suffixFirst ? rowEnd : block.keyLength() - StoreFileFormat.KEY_SUFFIX_SIZE;
  }

  /** The current entry in place; see {@link #view()}. */
  private final class View implements CellView {
    @Override
    public byte[] rowArray() {
      return block.key();
    }

    @Override
    public int rowOffset() {
      parseRow();
      return rowStart;
    }

    @Override
    public int rowLength() {
      parseRow();
      return rowEnd - rowStart;
    }

    @Override
    public byte[] family() {
      return family;
    }

    @Override
    public byte[] qualifierArray() {
      return block.key();
    }

    @Override
    public int qualifierOffset() {
      parseRow();
      return suffixFirst ? rowEnd + StoreFileFormat.KEY_SUFFIX_SIZE : rowEnd;
    }

    @Override
    public int qualifierLength() {
      parseRow();
      return block.keyLength() - StoreFileFormat.KEY_SUFFIX_SIZE - rowEnd;
    }

    @Override
    public long timestamp() {
      parseRow();
      return CellKeys.getLong(block.key(), suffixAt());
    }

    @Override
    public CellType type() {
      parseRow();
      int at = suffixAt() + 8;
      CellType t = CellKeys.storableType(block.key()[at] & 0xff);
      if (t == null) {
        throw block.block().corrupt("bad cell key: cell type code " + (block.key()[at] & 0xff)
            + " is not a stored type", block.entryOffset());
      }
      return t;
    }

    @Override
    public long sequenceId() {
      parseRow();
      return CellKeys.getLong(block.key(), suffixAt() + 9);
    }

    @Override
    public byte[] valueArray() {
      return block.data();
    }

    @Override
    public int valueOffset() {
      return block.valueOffset();
    }

    @Override
    public int valueLength() {
      return block.valueLength();
    }

    @Override
    public String toString() {
      return toCell().toString();
    }
  }

  @Override
  public void next() {
    checkValid();
    current = null;
    int previousRowStart = rowStart;
    int previousRowEnd = rowEnd;
    rowStart = -1;
    sameRow = false;
    otherRow = false;
    block.next();
    if (!block.valid()) {
      valid = false;
      if (blockNumber + 1 == index.size()) {
        return;
      }
      // the next block's first key is compared with this block's last, which the iterator keeps
      int i = blockNumber + 1;
      blockNumber = -1;
      if (!block.continueWith(reader.readBlock(i, caching))) {
        throw block.block().corrupt("data block " + i + " has no cells", 0);
      }
      blockNumber = i;
      valid = true;
    }
    int common = block.commonPrefix();
    if (previousRowStart < 0 || common < 0) {
      return;
    }
    if (common >= previousRowEnd && block.keyLength() - StoreFileFormat.KEY_SUFFIX_SIZE >= previousRowEnd) {
      // the key repeats the previous one's row length and row: same row, same bounds
      rowStart = previousRowStart;
      rowEnd = previousRowEnd;
      sameRow = true;
    } else {
      // the keys' whole common prefix ends inside the previous row's length or bytes
      otherRow = true;
    }
  }

  /**
   * Steps over the rest of the current row's cells in this file without decoding their keys
   * (the block's entries say how much of the row they share) and stops at the first cell of a
   * later row, or at the end; such a stop is known to be in another row.
   */
  @Override
  public void nextSkippingRow() {
    checkValid();
    parseRow();
    int end = rowEnd;
    current = null;
    rowStart = -1;
    sameRow = false;
    otherRow = false;
    while (!block.skipEntriesOfRow(end)) {
      if (blockNumber + 1 == index.size()) {
        valid = false;
        return;
      }
      // the row may go on in the next block: its first key is compared with the row kept
      int i = blockNumber + 1;
      blockNumber = -1;
      valid = false;
      if (!block.continueWith(reader.readBlock(i, caching))) {
        throw block.block().corrupt("data block " + i + " has no cells", 0);
      }
      blockNumber = i;
      valid = true;
      int common = block.commonPrefix();
      if (common < end || block.keyLength() - StoreFileFormat.KEY_SUFFIX_SIZE < end) {
        otherRow = true;
        return;
      }
    }
    otherRow = true;
  }

  /** The current data block. */
  @Override
  public Object part() {
    return valid ? block.block() : null;
  }

  @Override
  public byte[] lastRowOfPart() {
    checkValid();
    return index.lastRow(blockNumber);
  }

  @Override
  public boolean sameRowAsPrevious() {
    return sameRow;
  }

  @Override
  public boolean otherRowThanPrevious() {
    return otherRow;
  }

  @Override
  public byte[] lastRowBefore(byte[] row) {
    checkOpen();
    current = null;
    rowStart = -1;
    sameRow = false;
    otherRow = false;
    valid = false;
    int n = index.size();
    if (n == 0) {
      return null;
    }
    if (row.length == 0) {
      return index.lastRow(n - 1);
    }
    SearchKey target = SearchKey.firstOnRow(row, family);
    int i = index.find(target);
    if (i == n) {
      return index.lastRow(n - 1);
    }
    load(i);
    if (block.seekLastBefore(target)) {
      try {
        return CellKeys.row(block.key(), 0, block.keyLength());
      } catch (ByteReader.Malformed e) {
        throw block.block().corrupt("bad cell key: " + e.getMessage(), block.entryOffset());
      }
    }
    return i == 0 ? null : index.lastRow(i - 1);
  }

  @Override
  public void close() {
    closed = true;
    valid = false;
    current = null;
    rowStart = -1;
    sameRow = false;
    otherRow = false;
  }

  /** Positions at the first cell of block {@code i}, which must have one. */
  private void enterBlock(int i) {
    load(i);
    block.seekToFirst();
    if (!block.valid()) {
      throw block.block().corrupt("data block " + i + " has no cells", 0);
    }
    valid = true;
  }

  private void load(int i) {
    if (i != blockNumber) {
      blockNumber = -1;
      block.reset(reader.readBlock(i, caching), suffixFirst);
      blockNumber = i;
    }
  }

  private void checkOpen() {
    if (closed) {
      throw new IllegalStateException("iterator over " + reader.path() + " is closed");
    }
  }

  private void checkValid() {
    if (!valid) {
      throw new IllegalStateException(closed ? "iterator over " + reader.path() + " is closed"
          : "iterator over " + reader.path() + " is not positioned at a cell");
    }
  }
}
