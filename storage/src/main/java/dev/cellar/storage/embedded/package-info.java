/**
 * The embedded engine: {@link dev.cellar.storage.embedded.EmbeddedStore} opens a store in one
 * directory (or in memory) and serves the storage API from a write-ahead log, memstores and
 * immutable store files.
 */
package dev.cellar.storage.embedded;
