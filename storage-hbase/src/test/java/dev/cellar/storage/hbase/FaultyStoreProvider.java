package dev.cellar.storage.hbase;

import dev.cellar.storage.Admin;
import dev.cellar.storage.CellarStore;
import dev.cellar.storage.Mutation;
import dev.cellar.storage.StorageException;
import dev.cellar.storage.Table;
import dev.cellar.storage.WriteBatch;
import dev.cellar.storage.spi.StoreProvider;
import dev.cellar.storage.spi.StoreProviders;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A backend for tests, scheme {@code faulty}: {@code jdbc:cellar:faulty:SCHEME:LOCATION} opens the
 * store {@code SCHEME:LOCATION} and writes every batch row by row, as HBase does (so its batches
 * are not atomic, {@link CellarStore#atomicMultiRowBatches()} false), failing the
 * {@link #failAt n-th} row write from the moment a test asks for it.
 */
public final class FaultyStoreProvider implements StoreProvider {
  /** The row write that fails (1 = the next one), or 0 for none. */
  static final AtomicInteger failAt = new AtomicInteger();
  /** Row writes since the last {@link #failAfter}. */
  static final AtomicInteger writes = new AtomicInteger();

  /** Makes the {@code n}-th row write from now fail (0: none). */
  static void failAfter(int n) {
    writes.set(0);
    failAt.set(n);
  }

  @Override
  public Set<String> schemes() {
    return Set.of("faulty");
  }

  @Override
  public List<dev.cellar.storage.spi.StoreSetting> settings() {
    return List.of();
  }

  @Override
  public boolean passesThrough(String property) {
    return property.startsWith("hbase");
  }

  @Override
  public String key(String scheme, String location) {
    return "faulty:" + location;
  }

  @Override
  public boolean isVolatile(String scheme) {
    return true;
  }

  @Override
  public CellarStore open(String scheme, String location, Map<String, String> settings) {
    int colon = location.indexOf(':');
    String inner = location.substring(0, colon);
    Map<String, String> innerSettings = new java.util.HashMap<>();
    settings.forEach((k, v) -> {
      if (k.startsWith("hbase")) {
        innerSettings.put(k, v);
      }
    });
    return new FaultyStore(StoreProviders.forScheme(inner).open(inner, location.substring(colon + 1), innerSettings));
  }

  /** The store: the inner one's tables, with {@link #write} row by row and faults. */
  static final class FaultyStore implements CellarStore {
    private final CellarStore inner;

    FaultyStore(CellarStore inner) {
      this.inner = inner;
    }

    @Override
    public Admin admin() {
      return inner.admin();
    }

    @Override
    public Table table(String name) {
      return inner.table(name);
    }

    @Override
    public void write(WriteBatch batch) {
      List<WriteBatch> rows = new ArrayList<>();
      WriteBatch current = null;
      String table = null;
      byte[] row = null;
      for (WriteBatch.Entry e : batch.entries()) {
        Mutation m = e.mutation();
        if (current == null || !e.table().equals(table) || !Arrays.equals(m.row(), row)) {
          current = new WriteBatch();
          rows.add(current);
          table = e.table();
          row = m.row();
        }
        current.add(e.table(), m);
      }
      for (WriteBatch w : rows) {
        int n = writes.incrementAndGet();
        if (failAt.get() > 0 && n >= failAt.get()) {
          throw new StorageException("injected failure of row write " + n);
        }
        inner.write(w);
      }
    }

    @Override
    public boolean atomicMultiRowBatches() {
      return false;
    }

    @Override
    public boolean bulkLoads() {
      return inner.bulkLoads();
    }

    @Override
    public boolean exactRegionStatistics() {
      return inner.exactRegionStatistics();
    }

    @Override
    public void close() {
      inner.close();
    }
  }
}
