package dev.cellar.storage.filter;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import java.util.Objects;

/**
 * Keeps the columns whose qualifier starts with a prefix, in every family read. Within a row
 * it seeks: from a qualifier before the prefix straight to the prefix, and from a qualifier
 * past it to the next family, so that the columns outside are not read one by one. Stateless.
 */
public final class ColumnPrefixFilter extends Filter {
  private final byte[] prefix;

  public ColumnPrefixFilter(byte[] prefix) {
    this.prefix = Objects.requireNonNull(prefix, "prefix");
  }

  /** Convenience: UTF-8 prefix. */
  public ColumnPrefixFilter(String prefix) {
    this(Bytes.toBytes(prefix));
  }

  public byte[] getPrefix() {
    return prefix;
  }

  @Override
  public ReturnCode filterCell(Cell c) {
    return Bytes.startsWith(c.qualifier(), prefix) ? ReturnCode.INCLUDE : ReturnCode.SEEK_NEXT_USING_HINT;
  }

  @Override
  public Cell getNextCellHint(Cell current) {
    return Bytes.compare(current.qualifier(), prefix) < 0 ? Hints.column(current, prefix) : Hints.nextFamily(current);
  }

  @Override
  public String toString() {
    return "ColumnPrefixFilter(" + Bytes.toStringBinary(prefix) + ")";
  }

  @Override
  public Filter copy() {
    return new ColumnPrefixFilter(prefix);
  }
}
