/**
 * Calcite's view of the catalog: {@link dev.cellar.sql.schema.CellarSchemaFactory} →
 * {@link dev.cellar.sql.schema.CellarSchema} → {@link dev.cellar.sql.schema.CellarTable} (whose
 * {@code toRel} makes a {@link dev.cellar.sql.rel.CellarTableScan}, and whose {@code query},
 * {@code aggregate} and {@code modify} the generated code calls), views as table macros, the
 * {@code CELLAR} system schema, index hints. May import {@code rel}, {@code keyrange},
 * {@code runtime}, {@code profile}, {@code exec}, {@code catalog}, {@code database}.
 */
package dev.cellar.sql.schema;
