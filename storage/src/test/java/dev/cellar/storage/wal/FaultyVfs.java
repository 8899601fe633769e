package dev.cellar.storage.wal;

import dev.cellar.storage.fs.ForwardingVfs;
import dev.cellar.storage.fs.Vfs;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * A {@link Vfs} wrapper for the log's tests: counts writes and syncs, can slow syncs down (to
 * make group commit observable) and can make writes, syncs or file creation throw.
 */
final class FaultyVfs extends ForwardingVfs {
  volatile boolean failWrites;
  volatile boolean failSyncs;
  volatile boolean failCreates;
  volatile long syncDelayNanos;
  final AtomicInteger writes = new AtomicInteger();
  final AtomicInteger syncs = new AtomicInteger();

  FaultyVfs(Vfs inner) {
    super(inner);
  }

  @Override
  public WritableFile create(String path) throws IOException {
    if (failCreates) {
      throw new IOException("injected create failure: " + path);
    }
    WritableFile f = inner.create(path);
    return new WritableFile() {
      @Override
      public void write(byte[] b, int off, int len) throws IOException {
        if (failWrites) {
          // Half the bytes reach the file, as with a full disk.
          f.write(b, off, len / 2);
          throw new IOException("injected write failure: " + path);
        }
        writes.incrementAndGet();
        f.write(b, off, len);
      }

      @Override
      public void flush() throws IOException {
        f.flush();
      }

      @Override
      public void sync() throws IOException {
        if (failSyncs) {
          throw new IOException("injected sync failure: " + path);
        }
        long delay = syncDelayNanos;
        if (delay > 0) {
          LockSupport.parkNanos(delay);
        }
        syncs.incrementAndGet();
        f.sync();
      }

      @Override
      public long size() {
        return f.size();
      }

      @Override
      public void close() throws IOException {
        f.close();
      }
    };
  }

  @Override
  public String describe() {
    return "faulty:" + inner.describe();
  }
}
