package dev.cellar.sql.txn;

/**
 * A store view that can be told of key ranges a statement's correctness rests on, beyond the rows
 * it writes: a transaction's commit fails (SQLState 40001) if anyone wrote into such a range after
 * its snapshot. A unique index check is one: the entries with a value must be the ones the
 * transaction saw, or two transactions could each add the same value.
 */
public interface RangeWatch {
  /** Watches the rows of storage table {@code table} that start with {@code prefix}. */
  void watchPrefix(String table, byte[] prefix);
}
