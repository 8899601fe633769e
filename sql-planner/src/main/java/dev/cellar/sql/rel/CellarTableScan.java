package dev.cellar.sql.rel;

import dev.cellar.sql.codec.RowKeyCodec;
import dev.cellar.sql.exec.IndexMapping;
import dev.cellar.sql.keyrange.AccessPath;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.config.CalciteConnectionConfig;
import org.apache.calcite.config.NullCollation;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptCost;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelCollation;
import org.apache.calcite.rel.RelCollationTraitDef;
import org.apache.calcite.rel.RelCollations;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;

/** A read of one table along an {@link AccessPath}; {@code EXPLAIN} shows the path. */
public class CellarTableScan extends TableScan implements CellarRel {
  public final CellarTable cellarTable;
  public final AccessPath accessPath;
  /** The table's fields this scan returns, in output order; null for all of them. */
  final int[] fields;
  /** What the query's hints allow of the table's indexes. */
  public final IndexHint hint;

  CellarTableScan(RelOptCluster cluster, RelTraitSet traitSet, RelOptTable table, CellarTable cellarTable,
      AccessPath accessPath, int[] fields, IndexHint hint) {
    super(cluster, traitSet, List.of(), table);
    this.cellarTable = cellarTable;
    this.accessPath = accessPath;
    this.fields = fields;
    this.hint = hint;
    assert getConvention() == CellarRel.CONVENTION;
  }

  @Override
  public RelDataType deriveRowType() {
    RelDataType all = table.getRowType();
    if (fields == null) {
      return all;
    }
    RelDataTypeFactory.Builder b = getCluster().getTypeFactory().builder();
    for (int f : fields) {
      b.add(all.getFieldList().get(f));
    }
    return b.build();
  }

  /** The table field of output column {@code i}. */
  public int tableField(int i) {
    return fields == null ? i : fields[i];
  }

  /** The output column of table field {@code f}, or -1 if the scan does not return it. */
  public int outputOf(int f) {
    if (fields == null) {
      return f;
    }
    for (int i = 0; i < fields.length; i++) {
      if (fields[i] == f) {
        return i;
      }
    }
    return -1;
  }

