package dev.cellar.storage.hbase;

import dev.cellar.storage.NoSuchFamilyException;
import dev.cellar.storage.StorageException;
import dev.cellar.storage.StoreClosedException;
import dev.cellar.storage.StorageTimeoutException;
import dev.cellar.storage.TableExistsException;
import dev.cellar.storage.TableNotEnabledException;
import dev.cellar.storage.TableNotFoundException;
import java.io.IOException;
import java.io.InterruptedIOException;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.client.OperationTimeoutExceededException;
import org.apache.hadoop.hbase.client.RetriesExhaustedWithDetailsException;
import org.apache.hadoop.hbase.ipc.CallTimeoutException;
import org.apache.hadoop.hbase.regionserver.NoSuchColumnFamilyException;

/**
 * Turns the HBase client's exceptions into the storage API's, with messages that name the
 * Cellar table and say what failed (never only an HBase class name).
 */
final class HBaseErrors {
  private HBaseErrors() {}

  /** The storage exception for {@code e}, raised while doing {@code what} on table {@code table} (or null). */
  static RuntimeException translate(Throwable e, String table, String what) {
    Throwable c = unwrap(e);
    String on = table == null ? "" : " table '" + table + "'";
    String detail = firstLine(c.getMessage());
    if (c instanceof org.apache.hadoop.hbase.TableNotFoundException) {
      return new TableNotFoundException("table '" + table + "' does not exist", e);
    }
    if (c instanceof org.apache.hadoop.hbase.TableExistsException) {
      return new TableExistsException("table '" + table + "' already exists", e);
    }
    if (c instanceof org.apache.hadoop.hbase.TableNotEnabledException) {
      return new TableNotEnabledException("table '" + table + "' is disabled");
    }
    if (c instanceof NoSuchColumnFamilyException || (detail != null && detail.contains("NoSuchColumnFamilyException"))) {
      return new NoSuchFamilyException("table '" + table + "' has no such column family: " + familyOf(detail), e);
    }
    if (c instanceof java.net.SocketTimeoutException || c instanceof CallTimeoutException
        || c instanceof OperationTimeoutExceededException) {
      // a timeout is an InterruptedIOException too, but nothing interrupted the caller's thread
      return new StorageTimeoutException("HBase did not answer in time: cannot " + what + on + timeoutOf(detail)
          + "; the region server may be overloaded or a region in transition (raise hbase.rpc.timeout, "
          + "hbase.client.scanner.timeout.period or hbase.client.operation.timeout to wait longer)", e);
    }
    if (c instanceof InterruptedIOException || c instanceof InterruptedException) {
      Thread.currentThread().interrupt();
      return new StorageException("interrupted while " + what + on, e);
    }
    if (c instanceof DoNotRetryIOException && detail != null && detail.contains("not a long")) {
      return new IllegalArgumentException("cannot " + what + on + ": a counter is not 8 bytes wide (" + detail + ")", e);
    }
    if (c instanceof DoNotRetryIOException && detail != null && detail.contains("KeyValue size too large")) {
      return new dev.cellar.storage.CellTooLargeException("cannot " + what + on + ": " + detail, e);
    }
    if (c instanceof IOException && detail != null && detail.contains("Connection") && detail.contains("closed")) {
      return new StoreClosedException("the HBase connection is closed", e);
    }
    return new StorageException("HBase failed to " + what + on + ": " + (detail == null ? c.toString() : detail), e);
  }

  private static Throwable unwrap(Throwable e) {
    Throwable c = e;
    for (int i = 0; i < 10; i++) {
      if (c instanceof RetriesExhaustedWithDetailsException r && r.getNumExceptions() > 0) {
        c = r.getCause(0);
      } else if (c.getCause() != null && (c instanceof java.util.concurrent.ExecutionException
          || c instanceof java.io.UncheckedIOException || c.getClass() == RuntimeException.class
          || c.getClass().getName().endsWith("RetriesExhaustedException"))) {
        c = c.getCause();
      } else {
        break;
      }
    }
    return c;
  }

  private static final java.util.regex.Pattern CALL_TIMEOUT = java.util.regex.Pattern.compile("callTimeout=(\\d+)");

  /** " (no answer within N ms)" when the client's message says the call's timeout, else "". */
  private static String timeoutOf(String detail) {
    java.util.regex.Matcher m = detail == null ? null : CALL_TIMEOUT.matcher(detail);
    return m != null && m.find() ? " (no answer within " + m.group(1) + " ms)" : "";
  }

  private static String firstLine(String m) {
    if (m == null) {
      return null;
    }
    int nl = m.indexOf('\n');
    return nl < 0 ? m : m.substring(0, nl);
  }

  private static String familyOf(String detail) {
    if (detail == null) {
      return "?";
    }
    int i = detail.indexOf("Column family ");
    if (i >= 0) {
      String rest = detail.substring(i + "Column family ".length());
      int sp = rest.indexOf(' ');
      return "'" + (sp < 0 ? rest : rest.substring(0, sp)) + "'";
    }
    return detail;
  }
}
