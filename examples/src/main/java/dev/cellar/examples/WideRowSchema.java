package dev.cellar.examples;

import dev.cellar.storage.Admin;
import dev.cellar.storage.CellarStore;
import dev.cellar.storage.ColumnFamilyDescriptor;
import dev.cellar.storage.Put;
import dev.cellar.storage.Table;
import dev.cellar.storage.TableDescriptor;
import java.util.ArrayList;
import java.util.List;

/**
 * One worked schema of SEEDS.md §6: its raw wide-column layout written through the store API
 * (values as text, as the HBase shell writes them), the SQL views that map it, and the queries
 * the seeds ask of it. {@link WideRows} runs them.
 */
abstract class WideRowSchema {
  /** A query the seeds ask for, with what it shows. */
  record Query(String title, String sql) {}

  /** The name {@code WideRows} selects the schema by. */
  abstract String name();

  /** The store tables of the raw layout; they are created only when the first is missing. */
  abstract List<String> storeTables();

  /**
   * Creates the store tables and writes the seed rows, then about {@code rows} generated rows
   * of the main table.
   */
  abstract void createRaw(CellarStore store, int rows);

  /**
   * For each store table, the row that the printed sample {@code scan} starts at (a seed row).
   */
  abstract List<String> sampleRows();

  /** The {@code CREATE VIEW} statements that map the raw layout. */
  abstract List<String> views();

  /** The queries, in the order they are printed. */
  abstract List<Query> queries();

  /** Creates a store table with the given families (default settings). */
  static Table createTable(CellarStore store, String name, String... families) {
    Admin admin = store.admin();
    TableDescriptor.Builder b = TableDescriptor.newBuilder(name);
    for (String f : families) {
      b.family(ColumnFamilyDescriptor.of(f));
    }
    admin.createTable(b.build());
    return store.table(name);
  }

  /** Puts written in batches, so that millions of generated rows stream through. */
  static final class Writer implements AutoCloseable {
    private static final int BATCH = 2_000;
    private final Table table;
    private final List<Put> pending = new ArrayList<>();

    Writer(Table table) {
      this.table = table;
    }

    /** Starts a put of {@code row}; cells are added with {@code cell}. */
    Writer put(Put p) {
      pending.add(p);
      if (pending.size() >= BATCH) {
        flush();
      }
      return this;
    }

    /** {@code put 'table', row, 'family:qualifier', 'value'} in the HBase shell. */
    Writer put(String row, String family, String qualifier, String value) {
      return put(new Put(row).addColumn(family, qualifier, value));
    }

    private void flush() {
      if (!pending.isEmpty()) {
        table.batch(new ArrayList<>(pending));
        pending.clear();
      }
    }

    @Override
    public void close() {
      flush();
    }
  }
}
