package dev.cellar.storage.fs;

import java.io.Closeable;
import java.io.IOException;
import java.util.List;

/**
 * A {@link Vfs} that passes every call to another one: the base of the tests' file systems that
 * change one or two operations (inject a failure, run a hook) and leave the rest alone.
 */
public abstract class ForwardingVfs implements Vfs {
  /** The file system every call goes to unless a subclass says otherwise. */
  protected final Vfs inner;

  protected ForwardingVfs(Vfs inner) {
    this.inner = inner;
  }

  @Override
  public WritableFile create(String path) throws IOException {
    return inner.create(path);
  }

  @Override
  public ReadableFile open(String path) throws IOException {
    return inner.open(path);
  }

  @Override
  public boolean exists(String path) {
    return inner.exists(path);
  }

  @Override
  public List<String> list(String dir) throws IOException {
    return inner.list(dir);
  }

  @Override
  public void delete(String path) throws IOException {
    inner.delete(path);
  }

  @Override
  public void rename(String from, String to) throws IOException {
    inner.rename(from, to);
  }

  @Override
  public void syncDirectory(String dir) throws IOException {
    inner.syncDirectory(dir);
  }

  @Override
  public Closeable lock(String path) throws IOException {
    return inner.lock(path);
  }

  @Override
  public String describe() {
    return inner.describe();
  }

  @Override
  public void reached(CrashPoint point) {
    inner.reached(point);
  }
}
