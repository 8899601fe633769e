package dev.cellar.sql.advice;

import dev.cellar.sql.catalog.ColumnDef;
import dev.cellar.sql.catalog.IndexDef;
import dev.cellar.sql.catalog.RowTtl;
import dev.cellar.sql.catalog.TableDef;
import dev.cellar.sql.codec.KeyType;
import dev.cellar.storage.ColumnFamilyDescriptor;
import dev.cellar.storage.TableDescriptor;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The schema-design advice of HBase's guides, as rules over a table's definition and its store
 * table's family settings: each {@link Advice} names its rule, the table and columns or family
 * it is about, and a concrete fix. Pure functions: {@code CREATE TABLE}, {@code CREATE INDEX} and
 * {@code CREATE VIEW} report what they return as warnings of the statement, and {@code cellar
 * lint} runs them over every table of a database. The rules and their thresholds are listed in
 * {@code sql-planner/docs/advice.md}.
 */
public final class SchemaReview {
  /** More families than this make every flush and compaction of a region work on all of them. */
  static final int MAX_FAMILIES = 3;
  /** Family names longer than this are repeated in every cell for nothing. */
  static final int MAX_FAMILY_NAME = 8;
  /** A key whose likely length passes this is past the 10–100 bytes the guides advise. */
  static final int MAX_KEY_BYTES = 100;
  /** VERSIONS from here on keep a history a table should keep as rows. */
  static final int MANY_VERSIONS = 100;

  private static final Pattern TIME_LIKE = Pattern.compile(
      "(^|_)(TS|TIME|TIMESTAMP|DATE|DATETIME|CREATED|UPDATED|SEQ|SEQUENCE|EPOCH)(_|$)|(TIME|DATE|STAMP)$");
  private static final Pattern HEX = Pattern.compile("[0-9a-f]+");

  private SchemaReview() {}

  /**
   * The advice on table {@code table}, whose store table is described by {@code store} (null
   * for a table whose store table is not known), with indexes {@code indexes} and their store
   * tables' descriptions {@code indexStores} (same order; an entry may be null).
   */
  static List<Advice> table(TableDef table, TableDescriptor store, List<IndexDef> indexes,
      List<TableDescriptor> indexStores) {
    List<Advice> out = new ArrayList<>();
    String name = table.qualifiedName();
    List<ColumnDef> key = table.keyColumns();
    if (!table.isMapped() && !table.hiddenKey() && !key.isEmpty()) {
      ColumnDef lead = key.get(0);
      if (table.saltBuckets() == 0 && grows(lead)) {
        out.add(new Advice(Advice.Rule.MONOTONIC_KEY, name, lead.name(), "the key starts with " + lead.name()
            + ", which grows with time: every write goes to the last region",
            "put another column (the user, device or account id) before " + lead.name()
                + " in the primary key, or add SALT_BUCKETS=N to spread writes over N buckets"));
      }
      int likely = likelyKeyBytes(key);
      if (likely > MAX_KEY_BYTES) {
        out.add(new Advice(Advice.Rule.LONG_KEY, name, names(key), "the key is likely " + likely
            + " bytes long, and is stored again in every cell of the row",
            "keep keys within 10-100 bytes (16 or less is best): shorter or fixed-width columns, numbers as "
                + "BIGINT rather than text, a hash of a long text column"));
      }
    }
    if (!table.isMapped()) {
      List<String> families = new ArrayList<>(table.families());
      families.remove(table.markerFamily());
      if (!families.contains(table.markerFamily()) && families.size() + 1 > MAX_FAMILIES && store != null
          && store.hasFamily(table.markerFamily())) {
        families.add(table.markerFamily());
      }
      families.sort(null);
      if (families.size() > MAX_FAMILIES) {
        out.add(new Advice(Advice.Rule.MANY_FAMILIES, name, String.join(", ", families), families.size()
            + " column families: a flush or compaction of one works on all of a region's families",
            "use one family, at most " + MAX_FAMILIES + "; keep columns read together in one family"));
      }
      for (String f : families) {
        if (f.length() > MAX_FAMILY_NAME) {
          out.add(new Advice(Advice.Rule.LONG_FAMILY_NAME, name, f, "family name " + f + " ("
              + f.length() + " characters) is stored in every cell", "use a family name of 1 to 3 characters"));
        }
      }
    }
    for (ColumnDef c : table.columns()) {
      if (c.isMap()) {
        out.add(new Advice(Advice.Rule.UNPAGED_DYNAMIC_FAMILY, name, c.name(), "MAP column " + c.name()
            + " is read whole with its row: a row with many entries is one large read",
            "map family " + c.family() + " with CREATE VIEW ... DYNAMIC_FAMILY to read its entries as rows, "
                + "a range of them at a time"));
      }
    }
    if (store != null) {
      for (ColumnFamilyDescriptor f : store.families()) {
        if (f.maxVersions() >= MANY_VERSIONS) {
          out.add(new Advice(Advice.Rule.MANY_VERSIONS, name, f.name(), "family " + f.name() + " keeps "
              + f.maxVersions() + " versions of each cell", "keep history as rows (a time in the key) and "
              + "VERSIONS at the few a reader needs"));
        }
        if (f.minVersions() > 0 && !f.hasTtl()) {
          out.add(new Advice(Advice.Rule.MIN_VERSIONS_WITHOUT_TTL, name, f.name(), "family " + f.name()
              + " has MIN_VERSIONS=" + f.minVersions() + " but no TTL: MIN_VERSIONS only matters when a TTL expires "
              + "cells", "set a TTL on " + f.name() + ", or drop MIN_VERSIONS"));
        }
      }
      for (int i = 0; i < indexes.size(); i++) {
        TableDescriptor ixStore = i < indexStores.size() ? indexStores.get(i) : null;
        Advice a = indexTtl(table, store, indexes.get(i), ixStore);
        if (a != null) {
          out.add(a);
        }
      }
    }
    Advice splits = splits(table);
    if (splits != null) {
      out.add(splits);
    }
    return out;
  }

