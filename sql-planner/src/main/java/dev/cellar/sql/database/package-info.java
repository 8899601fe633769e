/**
 * The database: {@link dev.cellar.sql.database.CellarDatabase}, one per open store and shared by
 * its connections (the catalog, the DDL and table write locks, background tasks), the statement
 * {@link dev.cellar.sql.database.Timestamps} and the generated {@link dev.cellar.sql.database.RowIds}.
 * May import the storage API, {@code dev.cellar.sql} (errors) and {@code catalog}.
 */
package dev.cellar.sql.database;
