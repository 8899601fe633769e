package dev.cellar.storage.hbase;

import dev.cellar.storage.CellType;
import dev.cellar.storage.CellView;
import org.apache.hadoop.hbase.ByteBufferExtendedCell;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;

/**
 * A {@link CellView} over the HBase client's cells, moved from cell to cell: the row, qualifier and
 * value are the ranges of the cell's own array, so nothing is copied per cell. The family is a
 * whole array, as a view's must be: the family names of the scan's columns, or a copy of the
 * cell's family when it is none of them. Cells held in byte buffers rather than arrays (the
 * client's results are arrays) are copied.
 */
final class HBaseCellView implements CellView {
  private final byte[][] families;
  private Cell cell;
  private byte[] family;
  private CellType type;

  /** A view that names families by the arrays of {@code families} where it can. */
  HBaseCellView(byte[][] families) {
    this.families = families;
  }

  /** Shows {@code c} (copied first if it lives in a byte buffer). */
  HBaseCellView show(Cell c) {
    cell = c instanceof ByteBufferExtendedCell ? org.apache.hadoop.hbase.KeyValueUtil.copyToNewKeyValue(c) : c;
    if (family == null || !CellUtil.matchingFamily(cell, family)) {
      family = null;
      for (byte[] f : families) {
        if (CellUtil.matchingFamily(cell, f)) {
          family = f;
          break;
        }
      }
      if (family == null) {
        family = CellUtil.cloneFamily(cell);
      }
    }
    type = HBaseCells.type(cell);
    return this;
  }

  @Override
  public byte[] rowArray() {
    return cell.getRowArray();
  }

  @Override
  public int rowOffset() {
    return cell.getRowOffset();
  }

  @Override
  public int rowLength() {
    return cell.getRowLength();
  }

  @Override
  public byte[] family() {
    return family;
  }

  @Override
  public byte[] qualifierArray() {
    return cell.getQualifierArray();
  }

  @Override
  public int qualifierOffset() {
    return cell.getQualifierOffset();
  }

  @Override
  public int qualifierLength() {
    return cell.getQualifierLength();
  }

  @Override
  public long timestamp() {
    return cell.getTimestamp();
  }

  @Override
  public CellType type() {
    return type;
  }

  /** 0, as for every cell read from HBase ({@link HBaseCells#toCellar(Cell)}). */
  @Override
  public long sequenceId() {
    return 0L;
  }

  @Override
  public byte[] valueArray() {
    return cell.getValueArray();
  }

  @Override
  public int valueOffset() {
    return cell.getValueOffset();
  }

  @Override
  public int valueLength() {
    return cell.getValueLength();
  }
}
