/**
 * The JDBC driver ({@link dev.cellar.jdbc.CellarDriver}, URLs {@code jdbc:cellar:mem:NAME} and
 * {@code jdbc:cellar:file:PATH}), its property registry ({@link dev.cellar.jdbc.CellarProperty})
 * and {@link dev.cellar.jdbc.CellarDataSource}. Built on Calcite's driver and Avatica: see
 * {@code jdbc-driver/README.md}.
 */
package dev.cellar.jdbc;
