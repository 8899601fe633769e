package dev.cellar.sql.keyrange;

import dev.cellar.sql.codec.KeyColumn;
import dev.cellar.sql.codec.RowKeyCodec;
import dev.cellar.sql.keyrange.AccessPath.KeyRange;
import dev.cellar.storage.Bytes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.apache.calcite.DataContext;

/**
 * Expands an access path's {@link KeyBox}es, with the statement's parameters bound, into encoded
 * rowkeys and rowkey ranges ({@link AccessPath.KeyRange}s): a box's point values combined
 * column by column, its bounds encoded as key prefixes (open where a column cannot hold a value
 * exactly, so a range is never narrower than the rows it must hold), merged and, for a salted
 * table, repeated in every bucket. {@link AccessPath#ranges} uses it.
 */
final class KeyRanges {
  private static final Comparator<KeyRange> BY_START = (a, b) -> Arrays.compareUnsigned(a.start(), b.start());

  private final RowKeyCodec codec;
  private final DataContext context;
  private final List<KeyRange> points = new ArrayList<>();
  private final List<KeyRange> ranges = new ArrayList<>();

  KeyRanges(RowKeyCodec codec, DataContext context) {
    this.codec = codec;
    this.context = context;
  }

  void add(KeyBox box) {
    List<Object[]> combos = new ArrayList<>();
    combos.add(new Object[0]);
    int useful = box.usefulColumns();
    for (int k = 0; k < useful; k++) {
      List<KeyBox.Interval> c = box.column(k);
      KeyColumn col = codec.columns().get(k);
      if (!KeyBox.allPoints(c)) {
        for (Object[] combo : combos) {
          for (KeyBox.Interval iv : c) {
            range(combo, col, iv);
          }
        }
        return;
      }
      if ((long) combos.size() * c.size() > AccessPath.MAX_RANGES) {
        break;
      }
      List<Object[]> next = new ArrayList<>(combos.size() * c.size());
      for (Object[] combo : combos) {
        for (KeyBox.Interval iv : c) {
          Object v = KeyOperand.toKey(col.type(), iv.lower.value(context));
          if (v != null) {
            Object[] longer = Arrays.copyOf(combo, k + 1);
            longer[k] = v;
            next.add(longer);
          }
        }
      }
      combos = next;
      if (combos.isEmpty()) {
        return;
      }
    }
    for (Object[] combo : combos) {
      if (combo.length == codec.columns().size()) {
        byte[] key = encodeKey(combo);
        if (key != null) {
          points.add(new KeyRange(key, null, true));
        }
      } else {
        byte[] prefix = encodePrefix(combo);
        if (prefix != null) {
          addRange(prefix, Bytes.prefixEnd(prefix));
        }
      }
    }
  }

  /** The range of {@code combo} followed by a value of {@code iv} in column {@code col}. */
  private void range(Object[] combo, KeyColumn col, KeyBox.Interval iv) {
    byte[] prefix = encodePrefix(combo);
    if (prefix == null) {
      return;
    }
    if (iv.prefix != null) {
      Object p = KeyOperand.toKey(col.type(), iv.prefix.value(context));
      if (p != null) {
        try {
          byte[] start = codec.encodeStartsWith(combo, p);
          addRange(start, Bytes.prefixEnd(start));
        } catch (IllegalArgumentException e) {
          // no key starts with a value the column cannot hold
        }
      }
      return;
    }
    byte[] lower = bound(combo, col, iv.lower);
    byte[] upper = bound(combo, col, iv.upper);
    if (lower == NONE || upper == NONE) {
      return;
    }
    // a side left open stops short of the NULLs of a nullable column (an index entry's)
    byte[] mark = codec.field(combo.length).valueMark();
    byte[] open = mark == null ? prefix : Bytes.concat(prefix, mark);
    byte[] lowStart = lower == null ? open : iv.lowerInclusive ? lower : Bytes.prefixEnd(lower);
    byte[] highStop = upper == null ? Bytes.prefixEnd(open) : iv.upperInclusive ? Bytes.prefixEnd(upper) : upper;
    if (!col.descending()) {
      addRange(lowStart, highStop);
    } else {
      // a descending column stores the SQL range's ends the other way round
      byte[] start = upper == null ? open : iv.upperInclusive ? upper : Bytes.prefixEnd(upper);
      byte[] stop = lower == null ? Bytes.prefixEnd(open) : iv.lowerInclusive ? Bytes.prefixEnd(lower) : lower;
      addRange(start, stop);
    }
  }

