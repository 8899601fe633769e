/**
 * The SQL layer over the storage API: {@link dev.cellar.sql.database.CellarDatabase} (one per open
 * store, shared by its connections), SQLStates ({@link dev.cellar.sql.SqlState},
 * {@link dev.cellar.sql.SqlErrors}) and the packages {@code catalog} (tables and views kept in
 * the store), {@code ddl} (Phoenix DDL), {@code exec} (rows to cells and back, DML),
 * {@code database} (the open database), {@code prepare}, {@code schema}, {@code rel}, {@code rules}, {@code keyrange}, {@code runtime} and {@code profile} (Calcite) and {@code codec} (rowkey and value encodings). See
 * {@code sql-planner/docs/}.
 */
package dev.cellar.sql;

