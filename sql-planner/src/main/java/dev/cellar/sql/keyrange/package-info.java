/**
 * Predicates to key ranges and storage filters: {@link dev.cellar.sql.keyrange.KeyConditions}
 * turns a condition over the key columns into {@link dev.cellar.sql.keyrange.KeyBox}es, those into
 * rowkey ranges of an {@link dev.cellar.sql.keyrange.AccessPath}; {@link
 * dev.cellar.sql.keyrange.ValuePredicate} turns conditions over other columns into storage filters;
 * {@link dev.cellar.sql.keyrange.TimeBound} reads time ranges and {@code currentScn}. Pure functions
 * of a condition and a table mapping: may import {@code exec}'s mappings, {@code catalog},
 * {@code codec} and the storage API's filters, nothing of the planner's operators.
 */
package dev.cellar.sql.keyrange;
