package dev.cellar.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.jdbc.CellarDriver;
import dev.cellar.storage.Bytes;
import dev.cellar.storage.Get;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The demo database ({@code ./cellar sql}): the seed tables created through SQL and, beside them,
 * the wide-row layouts in their raw form with their views named {@code wide_...}.
 */
class SeedSqlTest {
  @Test
  void theDemoDatabaseHasTheSeedTablesAndTheWideRowLayouts() throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:cellar:mem:")) {
      assertEquals(SeedSql.TABLES, SeedSql.load(c));
      // the SQL tables, as the quick start queries them
      assertEquals(List.of("S1, I42, new", "S1, I43, sale", "S2, I42, used"),
          WideRows.rows(c, "SELECT * FROM shop_item ORDER BY 1, 2", 10));
      // the raw wide rows, mapped: shop S1's row holds item:<item_id>=type
      assertEquals(List.of("I42, new", "I43, sale"),
          WideRows.rows(c, "SELECT item_id, type FROM wide_shop_item WHERE shop_id = 'S1' ORDER BY item_id", 10));
      assertEquals("new", Bytes.toString(CellarDriver.database(c).store().table("shop")
          .get(new Get(Bytes.toBytes("S1"))).value(Bytes.toBytes("item"), Bytes.toBytes("I42"))));
      assertEquals(List.of("1 | 2 | 3 | 4 | 5 | 7"), WideRows.rows(c, "SELECT LISTAGG(CAST(CAST(file_id AS INTEGER)"
          + " AS VARCHAR), ' | ') WITHIN GROUP (ORDER BY file_id) FROM \"wide_files\" WHERE user_id = '000001'"
          + " AND ctime BETWEEN '20120901' AND '20121001' AND \"name\" LIKE '中国好声音%' AND \"category\" LIKE '综艺%'", 10));
      for (String view : List.of("WIDE_CATEGORY", "WIDE_CATEGORY_PARENT", "WIDE_SHOP", "WIDE_ITEM_SHOP", "WIDE_SALE",
          "WIDE_USERS", "WIDE_USER_FANS", "WIDE_HISTORY", "WIDE_HISTORY_BY_TIME")) {
        assertTrue(Integer.parseInt(WideRows.rows(c, "SELECT COUNT(*) FROM " + view, 1).get(0)) > 0, view);
      }
      // loading again changes nothing
      assertEquals(List.of(), SeedSql.load(c));
      assertEquals(List.of("I42, new", "I43, sale"),
          WideRows.rows(c, "SELECT item_id, type FROM wide_shop_item WHERE shop_id = 'S1' ORDER BY item_id", 10));
    }
  }
}
