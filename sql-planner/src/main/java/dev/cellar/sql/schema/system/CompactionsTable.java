package dev.cellar.sql.schema.system;

import dev.cellar.sql.database.CellarDatabase;
import dev.cellar.storage.CompactionInfo;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Linq4j;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;

/**
 * {@code CELLAR.COMPACTIONS}: the compactions and splits running on every table's regions and the
 * last ones that finished ({@link dev.cellar.storage.Admin#compactions}).
 */
final class CompactionsTable extends SystemTable {
  private final CellarDatabase db;

  CompactionsTable(CellarDatabase db) {
    this.db = db;
  }

  @Override
  public RelDataType getRowType(RelDataTypeFactory f) {
    return f.builder().add("TABLE_NAME", text(f)).add("REGION_NAME", text(f)).add("KIND", text(f))
        .add("FILES_IN", integer(f)).add("FILES_OUT", integer(f)).add("BYTES_IN", bigint(f))
        .add("BYTES_OUT", bigint(f)).add("STARTED", nullableTimestamp(f)).add("ENDED", nullableTimestamp(f))
        .add("STATE", text(f)).build();
  }

  @Override
  public Enumerable<Object[]> scan(DataContext root) {
    List<Object[]> rows = StoreTables.rows(db, t -> {
      List<Object[]> out = new ArrayList<>();
      for (CompactionInfo c : db.store().admin().compactions(t.storageName())) {
        out.add(new Object[] {t.name(), c.regionName(), c.kind().name(), c.filesIn(), c.filesOut(), c.bytesIn(),
            c.bytesOut(), c.startedMillis() < 0 ? null : c.startedMillis(),
            c.endedMillis() < 0 ? null : c.endedMillis(), c.state().name()});
      }
      return out;
    });
    return Linq4j.asEnumerable(rows);
  }
}
