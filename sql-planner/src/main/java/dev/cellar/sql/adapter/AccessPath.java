package dev.cellar.sql.adapter;

import dev.cellar.sql.exec.TableMapping;
import dev.cellar.storage.Scan;
import java.util.Objects;

/**
 * How a query reaches a table's rows: the kind of storage request and its parameters. An
 * immutable value; its {@link #toString()} is what {@code EXPLAIN} prints after {@code path=}.
 * This issue plans every query as a {@link Kind#FULL_SCAN}; the planner rules that choose the
 * other kinds add their parameters here.
 */
public final class AccessPath {
  /** The kinds of storage request, as {@code EXPLAIN} names them. */
  public enum Kind {
    /** Every row of the table, in rowkey order. */
    FULL_SCAN("FULL SCAN");

    private final String label;

    Kind(String label) {
      this.label = label;
    }

    /** The name {@code EXPLAIN} prints. */
    public String label() {
      return label;
    }
  }

  private final Kind kind;
  private final String table;

  private AccessPath(Kind kind, String table) {
    this.kind = Objects.requireNonNull(kind, "kind");
    this.table = Objects.requireNonNull(table, "table");
  }

  /** A scan of every row of {@code table}. */
  public static AccessPath fullScan(String table) {
    return new AccessPath(Kind.FULL_SCAN, table);
  }

  public Kind kind() {
    return kind;
  }

  /** The SQL name of the table read. */
  public String table() {
    return table;
  }

  /** The storage scan that implements this path, reading the families of {@code mapping}. */
  public Scan toScan(TableMapping mapping) {
    Scan scan = new Scan();
    for (byte[] f : mapping.families()) {
      scan.addFamily(f);
    }
    return scan;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof AccessPath p && p.kind == kind && p.table.equals(table);
  }

  @Override
  public int hashCode() {
    return Objects.hash(kind, table);
  }

  @Override
  public String toString() {
    return kind.label();
  }
}
