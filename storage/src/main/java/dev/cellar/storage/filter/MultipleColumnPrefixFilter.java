package dev.cellar.storage.filter;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import java.util.Arrays;
import java.util.Collections;
import java.util.NavigableSet;
import java.util.TreeSet;

/**
 * Keeps the columns whose qualifier starts with any of several prefixes, in every family
 * read. A qualifier that matches none seeks to the next prefix above it (or to the next family
 * when there is none): no qualifier in between can match. Stateless.
 */
public final class MultipleColumnPrefixFilter extends Filter {
  private final NavigableSet<byte[]> prefixes = new TreeSet<>(Bytes::compare);
  private final int[] lengths;

  public MultipleColumnPrefixFilter(byte[]... prefixes) {
    TreeSet<Integer> ls = new TreeSet<>();
    for (byte[] p : prefixes) {
      this.prefixes.add(p.clone());
      ls.add(p.length);
    }
    this.lengths = ls.stream().mapToInt(Integer::intValue).toArray();
  }

  /** The prefixes, in order. */
  public NavigableSet<byte[]> getPrefixes() {
    return Collections.unmodifiableNavigableSet(prefixes);
  }

  @Override
  public ReturnCode filterCell(Cell c) {
    byte[] q = c.qualifier();
    for (int len : lengths) {
      if (len > q.length) {
        break;
      }
      if (prefixes.contains(Arrays.copyOf(q, len))) {
        return ReturnCode.INCLUDE;
      }
    }
    return ReturnCode.SEEK_NEXT_USING_HINT;
  }

  @Override
  public Cell getNextCellHint(Cell current) {
    byte[] next = prefixes.higher(current.qualifier());
    return next == null ? Hints.nextFamily(current) : Hints.column(current, next);
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("MultipleColumnPrefixFilter(");
    String sep = "";
    for (byte[] p : prefixes) {
      sb.append(sep).append(Bytes.toStringBinary(p));
      sep = ", ";
    }
    return sb.append(')').toString();
  }

  @Override
  public Filter copy() {
    return new MultipleColumnPrefixFilter(prefixes.toArray(new byte[0][]));
  }
}
