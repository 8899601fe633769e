/**
 * Relational operators of the {@code CELLAR} convention: the table scan that carries its
 * {@link dev.cellar.sql.keyrange.AccessPath}, the aggregate computed in the scan, the table
 * modify, and the converter to Calcite's enumerable convention that writes the calls into the
 * generated code. May import {@code keyrange}, {@code runtime}, {@code profile} and
 * {@code schema}.
 */
package dev.cellar.sql.rel;
