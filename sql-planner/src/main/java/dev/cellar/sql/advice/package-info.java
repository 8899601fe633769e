/**
 * Schema advice: the design rules of HBase's schema guides ({@link dev.cellar.sql.advice.SchemaReview})
 * applied to tables as DDL creates them (warnings of the statement,
 * {@link dev.cellar.sql.advice.StatementWarnings}) and to a whole database
 * ({@link dev.cellar.sql.advice.CatalogReview}, {@code cellar lint}), and rules over the store's
 * statistics and {@code UPDATE STATISTICS}' counts ({@link dev.cellar.sql.advice.LiveReview}).
 * May import {@code catalog}, {@code codec}, {@code database} and the storage API.
 */
package dev.cellar.sql.advice;