  /** Whether a leading key column likely grows with time: a date or time, the row timestamp, or a number named as a time or sequence. */
  static boolean grows(ColumnDef c) {
    KeyType t = c.type().type();
    if (t == KeyType.DATE || t == KeyType.TIME || t == KeyType.TIMESTAMP || c.rowTimestamp()) {
      return true;
    }
    boolean number = t == KeyType.INTEGER || t == KeyType.BIGINT;
    return number && TIME_LIKE.matcher(c.name().toUpperCase(Locale.ROOT)).find();
  }

  /** The bytes a key of these columns likely takes: declared widths, 8 for numbers and dates, 12 for timestamps, 0 for unbounded text. */
  static int likelyKeyBytes(List<ColumnDef> key) {
    int n = 0;
    for (ColumnDef c : key) {
      switch (c.type().type()) {
        case BOOLEAN:
        case TINYINT:
          n += 1;
          break;
        case SMALLINT:
          n += 2;
          break;
        case INTEGER:
        case REAL:
          n += 4;
          break;
        case BIGINT:
        case DOUBLE:
        case DATE:
        case TIME:
          n += 8;
          break;
        case TIMESTAMP:
          n += 12;
          break;
        case DECIMAL:
          n += c.type().precision() > 0 ? c.type().precision() / 2 + 2 : 8;
          break;
        default:
          n += Math.max(c.type().precision(), 0);
          break;
      }
    }
    return n;
  }

  /**
   * An index whose entries do not live as long as its table's rows ({@link RowTtl#rowTtl}): Cellar
   * gives them that TTL, and ALTER TABLE keeps it, so this is a family changed by other means.
   */
  private static Advice indexTtl(TableDef table, TableDescriptor store, IndexDef index, TableDescriptor ixStore) {
    TableDescriptor where = index.layout() == IndexDef.Layout.FAMILY ? store : ixStore;
    if (store == null || where == null || !where.hasFamily(index.family())) {
      return null;
    }
    int dataTtl = RowTtl.of(table, store).rowTtl();
    ColumnFamilyDescriptor f = where.family(index.family());
    int indexTtl = f.hasTtl() ? f.ttlSeconds() : RowTtl.FOREVER;
    if (dataTtl == indexTtl) {
      return null;
    }
    return new Advice(Advice.Rule.INDEX_TTL_DIFFERS, table.qualifiedName(), index.name(), "index " + index.name()
        + " keeps entries " + ttl(indexTtl) + " while its table keeps rows " + ttl(dataTtl)
        + ": the index answers for rows that are gone, or misses rows that are there",
        "give the index's family " + index.family() + " of store table " + where.name() + " the rows' TTL ("
            + ttl(dataTtl) + "), or ALTER INDEX " + index.name() + " ON " + table.name() + " REBUILD");
  }

  private static String ttl(int seconds) {
    return seconds == RowTtl.FOREVER ? "forever" : seconds + " s";
  }

  /**
   * Split points chosen evenly over bytes on a key of hexadecimal text: some fall between '9'
   * and 'a' (bytes 58 to 96, which hex keys never hold), so the regions they bound stay empty.
   */
  static Advice splits(TableDef table) {
    List<String> points = table.splitPoints();
    if (points == null || points.size() < 2 || table.keyColumns().isEmpty()) {
      return null;
    }
    KeyType lead = table.keyColumns().get(0).type().type();
    if (lead != KeyType.CHAR && lead != KeyType.VARCHAR) {
      return null;
    }
    int hex = 0;
    List<String> dead = new ArrayList<>();
    for (String p : points) {
      String v = p.startsWith("'") && p.endsWith("'") && p.length() >= 2 ? p.substring(1, p.length() - 1) : p;
      if (HEX.matcher(v).matches()) {
        hex++;
      } else if (!v.isEmpty()) {
        int b = v.getBytes(StandardCharsets.UTF_8)[0] & 0xff;
        if (b >= 58 && b <= 96) {
          dead.add(v);
        }
      }
    }
    if (hex == 0 || dead.isEmpty()) {
      return null;
    }
    return new Advice(Advice.Rule.EMPTY_SPLITS, table.qualifiedName(), table.keyColumns().get(0).name(),
        "split points " + String.join(", ", dead) + " lie between '9' and 'a', where hexadecimal keys never fall: "
            + "their regions stay empty", "split over the values the key takes, e.g. SPLIT ON ('2', '4', '6', '8', "
            + "'a', 'c', 'e') for hexadecimal keys");
  }

  private static String names(List<ColumnDef> columns) {
    List<String> n = new ArrayList<>();
    for (ColumnDef c : columns) {
      n.add(c.name());
    }
    return String.join(", ", n);
  }
}
