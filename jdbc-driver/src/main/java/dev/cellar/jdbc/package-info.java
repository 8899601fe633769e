/**
 * The JDBC driver: java.sql.Driver, DataSource and URL handling.
 */
package dev.cellar.jdbc;
