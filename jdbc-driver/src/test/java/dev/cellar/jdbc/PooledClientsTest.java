package dev.cellar.jdbc;

import static org.jooq.impl.DSL.field;
import static org.jooq.impl.DSL.sum;
import static org.jooq.impl.DSL.table;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.SQLDialect;
import org.jooq.Table;
import org.jooq.conf.RenderQuotedNames;
import org.jooq.conf.Settings;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.Test;

/**
 * The Java stack users bring, on Cellar as on H2: a HikariCP pool, plain JDBC and jOOQ (batches,
 * point and range queries, LIKE with a bound LIMIT, sums, updates, deletes, a committed and a
 * rolled-back transaction seen from other pooled connections). The same workload runs on both
 * databases and must give the same answers.
 */
class PooledClientsTest {
  private static final Table<Record> ITEM = table("item");
  private static final Field<Long> ID = field("id", Long.class);
  private static final Field<String> NAME = field("name", String.class);
  private static final Field<Long> PRICE = field("price", Long.class);

  @Test
  void aPoolWithPlainJdbcAndJooqGivesTheAnswersH2Gives() throws Exception {
    List<String> h2 = workload("jdbc:h2:mem:pool" + System.nanoTime() + ";DB_CLOSE_DELAY=-1", SQLDialect.H2);
    List<String> cellar = workload(Sql.freshMem().replace(";shutdown=true", ""), SQLDialect.DEFAULT);
    assertEquals(h2, cellar);
    assertTrue(cellar.contains("committed seen by another connection: 2"), cellar.toString());
  }

  /** Runs the workload on a pool of connections to {@code url}; its answers, in order. */
  static List<String> workload(String url, SQLDialect dialect) throws Exception {
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl(url);
    config.setMaximumPoolSize(4);
    config.setMinimumIdle(2);
    List<String> out = new ArrayList<>();
    try (HikariDataSource pool = new HikariDataSource(config)) {
      try (Connection c = pool.getConnection(); Statement s = c.createStatement()) {
        s.execute("CREATE TABLE item (id BIGINT NOT NULL PRIMARY KEY, name VARCHAR(40), price BIGINT)");
      }
      // a prepared batch through plain JDBC
      try (Connection c = pool.getConnection();
          PreparedStatement p = c.prepareStatement("INSERT INTO item (id, name, price) VALUES (?, ?, ?)")) {
        for (long i = 1; i <= 300; i++) {
          p.setLong(1, i);
          p.setString(2, "item-" + (i % 17) + "-" + i);
          p.setLong(3, i * 3 % 101);
          p.addBatch();
          if (i % 100 == 0) {
            p.executeBatch();
          }
        }
      }
      DSLContext dsl = DSL.using(pool, dialect, new Settings().withRenderQuotedNames(RenderQuotedNames.NEVER));
      // a jOOQ batch
      dsl.batch(dsl.insertInto(ITEM, ID, NAME, PRICE).values((Long) null, null, null))
          .bind(301L, "extra-1", 5L).bind(302L, "extra-2", 6L).execute();
      out.add("point: " + dsl.select(NAME, PRICE).from(ITEM).where(ID.eq(42L)).fetchOne());
      out.add("range: " + dsl.select(ID).from(ITEM).where(ID.between(10L, 14L)).orderBy(ID).fetch(ID));
      out.add("like limit: " + dsl.select(ID, NAME).from(ITEM).where(NAME.like("item-3-%")).orderBy(ID.desc())
          .limit(4).fetch().map(r -> r.get(ID) + "=" + r.get(NAME)));
      out.add("like limit offset: " + dsl.select(ID).from(ITEM).where(NAME.like("item-3-%")).orderBy(ID)
          .limit(2).offset(3).fetch(ID));
      out.add("sum: " + dsl.select(sum(PRICE)).from(ITEM).fetchOne(0, BigDecimal.class).longValue());
      out.add("count: " + dsl.fetchCount(ITEM));
      out.add("updated: " + dsl.update(ITEM).set(PRICE, PRICE.plus(1000)).where(ID.le(10L)).execute());
      out.add("deleted: " + dsl.deleteFrom(ITEM).where(ID.gt(295L)).execute());
      out.add("sum after: " + dsl.select(sum(PRICE)).from(ITEM).fetchOne(0, BigDecimal.class).longValue());
      // a committed transaction, seen from other pooled connections
      dsl.transaction(tx -> {
        DSLContext t = DSL.using(tx);
        t.insertInto(ITEM, ID, NAME, PRICE).values(1001L, "tx-a", 1L).values(1002L, "tx-b", 2L).execute();
        t.update(ITEM).set(PRICE, 0L).where(ID.eq(1L)).execute();
        out.add("inside: " + t.fetchCount(ITEM, NAME.like("tx-%")));
      });
      out.add("committed seen by another connection: " + countTx(pool));
      // a rolled-back transaction leaves nothing
      assertThrows(IllegalStateException.class, () -> dsl.transaction(tx -> {
        DSLContext t = DSL.using(tx);
        t.insertInto(ITEM, ID, NAME, PRICE).values(2001L, "tx-c", 1L).execute();
        t.deleteFrom(ITEM).where(ID.eq(2L)).execute();
        throw new IllegalStateException("give up");
      }));
      out.add("after rollback: " + countTx(pool) + " " + dsl.fetchCount(ITEM, ID.eq(2L)));
      out.add("price of 1: " + dsl.select(PRICE).from(ITEM).where(ID.eq(1L)).fetchOne(PRICE));
      // every pooled connection is back in auto-commit and usable
      for (int i = 0; i < 6; i++) {
        try (Connection c = pool.getConnection()) {
          assertTrue(c.getAutoCommit());
          out.add("pooled " + i + ": " + count(c, "SELECT COUNT(*) FROM item"));
        }
      }
    }
    return out;
  }

  private static long countTx(HikariDataSource pool) throws SQLException {
    try (Connection c = pool.getConnection()) {
      return count(c, "SELECT COUNT(*) FROM item WHERE name LIKE 'tx-%'");
    }
  }

  private static long count(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }
}
