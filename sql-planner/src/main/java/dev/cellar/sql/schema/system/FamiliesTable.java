package dev.cellar.sql.schema.system;

import dev.cellar.sql.database.CellarDatabase;
import dev.cellar.storage.ColumnFamilyDescriptor;
import dev.cellar.storage.TableDescriptor;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Linq4j;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;

/**
 * {@code CELLAR.FAMILIES}: one row per column family of every table and global index, with
 * every setting of its descriptor ({@link ColumnFamilyDescriptor}), as {@code ALTER TABLE ... SET}
 * changes them.
 */
final class FamiliesTable extends SystemTable {
  private final CellarDatabase db;

  FamiliesTable(CellarDatabase db) {
    this.db = db;
  }

  @Override
  public RelDataType getRowType(RelDataTypeFactory f) {
    return f.builder().add("TABLE_NAME", text(f)).add("FAMILY", text(f)).add("VERSIONS", integer(f))
        .add("MIN_VERSIONS", integer(f)).add("TTL", f.createTypeWithNullability(integer(f), true))
        .add("BLOCKSIZE", integer(f)).add("BLOCKCACHE", bool(f)).add("IN_MEMORY", bool(f))
        .add("BLOOMFILTER", text(f)).add("COMPRESSION", text(f)).build();
  }

  @Override
  public Enumerable<Object[]> scan(DataContext root) {
    List<Object[]> rows = StoreTables.rows(db, t -> {
      TableDescriptor d = db.store().admin().describe(t.storageName());
      List<Object[]> out = new ArrayList<>();
      for (ColumnFamilyDescriptor c : d.families()) {
        out.add(new Object[] {t.name(), c.name(), c.maxVersions(), c.minVersions(),
            c.hasTtl() ? c.ttlSeconds() : null, c.blockSize(), c.blockCache(), c.inMemory(), c.bloomType().name(),
            c.compression().name()});
      }
      return out;
    });
    return Linq4j.asEnumerable(rows);
  }
}
