package dev.cellar.sql.schema.system;

import dev.cellar.sql.database.CellarDatabase;
import dev.cellar.storage.StoreFileStats;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Linq4j;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;

/**
 * {@code CELLAR.STORE_FILES}: one row per store file of every region of every table and global
 * index ({@link dev.cellar.storage.Admin#storeFiles}); a file two daughters of a split share is
 * listed under each.
 */
final class StoreFilesTable extends SystemTable {
  private final CellarDatabase db;

  StoreFilesTable(CellarDatabase db) {
    this.db = db;
  }

  @Override
  public RelDataType getRowType(RelDataTypeFactory f) {
    return f.builder().add("TABLE_NAME", text(f)).add("REGION_NAME", text(f)).add("FAMILY", text(f))
        .add("FILE_NAME", text(f)).add("BYTES", bigint(f)).add("CELLS", bigint(f)).add("FIRST_KEY", nullableText(f))
        .add("LAST_KEY", nullableText(f)).add("MAX_SEQUENCE", nullableBigint(f)).add("CREATED", nullableTimestamp(f))
        .build();
  }

  @Override
  public Enumerable<Object[]> scan(DataContext root) {
    List<Object[]> rows = StoreTables.rows(db, t -> {
      List<Object[]> out = new ArrayList<>();
      for (StoreFileStats s : db.store().admin().storeFiles(t.storageName())) {
        out.add(new Object[] {t.name(), s.regionName(), s.family(), s.name(), s.bytes(), s.cells(), t.show(s.firstRow()),
            t.show(s.lastRow()), s.maxSequence() < 0 ? null : s.maxSequence(),
            s.createdMillis() < 0 ? null : s.createdMillis()});
      }
      return out;
    });
    return Linq4j.asEnumerable(rows);
  }
}
