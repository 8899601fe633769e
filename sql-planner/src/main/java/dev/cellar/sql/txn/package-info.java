/**
 * Transactions of the embedded engine: a connection with auto-commit off reads one
 * {@link dev.cellar.storage.Snapshot} of the store taken at its first statement, with its own
 * writes held back as {@link dev.cellar.storage.PendingWrites} and laid over every read; commit
 * checks that no row it wrote was written by anyone since its snapshot (first committer wins)
 * and writes everything as one atomic batch ({@link dev.cellar.sql.txn.Transaction}). Imports the
 * storage API and {@link dev.cellar.sql.database.CellarDatabase}; the layers above reach it through the
 * connection's session.
 */
package dev.cellar.sql.txn;
