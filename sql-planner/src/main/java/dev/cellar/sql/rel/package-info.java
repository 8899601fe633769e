/**
 * Relational operators of the {@code CELLAR} convention and the table they read, kept together
 * as Calcite's adapters keep them: {@link dev.cellar.sql.rel.CellarTable} (whose {@code toRel}
 * makes a {@link dev.cellar.sql.rel.CellarTableScan}, and whose {@code query}, {@code aggregate}
 * and {@code modify} the generated code calls, named by {@link dev.cellar.sql.rel.CellarMethod}),
 * the scan that carries its {@link dev.cellar.sql.keyrange.AccessPath}, the aggregate computed in
 * the scan, the table modify, the converter to Calcite's enumerable convention, and what the
 * table reads from a statement (index hints, dynamic columns, an UPSERT's columns, scan keys).
 * May import {@code keyrange}, {@code runtime}, {@code profile}, {@code session}, {@code exec},
 * {@code database}, {@code catalog} and {@code codec}; not {@code rules} (the prepare layer
 * adds them to its planners), {@code schema} or {@code prepare}.
 */
package dev.cellar.sql.rel;
