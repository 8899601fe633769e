package dev.cellar.jdbc;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.CellarStore;
import dev.cellar.storage.ColumnFamilyDescriptor;
import dev.cellar.storage.Put;
import dev.cellar.storage.Table;
import dev.cellar.storage.TableDescriptor;
import java.nio.charset.StandardCharsets;

/** Store tables written as the HBase shell writes them, for tests that map them to SQL. */
final class RawTables {
  private RawTables() {}

  /** Creates store table {@code name} with {@code families} and returns it. */
  static Table create(CellarStore store, String name, String... families) {
    TableDescriptor.Builder b = TableDescriptor.newBuilder(name);
    for (String f : families) {
      b.family(ColumnFamilyDescriptor.of(f));
    }
    store.admin().createTable(b.build());
    return store.table(name);
  }

  /** {@code put 'files', row, 'f:q', 'text'} in the HBase shell: every value is its UTF-8 text. */
  static void shellPut(Table t, String row, String... familyQualifierValue) {
    Put p = new Put(Bytes.toBytes(row));
    for (int i = 0; i < familyQualifierValue.length; i += 2) {
      String[] fq = familyQualifierValue[i].split(":");
      p.addColumn(Bytes.toBytes(fq[0]), Bytes.toBytes(fq[1]), familyQualifierValue[i + 1].getBytes(StandardCharsets.UTF_8));
    }
    t.put(p);
  }
}
