/**
 * {@code cellar sql}: SQLLine on the Cellar JDBC driver.
 */
package dev.cellar.console.sql;
