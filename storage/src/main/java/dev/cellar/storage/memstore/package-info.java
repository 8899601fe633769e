/**
 * The in-memory write buffer: a concurrent sorted map of rows per family, each row its cells in
 * order, with a filter of the rows held ({@link dev.cellar.storage.memstore.MemStore}), and
 * multi-version concurrency control
 * ({@link dev.cellar.storage.memstore.Mvcc}) that gives every reader one consistent snapshot.
 */
package dev.cellar.storage.memstore;
