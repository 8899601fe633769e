package dev.cellar.storage.hbase;

import dev.cellar.storage.filter.BinaryComparator;
import dev.cellar.storage.filter.BinaryPrefixComparator;
import dev.cellar.storage.filter.ByteArrayComparable;
import dev.cellar.storage.filter.ColumnCountGetFilter;
import dev.cellar.storage.filter.ColumnPrefixFilter;
import dev.cellar.storage.filter.ColumnRangeFilter;
import dev.cellar.storage.filter.CompareOperator;
import dev.cellar.storage.filter.FamilyFilter;
import dev.cellar.storage.filter.Filter;
import dev.cellar.storage.filter.FilterList;
import dev.cellar.storage.filter.FirstKeyOnlyFilter;
import dev.cellar.storage.filter.KeyOnlyFilter;
import dev.cellar.storage.filter.MultiRowRangeFilter;
import dev.cellar.storage.filter.MultipleColumnPrefixFilter;
import dev.cellar.storage.filter.PageFilter;
import dev.cellar.storage.filter.PrefixFilter;
import dev.cellar.storage.filter.QualifierFilter;
import dev.cellar.storage.filter.RandomRowFilter;
import dev.cellar.storage.filter.RegexStringComparator;
import dev.cellar.storage.filter.RowFilter;
import dev.cellar.storage.filter.SingleColumnValueFilter;
import dev.cellar.storage.filter.SignedIntegerComparator;
import dev.cellar.storage.filter.SubstringComparator;
import dev.cellar.storage.filter.TimestampsFilter;
import dev.cellar.storage.filter.ValueFilter;
import java.util.ArrayList;
import java.util.List;

/**
 * Translates Cellar's filters to HBase's server-side filters of the same name, which run in the
 * region servers. Every Cellar filter has an HBase equivalent except these, which run in the
 * client on the rows the region servers return ({@link dev.cellar.storage.filter.ClientFilter}), with Cellar's semantics:
 *
 * <ul>
 *   <li>a {@link FamilyFilter} with a {@link SignedIntegerComparator}, and a
 *       {@link SingleColumnValueFilter} with one that tests every version of its column rather
 *       than the latest (HBase's {@code LongComparator} reads 8-byte values only and fails on
 *       others; a signed comparison elsewhere runs on the servers as a list of unsigned ones,
 *       see {@link #signed});</li>
 *   <li>{@link ColumnCountGetFilter} in a scan (HBase's ends the whole scan at the first row with
 *       more columns; in a get it is translated);</li>
 *   <li>a seeded {@link RandomRowFilter} (HBase's cannot be seeded, so its sample is not
 *       reproducible);</li>
 *   <li>a {@link PageFilter} below the top level other than in a top-level AND list (HBase counts
 *       a page per region; at the top the client cuts the scan at the page size, see
 *       {@link Plan#pageLimit()});</li>
 *   <li>filters of other classes (written outside Cellar).</li>
 * </ul>
 *
 * <p>When one member of a {@link FilterList} has no equivalent the whole list runs in the client.
 * A translated filter has HBase's semantics where they differ from the embedded engine's: HBase
 * applies a filter before it counts versions, so a filter that skips a column's newest version
 * can let an older one through (see {@code storage-hbase/README.md}).
 */
final class HBaseFilters {
  private HBaseFilters() {}

  /**
   * How a read evaluates its filter.
   *
   * @param server the filter the region servers run, or {@code null}
   * @param client the filter the client runs on the returned rows, or {@code null}
   * @param pageLimit the rows a top-level {@link PageFilter} allows (0: none)
   * @param description where the filter runs, in words (for {@code EXPLAIN})
   */
  record Plan(org.apache.hadoop.hbase.filter.Filter server, Filter client, long pageLimit, String description) {
    static final Plan NONE = new Plan(null, null, 0, "no filter");
  }

  /** Why a filter has no HBase equivalent. */
  private static final class NoEquivalent extends Exception {
    private static final long serialVersionUID = 1L;

