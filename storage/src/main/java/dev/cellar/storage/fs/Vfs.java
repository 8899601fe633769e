package dev.cellar.storage.fs;

import java.io.Closeable;
import java.io.IOException;
import java.util.List;

/**
 * A flat-ish file system rooted at the store's directory. Paths are relative, {@code /}
 * separated ({@code "wal/000001.log"}). Implementations are thread-safe.
 */
public interface Vfs {
  /** Creates (or truncates) a file for writing; parent directories are created as needed. */
  WritableFile create(String path) throws IOException;

  /** Opens an existing file for positional reads. */
  ReadableFile open(String path) throws IOException;

  /** Whether the file exists. */
  boolean exists(String path);

  /** Names (not paths) of the files directly inside {@code dir}, sorted; empty if it does not exist. */
  List<String> list(String dir) throws IOException;

  /** Deletes a file if it exists. */
  void delete(String path) throws IOException;

  /** Atomically renames {@code from} to {@code to}, replacing {@code to}. */
  void rename(String from, String to) throws IOException;

  /** Makes directory entries (creations, renames, deletes) in {@code dir} durable. */
  void syncDirectory(String dir) throws IOException;

  /**
   * Takes the exclusive lock on the store held in {@code path}. Released by closing the result.
   *
   * @throws IOException if another process or another open store holds it
   */
  Closeable lock(String path) throws IOException;

  /** A description for messages: the root directory, or "memory". */
  String describe();

  /**
   * Called by the engine just after it completes a step of a durable change, so that a
   * fault-injecting implementation can simulate a crash exactly there. Does nothing by default.
   */
  default void reached(CrashPoint point) {}

  /** A file being written, append-only. Not thread-safe. */
  interface WritableFile extends Closeable {
    /** Appends bytes (buffered by the implementation or handed to the OS). */
    void write(byte[] b, int off, int len) throws IOException;

    /** Hands everything written so far to the operating system (survives a process crash). */
    void flush() throws IOException;

    /** Flushes and forces everything written to the device (survives a machine crash). */
    void sync() throws IOException;

    /** Bytes written so far. */
    long size();
  }

  /** A file open for positional reads. Thread-safe. */
  interface ReadableFile extends Closeable {
    /**
     * Reads exactly {@code len} bytes at {@code pos}.
     *
     * @throws java.io.EOFException if the file ends first
     */
    void readFully(long pos, byte[] b, int off, int len) throws IOException;

    /** The file's length. */
    long size() throws IOException;

    /** The file's path, for messages. */
    String path();
  }
}
