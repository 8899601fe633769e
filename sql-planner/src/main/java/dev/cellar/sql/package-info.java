/**
 * The SQL layer over the storage API: {@link dev.cellar.sql.database.CellarDatabase} (one per open
 * store, shared by its connections), SQLStates ({@link dev.cellar.sql.SqlState},
 * {@link dev.cellar.sql.SqlErrors}) and the packages {@code catalog} (tables and views kept in
 * the store), {@code ddl} (Phoenix DDL), {@code exec} (rows to cells and back, DML),
 * {@code database} (the open database), {@code txn} (transactions), {@code session} (a
 * connection's state), {@code prepare}, {@code schema}, {@code rel}, {@code rules},
 * {@code keyrange}, {@code runtime} and {@code profile} (Calcite), {@code parser} (the generated
 * SQL parser and its lexer) and {@code codec} (rowkey and value encodings). The packages, what
 * flows through them and who may import whom: {@code sql-planner/docs/DESIGN.md}. This package
 * imports none of them.
 */
package dev.cellar.sql;