    NoEquivalent(String why) {
      super(why, null, false, false);
    }
  }

  /** The plan for {@code filter} in a get ({@code get}) or a scan. */
  static Plan plan(Filter filter, boolean get) {
    if (filter == null) {
      return Plan.NONE;
    }
    try {
      org.apache.hadoop.hbase.filter.Filter server = translate(filter, get, true);
      return new Plan(server, null, pageLimit(filter),
          filter + " runs on the region servers as HBase's " + server.getClass().getSimpleName()
              + (signed(filter) ? " (signed integers compared as unsigned byte ranges, one for each sign)" : ""));
    } catch (NoEquivalent e) {
      return new Plan(null, filter, 0, filter + " runs in the client on the rows the region servers return: "
          + e.getMessage());
    }
  }

  private static long pageLimit(Filter f) {
    if (f instanceof PageFilter p) {
      return p.getPageSize();
    }
    if (f instanceof FilterList l && l.getOperator() == FilterList.Operator.MUST_PASS_ALL) {
      long limit = 0;
      for (Filter m : l.getFilters()) {
        long p = pageLimit(m);
        if (p > 0) {
          limit = limit == 0 ? p : Math.min(limit, p);
        }
      }
      return limit;
    }
    return 0;
  }

  private static org.apache.hadoop.hbase.filter.Filter translate(Filter f, boolean get, boolean andPath)
      throws NoEquivalent {
    if (f instanceof RowFilter r) {
      return compare(r.getCompareOperator(), r.getComparator(), org.apache.hadoop.hbase.filter.RowFilter::new, true);
    }
    if (f instanceof FamilyFilter r) {
      return new org.apache.hadoop.hbase.filter.FamilyFilter(op(r.getCompareOperator()), comparator(r.getComparator()));
    }
    if (f instanceof QualifierFilter r) {
      return compare(r.getCompareOperator(), r.getComparator(), org.apache.hadoop.hbase.filter.QualifierFilter::new,
          true);
    }
    if (f instanceof ValueFilter r) {
      return compare(r.getCompareOperator(), r.getComparator(), org.apache.hadoop.hbase.filter.ValueFilter::new, true);
    }
    if (f instanceof SingleColumnValueFilter s) {
      // of several filters on the column, each would pass a row if any version matched it
      return compare(s.getCompareOperator(), s.getComparator(), (op, c) -> {
        var h = new org.apache.hadoop.hbase.filter.SingleColumnValueFilter(s.getFamily(), s.getQualifier(), op, c);
        h.setFilterIfMissing(s.getFilterIfMissing());
        h.setLatestVersionOnly(s.getLatestVersionOnly());
        return h;
      }, s.getLatestVersionOnly());
    }
    if (f instanceof PrefixFilter p) {
      return new org.apache.hadoop.hbase.filter.PrefixFilter(p.getPrefix());
    }
    if (f instanceof ColumnPrefixFilter p) {
      return new org.apache.hadoop.hbase.filter.ColumnPrefixFilter(p.getPrefix());
    }
    if (f instanceof MultipleColumnPrefixFilter p) {
      return new org.apache.hadoop.hbase.filter.MultipleColumnPrefixFilter(p.getPrefixes().toArray(new byte[0][]));
    }
    if (f instanceof ColumnRangeFilter r) {
      return new org.apache.hadoop.hbase.filter.ColumnRangeFilter(r.getMinColumn(), r.isMinColumnInclusive(),
          r.getMaxColumn(), r.isMaxColumnInclusive());
    }
    if (f instanceof FirstKeyOnlyFilter) {
      return new org.apache.hadoop.hbase.filter.FirstKeyOnlyFilter();
    }
    if (f instanceof KeyOnlyFilter k) {
      return new org.apache.hadoop.hbase.filter.KeyOnlyFilter(k.isLenAsVal());
    }
    if (f instanceof TimestampsFilter t) {
      return new org.apache.hadoop.hbase.filter.TimestampsFilter(new ArrayList<>(t.getTimestamps()));
    }
    if (f instanceof MultiRowRangeFilter m) {
      List<org.apache.hadoop.hbase.filter.MultiRowRangeFilter.RowRange> ranges = new ArrayList<>();
      for (MultiRowRangeFilter.RowRange r : m.getRowRanges()) {
        ranges.add(new org.apache.hadoop.hbase.filter.MultiRowRangeFilter.RowRange(r.getStartRow(),
            r.isStartRowInclusive(), r.getStopRow(), r.isStopRowInclusive()));
      }
      return new org.apache.hadoop.hbase.filter.MultiRowRangeFilter(ranges);
    }
    if (f instanceof ColumnCountGetFilter c) {
      if (!get) {
        throw new NoEquivalent("HBase's ColumnCountGetFilter ends a scan at the first row with more columns");
      }
      return new org.apache.hadoop.hbase.filter.ColumnCountGetFilter(c.getLimit());
    }
    if (f instanceof RandomRowFilter r) {
      if (r.isSeeded()) {
        throw new NoEquivalent("HBase's RandomRowFilter takes no seed");
      }
      return new org.apache.hadoop.hbase.filter.RandomRowFilter(r.getChance());
    }
    if (f instanceof PageFilter p) {
      if (!andPath) {
        throw new NoEquivalent("HBase counts a PageFilter's page per region, which the client can only correct "
            + "at the top of the filter or in a top-level AND list");
      }
      return new org.apache.hadoop.hbase.filter.PageFilter(p.getPageSize());
    }
    if (f instanceof FilterList l) {
      boolean and = l.getOperator() == FilterList.Operator.MUST_PASS_ALL;
      List<org.apache.hadoop.hbase.filter.Filter> members = new ArrayList<>();
      for (Filter m : l.getFilters()) {
        members.add(translate(m, get, andPath && and));
      }
      return new org.apache.hadoop.hbase.filter.FilterList(and
          ? org.apache.hadoop.hbase.filter.FilterList.Operator.MUST_PASS_ALL
          : org.apache.hadoop.hbase.filter.FilterList.Operator.MUST_PASS_ONE, members);
    }
    throw new NoEquivalent(f.getClass().getName() + " has no HBase equivalent");
  }

