/**
 * Runtime of the SQL layer: how rows map onto cells ({@link dev.cellar.sql.exec.TableMapping}),
 * atomic DML ({@link dev.cellar.sql.exec.TableWriter}), statement timestamps, generated rowkeys
 *, index maintenance and cancellation.
 */
package dev.cellar.sql.exec;
