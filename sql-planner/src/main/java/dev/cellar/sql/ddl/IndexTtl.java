package dev.cellar.sql.ddl;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import dev.cellar.sql.catalog.ColumnDef;
import dev.cellar.sql.catalog.IndexDef;
import dev.cellar.sql.catalog.RowTtl;
import dev.cellar.sql.catalog.TableDef;
import dev.cellar.sql.database.CellarDatabase;
import dev.cellar.sql.exec.IndexMapping;
import dev.cellar.sql.exec.TableMapping;
import dev.cellar.storage.ColumnFamilyDescriptor;
import dev.cellar.storage.TableDescriptor;
import java.util.ArrayList;
import java.util.List;

/**
 * The TTL of index entries ({@code indexes.md}, "Tables with a TTL"): an index's family gets the
 * life of its table's rows ({@link RowTtl#rowTtl}) when it is created and whenever ALTER TABLE
 * changes its table's TTLs; an index that reads a column whose family expires before its rows
 * do is refused, as its entries could not follow the rows.
 */
final class IndexTtl {
  private IndexTtl() {}

  /** The family {@code family} of an index's entries: one version, and the TTL of the rows of {@code life}'s table. */
  static ColumnFamilyDescriptor entryFamily(String family, RowTtl life) {
    return entryFamily(ColumnFamilyDescriptor.newBuilder(family).maxVersions(1), life);
  }

  private static ColumnFamilyDescriptor entryFamily(ColumnFamilyDescriptor.Builder b, RowTtl life) {
    return b.ttlSeconds(life.rowTtl()).build();
  }

  /**
   * Refuses index {@code ix} of {@code t} when a column it indexes, includes or computes from
   * lives in a family that expires before the table's rows do ({@code life}).
   *
   * @param alter whether an ALTER TABLE would make it so (else a CREATE INDEX)
   * @throws CellarSqlException 0A000 naming the index, the table, the columns and their families' TTLs
   */
  static void check(IndexDef ix, TableDef t, RowTtl life, boolean alter) {
    IndexMapping m = new IndexMapping(ix, new TableMapping(t));
    List<ColumnDef> read = new ArrayList<>();
    for (int f = 0; f < t.columns().size(); f++) {
      if (m.reads(f)) {
        read.add(t.columns().get(f));
      }
    }
    List<String> shortLived = life.shortLivedColumns(read);
    if (!shortLived.isEmpty()) {
      throw new CellarSqlException(SqlState.FEATURE_NOT_SUPPORTED, (alter ? "cannot alter table " + t.name()
          + ": its index " + ix.name() + " reads " + String.join(", ", shortLived) + ", which would expire"
          : "cannot create index " + ix.name() + " of table " + t.name() + ": it would read "
          + String.join(", ", shortLived) + ", which expires") + " before the table's rows do ("
          + ttl(life.rowTtl()) + "): a row would stay under an entry for a value that is gone; give the "
          + "families one TTL");
    }
  }

  private static String ttl(int seconds) {
    return seconds == RowTtl.FOREVER ? "kept forever" : "TTL " + seconds + " s";
  }

  /**
   * Checks every index of {@code t} against the families {@code after} that an ALTER TABLE is
   * about to give its store table, before anything changes.
   */
  static void checkAlter(CellarDatabase db, TableDef t, TableDescriptor after) {
    RowTtl life = RowTtl.of(t, after);
    for (IndexDef ix : db.catalog().snapshot().indexesOf(t.name())) {
      check(ix, t, life, true);
    }
  }

  /** Gives the families of {@code t}'s indexes the TTL of its rows as the store table has its families now. */
  static void follow(CellarDatabase db, TableDef t) {
    TableDescriptor data = db.store().admin().describe(t.storageName());
    RowTtl life = RowTtl.of(t, data);
    for (IndexDef ix : db.catalog().snapshot().indexesOf(t.name())) {
      if (!db.store().admin().tableExists(ix.storageName())) {
        continue;
      }
      TableDescriptor d = ix.storageName().equals(t.storageName()) ? data
          : db.store().admin().describe(ix.storageName());
      if (!d.hasFamily(ix.family())) {
        continue;
      }
      ColumnFamilyDescriptor now = d.family(ix.family());
      ColumnFamilyDescriptor want = entryFamily(now.toBuilder(), life);
      if (!want.equals(now)) {
        db.store().admin().modifyFamily(ix.storageName(), want);
      }
    }
  }
}
