/**
 * The file system the engine writes through: {@link dev.cellar.storage.fs.Vfs} with a local
 * implementation (one directory), an in-memory one (no files) and a fault-injecting wrapper
 * for crash and corruption tests.
 */
package dev.cellar.storage.fs;
