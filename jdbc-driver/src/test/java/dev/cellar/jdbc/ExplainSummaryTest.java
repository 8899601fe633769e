package dev.cellar.jdbc;

import static dev.cellar.jdbc.Sql.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.util.List;
import org.junit.jupiter.api.Test;

/** EXPLAIN's first line: a one-line summary of what the statement reads, the operator tree under it. */
class ExplainSummaryTest {
  @Test
  void theFirstLineSaysWhatIsRead() throws Exception {
    try (Connection c = Sql.connect(Sql.freshMem())) {
      run(c, "CREATE TABLE sale (user_id VARCHAR NOT NULL, n INTEGER NOT NULL, v INTEGER "
          + "CONSTRAINT pk PRIMARY KEY (user_id, n))", "CREATE INDEX sale_v ON sale (v)",
          "UPSERT INTO sale VALUES ('u0001', 1, 10)", "UPSERT INTO sale VALUES ('u0002', 1, 20)");
      assertFirst(c, "SELECT * FROM sale WHERE user_id = 'u0001'", "PREFIX SCAN OVER SALE (USER_ID = 'u0001'), est. ");
      assertFirst(c, "SELECT * FROM sale WHERE user_id = 'u0001' AND n > 3",
          "RANGE SCAN OVER SALE (USER_ID = 'u0001', N > 3), est. ");
      assertFirst(c, "SELECT * FROM sale WHERE user_id = 'u0001' AND n IN (1, 2)",
          "POINT LOOKUP ON 2 KEYS OVER SALE (USER_ID = 'u0001', N IN (1, 2)), est. 2 rows");
      assertFirst(c, "SELECT * FROM sale WHERE user_id = 'u0001' AND n = 1",
          "POINT LOOKUP ON 1 KEY OVER SALE (USER_ID = 'u0001', N = 1), est. 1 row");
      assertFirst(c, "SELECT COUNT(*) FROM sale", "FULL SCAN OVER SALE, est. ");
      assertFirst(c, "SELECT user_id FROM sale WHERE v = 10", "INDEX PREFIX SCAN OVER SALE_V (V = 10) OF SALE, est. ");
      assertFirst(c, "SELECT 1", "NO TABLE READ");
      assertFirst(c, "UPSERT INTO sale VALUES ('u3', 1, 1)", "PUT ROWS INTO SALE");
      List<String> plan = Sql.strings(c, "EXPLAIN PLAN FOR SELECT * FROM sale WHERE user_id = 'u0001'");
      assertTrue(plan.get(1).startsWith("CellarToEnumerableConverter"), plan.toString());
      assertTrue(plan.get(2).contains("path=[PREFIX SCAN (USER_ID = 'u0001')]"), plan.toString());
    }
  }

  private static void assertFirst(Connection c, String sql, String start) throws Exception {
    List<String> plan = Sql.strings(c, "EXPLAIN " + sql);
    assertTrue(plan.get(0).startsWith(start), () -> sql + ": " + String.join("\n", plan));
    assertEquals(-1, plan.get(0).indexOf('\n'));
  }
}
