/**
 * The SQL layer over the storage API: {@link dev.cellar.sql.CellarDatabase} (one per open
 * store, shared by its connections), SQLStates ({@link dev.cellar.sql.SqlState},
 * {@link dev.cellar.sql.SqlErrors}) and the packages {@code catalog} (tables and views kept in
 * the store), {@code ddl} (Phoenix DDL), {@code exec} (rows to cells and back, DML),
 * {@code adapter} (Calcite) and {@code codec} (rowkey and value encodings). See
 * {@code sql-planner/docs/}.
 */
package dev.cellar.sql;
