/**
 * SQL sequences ({@code CREATE SEQUENCE}, {@code NEXT VALUE FOR}, {@code CURRENT VALUE FOR}):
 * their definitions and state in the system table {@code _cellar_sequences}
 * ({@code sql-planner/docs/sequence-format.md}), the batches of values each database reserves
 * from it atomically, and each connection's current values ({@link dev.cellar.sql.sequence.Sequences}).
 * May import the storage API, {@code dev.cellar.sql} (errors), {@code catalog} and {@code database}.
 */
package dev.cellar.sql.sequence;
