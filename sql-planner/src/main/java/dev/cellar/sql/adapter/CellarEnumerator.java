package dev.cellar.sql.adapter;

import dev.cellar.sql.exec.Cancellation;
import dev.cellar.sql.exec.TableMapping;
import dev.cellar.storage.Result;
import dev.cellar.storage.ResultScanner;
import dev.cellar.storage.Scan;
import dev.cellar.storage.Table;
import org.apache.calcite.linq4j.Enumerator;

/**
 * Streams the rows of one storage scan, decoded through the table's {@link TableMapping}: one
 * row per {@link Result}, its key columns from the rowkey and the others from their cells. The
 * scan opens on the first {@link #moveNext()}; every {@value #CHECK_EVERY} rows it checks the
 * statement's cancel flag and deadline.
 */
final class CellarEnumerator implements Enumerator<Object> {
  static final int CHECK_EVERY = 256;

  private final Table table;
  private final Scan scan;
  private final TableMapping mapping;
  private final int[] fields;
  private final boolean scalar;
  private final Cancellation cancel;
  private final Object[] full;
  private ResultScanner scanner;
  private Object current;
  private long rows;

  CellarEnumerator(Table table, Scan scan, TableMapping mapping, int[] fields, boolean scalar, Cancellation cancel) {
    this.table = table;
    this.scan = scan;
    this.mapping = mapping;
    this.fields = fields;
    this.scalar = scalar;
    this.cancel = cancel;
    this.full = new Object[mapping.fieldCount()];
  }

  @Override
  public Object current() {
    return current;
  }

  @Override
  public boolean moveNext() {
    if (scanner == null) {
      cancel.check();
      scanner = table.scanner(scan);
    }
    if ((++rows % CHECK_EVERY) == 0) {
      cancel.check();
    }
    Result r = scanner.next();
    if (r == null) {
      current = null;
      return false;
    }
    java.util.Arrays.fill(full, null);
    mapping.decodeInto(r, full);
    if (scalar) {
      current = full[fields[0]];
    } else {
      Object[] row = new Object[fields.length];
      for (int i = 0; i < fields.length; i++) {
        row[i] = full[fields[i]];
      }
      current = row;
    }
    return true;
  }

  @Override
  public void reset() {
    close();
    rows = 0;
  }

  @Override
  public void close() {
    if (scanner != null) {
      scanner.close();
      scanner = null;
    }
  }
}
