package dev.cellar.sql.catalog;

import dev.cellar.storage.ColumnFamilyDescriptor;
import dev.cellar.storage.TableDescriptor;
import java.util.ArrayList;
import java.util.List;

/**
 * How long the rows of a table live, from the TTLs of the families its cells live in
 * ({@link TableDef#families()}; a LOCAL index's family is not one of them), and what that asks
 * of its indexes ({@code indexes.md}, "Tables with a TTL").
 *
 * <p>Every statement writing a row of a table whose families expire writes all its cells again
 * at the statement's timestamp, so the cells of a row expire together when its families' TTLs
 * are equal. A row is there as long as any of its cells is: its life is the longest TTL of its
 * families, and an index entry gets that TTL, written at the row's timestamp. When the families'
 * TTLs differ, a row whose cells are all in shorter-lived families goes before its entry does;
 * an index of such a table checks each entry against its row when read
 * ({@link #indexChecksRows}). A value in a family that expires before the row's others would
 * leave its row behind under a stale entry: such an index is refused
 * ({@link #shortLivedColumns}).
 */
public final class RowTtl {
  /** The TTL of a family that keeps its cells forever. */
  public static final int FOREVER = ColumnFamilyDescriptor.FOREVER;

  private final TableDef table;
  private final TableDescriptor store;
  private final int longest;
  private final boolean expires;
  private final boolean uniform;

  private RowTtl(TableDef table, TableDescriptor store) {
    this.table = table;
    this.store = store;
    int max = -1;
    int min = Integer.MAX_VALUE;
    boolean any = false;
    for (String f : table.families()) {
      int ttl = ttl(f);
      any |= ttl != FOREVER;
      max = Math.max(max, ttl);
      min = Math.min(min, ttl);
    }
    this.expires = any;
    this.longest = any ? max : FOREVER;
    this.uniform = min == max;
  }

  /** The row lives of {@code table}, whose store table is described by {@code store}. */
  public static RowTtl of(TableDef table, TableDescriptor store) {
    return new RowTtl(table, store);
  }

  /** The TTL in seconds of family {@code family} of the store table ({@link #FOREVER} for none or an unknown family). */
  public int ttl(String family) {
    if (!store.hasFamily(family)) {
      return FOREVER;
    }
    ColumnFamilyDescriptor d = store.family(family);
    return d.hasTtl() ? d.ttlSeconds() : FOREVER;
  }

  /** Whether any family of the table's cells has a TTL. */
  public boolean expires() {
    return expires;
  }

  /** The longest TTL of the table's families, in seconds: how long a row lives after its last write; {@link #FOREVER} if one keeps its cells forever. */
  public int rowTtl() {
    return longest;
  }

  /**
   * Whether an index of the table must check each entry against its row when read, as its
   * entries may outlive their rows: the families' TTLs differ, the rows' cells take the
   * timestamps of a {@code ROW_TIMESTAMP} column rather than those of the statements writing
   * them (while entries take the statement's), or a row is a cell of a dynamic family (an index
   * build writes its entries at the build's time).
   */
  public boolean indexChecksRows() {
    return expires && (!uniform || table.rowTimestampColumn() != null || table.isDynamic());
  }

  /**
   * The columns of {@code columns} (the table's) whose family expires before the row's
   * longest-lived one, each with its family and its TTL: an index that reads one of them cannot
   * follow its rows.
   */
  public List<String> shortLivedColumns(List<ColumnDef> columns) {
    List<String> out = new ArrayList<>();
    for (ColumnDef c : columns) {
      if (c.isCell() && ttl(c.family()) < longest) {
        out.add(c.name() + " (family " + c.family() + ", TTL " + ttl(c.family()) + " s)");
      }
    }
    return out;
  }
}
