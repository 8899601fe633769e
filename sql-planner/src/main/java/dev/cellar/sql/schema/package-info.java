/**
 * Calcite's view of the catalog: {@link dev.cellar.sql.schema.CellarSchemaFactory} puts a
 * {@link dev.cellar.sql.schema.CellarSchema} (the catalog's tables as shared
 * {@link dev.cellar.sql.rel.CellarTable}s, views as table macros analyzed by the session's
 * prepare) and the {@code CELLAR} system schema into a connection, with its
 * {@link dev.cellar.sql.session.CellarSession}. May import {@code rel}, {@code session},
 * {@code ddl} (index builds for the system schema), {@code database} and {@code catalog}.
 */
package dev.cellar.sql.schema;
