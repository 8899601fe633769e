/**
 * The file system the engine writes through: {@link dev.cellar.storage.fs.Vfs} with a local
 * implementation (one directory), an in-memory one (no files), and a fault-injecting in-memory
 * one ({@link dev.cellar.storage.fs.FaultyVfs}: power loss, I/O errors, a full disk, crashes at
 * the engine's named {@link dev.cellar.storage.fs.CrashPoint}s) for testing.
 */
package dev.cellar.storage.fs;