  @Override
  public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
    assert inputs.isEmpty();
    return this;
  }

  /**
   * A scan of {@code table} along {@code path}, with the order its rows come in: rowkey order
   * (for a salted table, its buckets' scans merged by unsalted key), which for a table with a
   * declared key is the order of the key columns (each in its direction, as far as their
   * encoding sorts in SQL order) after the leading columns the path binds to one value.
   */
  static CellarTableScan create(RelOptCluster cluster, RelOptTable table, CellarTable cellarTable, AccessPath path,
      int[] fields) {
    return create(cluster, table, cellarTable, path, fields, IndexHint.ANY);
  }

  /** As {@link #create(RelOptCluster, RelOptTable, CellarTable, AccessPath, int[])}, under index hints. */
  static CellarTableScan create(RelOptCluster cluster, RelOptTable table, CellarTable cellarTable, AccessPath path,
      int[] fields, IndexHint hint) {
    RelTraitSet traits = cluster.traitSetOf(CellarRel.CONVENTION)
        .replaceIfs(RelCollationTraitDef.INSTANCE, () -> collations(cluster, cellarTable, path, fields));
    return new CellarTableScan(cluster, traits, table, cellarTable, path, fields, hint);
  }

  private static List<RelCollation> collations(RelOptCluster cluster, CellarTable table, AccessPath path,
      int[] projected) {
    // an index path comes in the order of the index's entries
    var mapping = path.index() == null ? table.mapping() : table.index(path.index()).entries();
    RowKeyCodec codec = mapping.keyCodec();
    if (codec == null) {
      return List.of(RelCollations.EMPTY);
    }
    CalciteConnectionConfig config = cluster.getPlanner().getContext().unwrap(CalciteConnectionConfig.class);
    NullCollation nulls = config == null ? NullCollation.HIGH : config.defaultNullCollation();
    // one order, never several: the planner files a rel with several orders under none, and the
    // forward and reversed scans of one table would then share a set whose order neither keeps
    int bound = path.boundPrefix();
    int[] keyFields = mapping.keyFields();
    int fieldCount = table.mapping().fieldCount();
    RelCollation order = bound > 0 && bound < codec.columns().size()
        ? keyOrder(codec, keyFields, fieldCount, bound, projected, nulls, path.isReversed())
        : keyOrder(codec, keyFields, fieldCount, 0, projected, nulls, path.isReversed());
    return List.of(order);
  }

  /**
   * The order of rows with equal key columns before {@code from}: key columns from {@code from}
   * on, as long as their encoding sorts in SQL order (as do the ones before) and the scan
   * returns them; reversed for a reversed scan.
   */
  private static RelCollation keyOrder(RowKeyCodec codec, int[] keyFields, int fieldCount, int from, int[] projected,
      NullCollation nulls, boolean reversed) {
    List<RelFieldCollation> fields = new ArrayList<>();
    for (int k = 0; k < keyFields.length && codec.field(k).orderPreserving(); k++) {
      if (k < from) {
        continue;
      }
      // an index entry's NULLs sort first in an ascending column, last in a descending one
      if (keyFields[k] >= fieldCount || codec.columns().get(k).nullable() && nulls != NullCollation.LOW) {
        break;
      }
      int out = position(projected, keyFields[k]);
      if (out < 0) {
        break;
      }
      boolean desc = codec.columns().get(k).descending() != reversed;
      fields.add(new RelFieldCollation(out, desc ? RelFieldCollation.Direction.DESCENDING
          : RelFieldCollation.Direction.ASCENDING, nulls.last(desc) ? RelFieldCollation.NullDirection.LAST
          : RelFieldCollation.NullDirection.FIRST));
    }
    return RelCollations.of(fields);
  }

  private static int position(int[] projected, int field) {
    if (projected == null) {
      return field;
    }
    for (int i = 0; i < projected.length; i++) {
      if (projected[i] == field) {
        return i;
      }
    }
    return -1;
  }

  /** This scan reading along {@code path} instead. */
  public CellarTableScan withPath(AccessPath path) {
    return create(getCluster(), getTable(), cellarTable, path, fields, hint);
  }

  /** This scan returning only the table's {@code fields}. */
  public CellarTableScan withFields(int[] newFields) {
    return create(getCluster(), getTable(), cellarTable, accessPath, newFields, hint);
  }

  @Override
  public double estimateRowCount(RelMetadataQuery mq) {
    return accessPath.estimateRows(super.estimateRowCount(mq));
  }

  @Override
  public RelOptCost computeSelfCost(RelOptPlanner planner, RelMetadataQuery mq) {
    double rows = estimateRowCount(mq);
    // a limit is a guarantee where the row estimate is a guess: of two paths estimated alike,
    // the one that stops at its limit is cheaper
    double factor = accessPath.hasLimit() ? 0.9 : 1.0;
    // key ranges never read more than the whole table: when estimates say they read as much (a
    // small or new table), they still win
    factor *= accessPath.kind() == AccessPath.Kind.FULL_SCAN ? 1.0 : 0.5;
    // rows the store filters out are neither decoded nor handed over
    factor *= accessPath.hasFilters() ? 0.7 : 1.0;
    // reading fewer columns reads fewer cells
    int all = table.getRowType().getFieldCount();
    factor *= fields == null ? 1.0 : 0.5 + 0.5 * fields.length / Math.max(1, all);
    // a reversed storage scan seeks back row by row: a little dearer than a forward one
    factor *= accessPath.isReversed() ? 1.05 : 1.0;
    if (accessPath.index() != null) {
      IndexMapping ix = cellarTable.index(accessPath.index());
      boolean covers = ix.coversAll(fields);
      if (accessPath.kind() == AccessPath.Kind.FULL_SCAN) {
        // A full read of an index returns the rows in the index's order, not in the key order of the
        // table's own scan (which a read of an unsalted table without ORDER BY keeps): it is chosen
        // when an ORDER BY wants its order, or when its entries are narrower than the table's rows by
        // a real margin; an index holding every column is no cheaper to read than the table.
        factor *= (covers ? Math.max(0.2, heldFraction(ix, all)) : 3.0) * 1.25;
      } else {
        // entries are narrow; a row they do not cover is one more random read
        factor *= covers ? 0.8 : 3.0;
      }
    }
    return planner.getCostFactory().makeCost(rows * factor, (rows + 1) * factor, 0);
  }

  /** The share of the table's {@code all} fields that an entry of {@code ix} holds. */
  private static double heldFraction(IndexMapping ix, int all) {
    int held = 0;
    for (int f = 0; f < all; f++) {
      held += ix.covers(f) ? 1 : 0;
    }
    return (double) held / Math.max(1, all);
  }

  @Override
  public RelWriter explainTerms(RelWriter pw) {
    RelWriter w = super.explainTerms(pw).item("path", accessPath);
    // where the store runs the path's filter (a backend may run some in its client)
    String placement = cellarTable.filterPlacement(accessPath);
    if (placement != null) {
      w.item("filter", placement);
    }
    if (accessPath.index() != null) {
      // which index, how it serves the query and why it was chosen
      String how = cellarTable.index(accessPath.index()).coversAll(fields) ? "covers the query"
          : "then rows of " + cellarTable.def().name() + " by key";
      String why = hint.forcesIndex() ? "forced by hint INDEX"
          : String.format(java.util.Locale.ROOT, "cheapest, est. %.0f rows",
              estimateRowCount(getCluster().getMetadataQuery()));
      w.item("index", how + "; " + why);
    }
    int versions = cellarTable.mapping().readVersions();
    if (versions > 1) {
      // each version a row (READ_VERSIONS, or the VERSIONS hint): also keeps the digest apart
      w.item("versions", versions == dev.cellar.sql.catalog.TableDef.Mapping.ALL_VERSIONS ? "ALL" : versions);
    }
    if (fields != null) {
      List<String> cells = new ArrayList<>();
      for (int f : fields) {
        String cell = cellarTable.mapping().cellName(f);
        if (cell != null) {
          cells.add(cell);
        }
      }
      w.item("columns", cells.isEmpty() ? "key only" : String.join(", ", cells));
    }
    return w;
  }

  @Override
  public void implement(Implementor implementor) {
    implementor.cellarTable = cellarTable;
    implementor.table = table;
    implementor.accessPath = accessPath;
    implementor.fields = fields == null ? cellarTable.allFields() : fields;
  }
}
