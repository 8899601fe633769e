package dev.cellar.sql.schema.system;

import dev.cellar.sql.database.CellarDatabase;
import dev.cellar.sql.database.RegionRates;
import dev.cellar.storage.RegionInfo;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Linq4j;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;

/**
 * {@code CELLAR.REGIONS}: one row per region of every table and global index, with the store's
 * statistics ({@link dev.cellar.storage.Admin#regions}) and its reads and writes per second over
 * the database's sliding window ({@link RegionRates}).
 */
final class RegionsTable extends SystemTable {
  private final CellarDatabase db;

  RegionsTable(CellarDatabase db) {
    this.db = db;
  }

  @Override
  public RelDataType getRowType(RelDataTypeFactory f) {
    return f.builder().add("TABLE_NAME", text(f)).add("REGION_NAME", text(f)).add("START_KEY", nullableText(f))
        .add("END_KEY", nullableText(f)).add("STORE_FILE_BYTES", bigint(f)).add("MEMSTORE_BYTES", bigint(f))
        .add("CELLS", nullableBigint(f)).add("STORE_FILES", integer(f)).add("READS_PER_SECOND", nullableDouble(f))
        .add("WRITES_PER_SECOND", nullableDouble(f)).add("READ_REQUESTS", bigint(f)).add("WRITE_REQUESTS", bigint(f))
        .build();
  }

  @Override
  public Enumerable<Object[]> scan(DataContext root) {
    RegionRates rates = RegionRates.of(db);
    List<Object[]> rows = StoreTables.rows(db, t -> {
      List<Object[]> out = new ArrayList<>();
      for (RegionRates.Rated rated : rates.sample(db.store().admin().regions(t.storageName()))) {
        RegionInfo r = rated.region();
        out.add(new Object[] {t.name(), r.name(), t.show(r.startRow()), t.show(r.endRow()), r.storeFileBytes(),
            r.memstoreBytes(), r.cells() < 0 ? null : r.cells(), r.storeFiles(), rated.readsPerSecond(),
            rated.writesPerSecond(), r.readRequests(), r.writeRequests()});
      }
      return out;
    });
    return Linq4j.asEnumerable(rows);
  }
}