  /** Makes an HBase filter of one class, comparing by {@code op} against {@code c}. */
  private interface Comparing {
    org.apache.hadoop.hbase.filter.Filter make(org.apache.hadoop.hbase.CompareOperator op,
        org.apache.hadoop.hbase.filter.ByteArrayComparable c);
  }

  /**
   * The HBase filter comparing by {@code op} against {@code c}: a filter of {@code make}'s class, or
   * for a {@link SignedIntegerComparator} a list of them ({@link #signed}); {@code combinable} says
   * whether an AND of several such filters means what one filter of the AND of their conditions
   * would.
   */
  private static org.apache.hadoop.hbase.filter.Filter compare(CompareOperator op, ByteArrayComparable c,
      Comparing make, boolean combinable) throws NoEquivalent {
    if (c instanceof SignedIntegerComparator) {
      if (!combinable) {
        throw new NoEquivalent("SignedIntegerComparator becomes several HBase filters, which over every version of "
            + "a column would not test one version for the whole comparison");
      }
      return signed(op, c.getValue(), make);
    }
    return make.make(op(op), comparator(c));
  }

  /**
   * A comparison of big-endian two's-complement integers of {@code ref}'s width as HBase's
   * unsigned {@code BinaryComparator}s: within each sign the unsigned order of the bytes is the
   * numbers' order, the negative ones (first bit set, unsigned at or past {@code 80 00 ..}) come
   * before the others. So {@code v < ref} for a non-negative {@code ref} is {@code v >= 80 00 ..}
   * (negative) OR {@code v < ref} unsigned; for a negative one {@code 80 00 .. <= v < ref}; the
   * greater-than forms the reverse. A value of another width is no integer of the type (it
   * never equals and sorts after every integer, as {@link SignedIntegerComparator} has it): the
   * orderings test the width with a pattern of that many bytes.
   */
  private static org.apache.hadoop.hbase.filter.Filter signed(CompareOperator op, byte[] ref, Comparing make) {
    var bound = new org.apache.hadoop.hbase.filter.BinaryComparator(ref);
    byte[] firstNegative = new byte[ref.length];
    firstNegative[0] = (byte) 0x80;
    var negatives = new org.apache.hadoop.hbase.filter.BinaryComparator(firstNegative);
    boolean negativeRef = ref[0] < 0;
    var width = new org.apache.hadoop.hbase.filter.RegexStringComparator("\\A.{" + ref.length + "}\\z",
        java.util.regex.Pattern.DOTALL);
    width.setCharset(java.nio.charset.StandardCharsets.ISO_8859_1);
    org.apache.hadoop.hbase.CompareOperator h = op(op);
    switch (op) {
      case LESS, LESS_OR_EQUAL -> {
        var negative = make.make(org.apache.hadoop.hbase.CompareOperator.GREATER_OR_EQUAL, negatives);
        var below = make.make(h, bound);
        return list(true, make.make(org.apache.hadoop.hbase.CompareOperator.EQUAL, width),
            negativeRef ? list(true, negative, below) : list(false, negative, below));
      }
      case GREATER, GREATER_OR_EQUAL -> {
        var nonNegative = make.make(org.apache.hadoop.hbase.CompareOperator.LESS, negatives);
        var above = make.make(h, bound);
        return list(false, make.make(org.apache.hadoop.hbase.CompareOperator.NOT_EQUAL, width),
            negativeRef ? list(false, nonNegative, above) : list(true, above, nonNegative));
      }
      default -> {
        // equality is the bytes' (a value of another width differs), NO_OP compares nothing
        return make.make(h, bound);
      }
    }
  }

