/**
 * Rows and cells: how rows map onto cells ({@link dev.cellar.sql.exec.TableMapping}) and are
 * encoded and decoded ({@link dev.cellar.sql.exec.RowCodec}), atomic DML
 * ({@link dev.cellar.sql.exec.TableWriter}), value limits, index maintenance and builds, and
 * cancellation. May import {@code txn}, {@code database}, {@code catalog}, {@code codec} and
 * {@code parser} (index expressions); nothing of {@code ddl} or the planner.
 */
package dev.cellar.sql.exec;
