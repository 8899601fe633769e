/**
 * JMH benchmarks of SQL access paths over the Sales schema (SEEDS.md §6), on Cellar and on
 * SQLite, beside the storage reads an expert would write for the same questions; see
 * {@code benchmarks/README.md}.
 */
package dev.cellar.benchmarks.sql;