  /** Marks a bound that no value satisfies (a comparison with NULL). */
  private static final byte[] NONE = new byte[0];

  /**
   * The prefix of {@code combo} and the bound's value; null when the bound is absent or the
   * column cannot hold its value exactly (the range is then open on that side, a superset);
   * {@link #NONE} when the value is NULL.
   */
  private byte[] bound(Object[] combo, KeyColumn col, KeyOperand operand) {
    if (operand == null) {
      return null;
    }
    Object raw = operand.value(context);
    if (raw == null) {
      return NONE;
    }
    Object v = KeyOperand.toKey(col.type(), raw);
    if (v == null) {
      return null;
    }
    Object[] longer = Arrays.copyOf(combo, combo.length + 1);
    longer[combo.length] = v;
    return encodePrefix(longer);
  }

  private byte[] encodePrefix(Object[] values) {
    try {
      return codec.encodePrefix(values);
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  private byte[] encodeKey(Object[] values) {
    try {
      return codec.encode(values);
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  /** Adds an unsalted range; a salted table reads it in every bucket. */
  private void addRange(byte[] start, byte[] stop) {
    if (stop.length > 0 && Arrays.compareUnsigned(start, stop) >= 0) {
      return;
    }
    ranges.add(new KeyRange(start, stop, false));
  }

  List<KeyRange> result() {
    // keys in unsalted key order: behind the salt byte of a salted table
    int salt = codec.isSalted() ? 1 : 0;
    points.sort((a, b) -> Arrays.compareUnsigned(a.start(), salt, a.start().length, b.start(), salt, b.start().length));
    List<KeyRange> keys = new ArrayList<>(points.size());
    for (KeyRange p : points) {
      if (keys.isEmpty() || !Arrays.equals(keys.get(keys.size() - 1).start(), p.start())) {
        keys.add(p);
      }
    }
    if (ranges.isEmpty()) {
      return keys;
    }
    for (KeyRange p : keys) {
      byte[] unsalted = Arrays.copyOfRange(p.start(), salt, p.start().length);
      ranges.add(new KeyRange(unsalted, Bytes.rowAfter(unsalted), false));
    }
    ranges.sort(BY_START);
    List<KeyRange> merged = new ArrayList<>(ranges.size());
    for (KeyRange r : ranges) {
      KeyRange last = merged.isEmpty() ? null : merged.get(merged.size() - 1);
      if (last != null && (last.stop().length == 0 || Arrays.compareUnsigned(r.start(), last.stop()) <= 0)) {
        if (last.stop().length != 0 && (r.stop().length == 0 || Arrays.compareUnsigned(r.stop(), last.stop()) > 0)) {
          merged.set(merged.size() - 1, new KeyRange(last.start(), r.stop(), false));
        }
      } else {
        merged.add(r);
      }
    }
    if (!codec.isSalted()) {
      return merged;
    }
    List<KeyRange> bucketed = new ArrayList<>(merged.size() * codec.buckets());
    for (int g = 0; g < merged.size(); g++) {
      KeyRange r = merged.get(g);
      for (int b = 0; b < codec.buckets(); b++) {
        byte[] start = codec.withBucket(b, r.start());
        byte[] stop = r.stop().length == 0 ? Bytes.prefixEnd(new byte[] {(byte) b}) : codec.withBucket(b, r.stop());
        bucketed.add(new KeyRange(start, stop, false, g));
      }
    }
    return bucketed;
  }
}
