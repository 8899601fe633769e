/**
 * The in-memory write buffer: a concurrent sorted map of cells per family
 * ({@link dev.cellar.storage.memstore.MemStore}) and multi-version concurrency control
 * ({@link dev.cellar.storage.memstore.Mvcc}) that gives every reader one consistent snapshot.
 */
package dev.cellar.storage.memstore;
