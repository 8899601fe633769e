package dev.cellar.jdbc.reliability;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/**
 * The writes of {@link SqlCrashTest}: operation {@code n} of a seed is always the same
 * statement, or the same transaction of several, over two tables with secondary indexes
 * (a global one with INCLUDE, one on a BIGINT, a local one over a DESC key). {@link Model}
 * applies an operation the way the database should, so that the state after operations
 * {@code 0..n} is known exactly.
 */
final class CrashWorkload {
  static final int ACCOUNTS = 40;
  static final String[] INDEXES = {"ACCT_OWNER ON ACCT", "ACCT_BALANCE ON ACCT", "EV_TAG ON EV"};

  /** One operation: its statements, whether they form one transaction, and its effect. */
  record Op(long n, List<String> sql, boolean transaction, java.util.function.Consumer<Model> effect) {}

  private CrashWorkload() {}

  static void create(Connection c) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("CREATE TABLE ACCT (ID INTEGER NOT NULL PRIMARY KEY, OWNER VARCHAR(20), BALANCE BIGINT, VERSION BIGINT)");
      s.execute("CREATE INDEX ACCT_OWNER ON ACCT (OWNER) INCLUDE (BALANCE)");
      s.execute("CREATE INDEX ACCT_BALANCE ON ACCT (BALANCE)");
      s.execute("CREATE TABLE EV (GRP BIGINT NOT NULL, SEQ INTEGER NOT NULL, TAG VARCHAR(20), "
          + "CONSTRAINT PK_EV PRIMARY KEY (GRP, SEQ DESC))");
      s.execute("CREATE LOCAL INDEX EV_TAG ON EV (TAG)");
      StringBuilder rows = new StringBuilder("INSERT INTO ACCT VALUES ");
      for (int i = 0; i < ACCOUNTS; i++) {
        rows.append(i == 0 ? "" : ", ").append("(").append(i).append(", 'o").append(i % 5).append("', 1000, -1)");
      }
      s.execute(rows.toString());
    }
  }

  /** Operation {@code n} of {@code seed}. */
  static Op op(long seed, long n) {
    Random r = new Random(seed * 1_000_003L + n);
    List<String> sql = new ArrayList<>();
    switch (r.nextInt(6)) {
      case 0: { // rows of a new group in one INSERT
        int k = 1 + r.nextInt(5);
        StringBuilder values = new StringBuilder("INSERT INTO EV VALUES ");
        for (int i = 0; i < k; i++) {
          values.append(i == 0 ? "" : ", ").append("(").append(n).append(", ").append(i).append(", 't").append(i % 3)
              .append("')");
        }
        sql.add(values.toString());
        return new Op(n, sql, false, m -> {
          for (int i = 0; i < k; i++) {
            m.ev.put(key(n, i), "t" + (i % 3));
          }
        });
      }
      case 1: { // one account set outright
        int id = r.nextInt(ACCOUNTS);
        String owner = "o" + r.nextInt(9);
        sql.add("UPDATE ACCT SET OWNER = '" + owner + "', BALANCE = " + n + ", VERSION = " + n + " WHERE ID = " + id);
        return new Op(n, sql, false, m -> m.acct.put(id, owner + "|" + n + "|" + n));
      }
      case 2:
      case 3: { // a transfer and its record, in one transaction
        int a = r.nextInt(ACCOUNTS);
        int b = (a + 1 + r.nextInt(ACCOUNTS - 1)) % ACCOUNTS;
        int amount = 1 + r.nextInt(100);
        sql.add("UPDATE ACCT SET BALANCE = BALANCE - " + amount + ", VERSION = " + n + " WHERE ID = " + a);
        sql.add("UPDATE ACCT SET BALANCE = BALANCE + " + amount + ", VERSION = " + n + " WHERE ID = " + b);
        sql.add("INSERT INTO EV VALUES (" + n + ", 0, 'xfer')");
        return new Op(n, sql, true, m -> {
          m.acct.put(a, m.add(a, -amount, n));
          m.acct.put(b, m.add(b, amount, n));
          m.ev.put(key(n, 0), "xfer");
        });
      }
      case 4: { // a group deleted
        long g = Math.max(0, n - 1 - r.nextInt(60));
        sql.add("DELETE FROM EV WHERE GRP = " + g);
        return new Op(n, sql, false, m -> m.ev.keySet().removeIf(k -> k.startsWith(String.format("%012d|", g))));
      }
      default: { // upserts over earlier groups and an owner change, in one transaction
        int k = 2 + r.nextInt(3);
        List<long[]> keys = new ArrayList<>();
        for (int i = 0; i < k; i++) {
          long g = Math.max(0, n - r.nextInt(30));
          int s = r.nextInt(4);
          keys.add(new long[] {g, s});
          sql.add("UPSERT INTO EV (GRP, SEQ, TAG) VALUES (" + g + ", " + s + ", 'u" + (n % 11) + "')");
        }
        int id = r.nextInt(ACCOUNTS);
        String owner = "p" + r.nextInt(9);
        sql.add("UPDATE ACCT SET OWNER = '" + owner + "' WHERE ID = " + id);
        return new Op(n, sql, true, m -> {
          for (long[] key : keys) {
            m.ev.put(key(key[0], (int) key[1]), "u" + (n % 11));
          }
          String[] row = m.acct.get(id).split("\\|");
          m.acct.put(id, owner + "|" + row[1] + "|" + row[2]);
        });
      }
    }
  }

  /** Runs operation {@code op} on {@code c} (auto-commit on); returns once it is committed. */
  static void run(Connection c, Op op) throws SQLException {
    try (Statement s = c.createStatement()) {
      if (op.transaction()) {
        c.setAutoCommit(false);
        try {
          for (String sql : op.sql()) {
            s.executeUpdate(sql);
          }
          c.commit();
        } finally {
          c.setAutoCommit(true);
        }
      } else {
        s.executeUpdate(op.sql().get(0));
      }
    }
  }

  static String key(long grp, int seq) {
    return String.format("%012d|%d", grp, seq);
  }

  /** The rows both tables should hold, as text. */
  static final class Model {
    final Map<Integer, String> acct = new TreeMap<>();
    final Map<String, String> ev = new TreeMap<>();

    Model() {
      for (int i = 0; i < ACCOUNTS; i++) {
        acct.put(i, "o" + (i % 5) + "|1000|-1");
      }
    }

    Model copy() {
      Model m = new Model();
      m.acct.putAll(acct);
      m.ev.putAll(ev);
      return m;
    }

    String add(int id, long amount, long version) {
      String[] row = acct.get(id).split("\\|");
      return row[0] + "|" + (Long.parseLong(row[1]) + amount) + "|" + version;
    }

    /** The rows of a database, in the model's form. */
    static Model read(Connection c) throws SQLException {
      Model m = new Model();
      m.acct.clear();
      try (Statement s = c.createStatement()) {
        try (ResultSet rs = s.executeQuery("SELECT ID, OWNER, BALANCE, VERSION FROM ACCT")) {
          while (rs.next()) {
            m.acct.put(rs.getInt(1), rs.getString(2) + "|" + rs.getLong(3) + "|" + rs.getLong(4));
          }
        }
        try (ResultSet rs = s.executeQuery("SELECT GRP, SEQ, TAG FROM EV")) {
          while (rs.next()) {
            m.ev.put(key(rs.getLong(1), rs.getInt(2)), rs.getString(3));
          }
        }
      }
      return m;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Model m && acct.equals(m.acct) && ev.equals(m.ev);
    }

    @Override
    public int hashCode() {
      return acct.hashCode() * 31 + ev.hashCode();
    }

    @Override
    public String toString() {
      return "acct " + acct + "\nev " + ev;
    }
  }
}
