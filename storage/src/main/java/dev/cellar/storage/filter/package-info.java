/**
 * Scan filters, evaluated inside the region scanner after the read rules have chosen the
 * visible cells, so that rows and cells that fail them never leave the engine (SEEDS.md §5).
 * Names and semantics follow HBase's filters so that users recognise them.
 *
 * <p>The contract is {@link dev.cellar.storage.filter.Filter}: when each method runs, the
 * return codes, hints, and which state an instance holds (one instance per scan). Compare
 * filters ({@link dev.cellar.storage.filter.RowFilter}, {@link dev.cellar.storage.filter.FamilyFilter},
 * {@link dev.cellar.storage.filter.QualifierFilter}, {@link dev.cellar.storage.filter.ValueFilter},
 * {@link dev.cellar.storage.filter.SingleColumnValueFilter}) take a
 * {@link dev.cellar.storage.filter.CompareOperator} and a
 * {@link dev.cellar.storage.filter.ByteArrayComparable}. Filters that know where the next
 * match can be return seek hints ({@link dev.cellar.storage.filter.MultiRowRangeFilter},
 * {@link dev.cellar.storage.filter.PrefixFilter} across rows;
 * {@link dev.cellar.storage.filter.ColumnPrefixFilter},
 * {@link dev.cellar.storage.filter.MultipleColumnPrefixFilter},
 * {@link dev.cellar.storage.filter.ColumnRangeFilter}, {@link dev.cellar.storage.filter.FamilyFilter}
 * within a row). {@link dev.cellar.storage.filter.FilterList} combines filters with AND or OR.
 *
 * <p>Attach a filter with {@code Scan.setFilter} or {@code Get.setFilter}. Row ranges, prefixes
 * and column selection on the scan itself are always cheaper than the equivalent filter: they
 * bound what is read, while a filter looks at what is read.
 */
package dev.cellar.storage.filter;
