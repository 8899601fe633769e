/**
 * The file system the engine writes through: {@link dev.cellar.storage.fs.Vfs} with a local
 * implementation (one directory) and an in-memory one (no files) whose test hooks simulate
 * power loss and corruption.
 */
package dev.cellar.storage.fs;
