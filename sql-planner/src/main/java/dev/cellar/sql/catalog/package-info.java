/**
 * The relational catalog, kept in the system table {@code _cellar_catalog} of the store
 * ({@code sql-planner/docs/catalog-format.md}): tables with their columns, keys, families, salt
 * and split points, and views. May import {@code codec}.
 */
package dev.cellar.sql.catalog;
