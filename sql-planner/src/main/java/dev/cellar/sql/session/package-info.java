/**
 * The connection's state besides Calcite's own: {@link dev.cellar.sql.session.CellarSession}
 * holds its database, its {@code currentScn}, its transaction, and what the layers above keep per
 * connection without this package knowing them (the plan cache's counters, the prepare that
 * analyzes views). Operators and the schema find it through the connection's schema.
 * May import {@code catalog}, {@code database} and {@code txn}.
 */
package dev.cellar.sql.session;
