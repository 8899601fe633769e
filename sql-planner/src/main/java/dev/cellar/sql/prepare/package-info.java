/**
 * The Calcite pipeline and Cellar's corrections to it: {@link dev.cellar.sql.prepare.CellarPrepare}
 * (parse, validate, convert, plan, implement; DDL handed to {@code ddl}), the plan cache, the
 * connection's {@link dev.cellar.sql.prepare.CellarSession}, the validator and type system, and the
 * convertlets and rewrites that make Calcite answer as the SQL standard does (checked arithmetic,
 * constant errors, literal types, NULL folding, column labels). The top of the SQL layer: may
 * import every other package of it.
 */
package dev.cellar.sql.prepare;
