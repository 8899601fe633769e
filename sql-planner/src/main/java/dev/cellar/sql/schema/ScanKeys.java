package dev.cellar.sql.schema;

import dev.cellar.sql.rel.CellarTableScan;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.metadata.BuiltInMetadata;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * The unique keys of a {@link CellarTableScan}, in its own columns. Calcite reads a scan's keys
 * from its table, by the table's column numbers; a scan that returns some of the columns
 * ({@code columns=[I, B]}) numbers them otherwise, and its column 0 is then not the key. Taken
 * for one, it made {@code SELECT i, SUM(b) FROM t GROUP BY i} skip the grouping. A scan that
 * reads several versions of each row has no unique key at all.
 */
final class ScanKeys {
  /** Whether columns of a scan are unique. */
  static final BuiltInMetadata.ColumnUniqueness.Handler UNIQUENESS = ScanKeys::areColumnsUnique;
  /** The unique keys of a scan. */
  static final BuiltInMetadata.UniqueKeys.Handler KEYS = ScanKeys::getUniqueKeys;

  private ScanKeys() {}

  private static Boolean areColumnsUnique(RelNode r, RelMetadataQuery mq, ImmutableBitSet columns,
      boolean ignoreNulls) {
    Set<ImmutableBitSet> keys = getUniqueKeys(r, mq, ignoreNulls);
    for (ImmutableBitSet key : keys) {
      if (columns.contains(key)) {
        return true;
      }
    }
    return false;
  }

  private static Set<ImmutableBitSet> getUniqueKeys(RelNode r, RelMetadataQuery mq, boolean ignoreNulls) {
    if (!(r instanceof CellarTableScan scan) || scan.cellarTable.mapping().readVersions() != 1) {
      return Set.of();
    }
    List<ImmutableBitSet> tableKeys = scan.cellarTable.getStatistic().getKeys();
    Set<ImmutableBitSet> out = new HashSet<>();
    for (ImmutableBitSet key : tableKeys == null ? List.<ImmutableBitSet>of() : tableKeys) {
      ImmutableBitSet.Builder columns = ImmutableBitSet.builder();
      boolean returned = true;
      for (int field : key) {
        int column = scan.outputOf(field);
        returned &= column >= 0;
        columns.set(Math.max(column, 0));
      }
      if (returned) {
        out.add(columns.build());
      }
    }
    return out;
  }
}
