/**
 * The Calcite adapter, laid out like Calcite's InnoDB adapter: {@link
 * dev.cellar.sql.adapter.CellarSchemaFactory} → {@link dev.cellar.sql.adapter.CellarSchema} →
 * {@link dev.cellar.sql.adapter.CellarTable} → {@link dev.cellar.sql.adapter.CellarTableScan} →
 * {@link dev.cellar.sql.adapter.CellarRules} → {@link
 * dev.cellar.sql.adapter.CellarToEnumerableConverter} → {@link
 * dev.cellar.sql.adapter.CellarEnumerator}, with the immutable {@link
 * dev.cellar.sql.adapter.AccessPath} that {@code EXPLAIN} prints; writes through {@link
 * dev.cellar.sql.adapter.CellarTableModify}; {@link dev.cellar.sql.adapter.CellarPrepare} runs
 * DDL and caches plans.
 */
package dev.cellar.sql.adapter;