  private static org.apache.hadoop.hbase.filter.FilterList list(boolean and,
      org.apache.hadoop.hbase.filter.Filter... members) {
    return new org.apache.hadoop.hbase.filter.FilterList(and
        ? org.apache.hadoop.hbase.filter.FilterList.Operator.MUST_PASS_ALL
        : org.apache.hadoop.hbase.filter.FilterList.Operator.MUST_PASS_ONE, members);
  }

  /** Whether {@code f} compares signed integers anywhere. */
  private static boolean signed(Filter f) {
    if (f instanceof FilterList l) {
      for (Filter m : l.getFilters()) {
        if (signed(m)) {
          return true;
        }
      }
      return false;
    }
    return f instanceof dev.cellar.storage.filter.CompareFilter c && c.getComparator() instanceof SignedIntegerComparator
        || f instanceof SingleColumnValueFilter s && s.getComparator() instanceof SignedIntegerComparator;
  }

  private static org.apache.hadoop.hbase.CompareOperator op(CompareOperator op) {
    return org.apache.hadoop.hbase.CompareOperator.valueOf(op.name());
  }

  private static org.apache.hadoop.hbase.filter.ByteArrayComparable comparator(ByteArrayComparable c)
      throws NoEquivalent {
    if (c instanceof BinaryComparator) {
      return new org.apache.hadoop.hbase.filter.BinaryComparator(c.getValue());
    }
    if (c instanceof BinaryPrefixComparator) {
      return new org.apache.hadoop.hbase.filter.BinaryPrefixComparator(c.getValue());
    }
    if (c instanceof RegexStringComparator r) {
      return new org.apache.hadoop.hbase.filter.RegexStringComparator(
          new String(r.getValue(), java.nio.charset.StandardCharsets.UTF_8), r.getFlags());
    }
    if (c instanceof SubstringComparator s) {
      return new org.apache.hadoop.hbase.filter.SubstringComparator(
          new String(s.getValue(), java.nio.charset.StandardCharsets.UTF_8));
    }
    throw new NoEquivalent(c.getClass().getSimpleName() + " has no HBase equivalent");
  }
}
