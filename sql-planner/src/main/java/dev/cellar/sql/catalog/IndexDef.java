package dev.cellar.sql.catalog;

import java.util.List;
import java.util.Objects;

/**
 * A secondary index in the catalog: which columns of which table it orders, where its entries
 * live and whether the planner may read it yet. Immutable; DDL replaces it with a changed copy.
 * Each entry is one store row whose rowkey is the indexed values followed by the data row's key
 * ({@code sql-planner/docs/indexes.md}).
 *
 * @param schema SQL schema
 * @param name SQL name, unique among the schema's tables, views and indexes
 * @param table the indexed table
 * @param layout where entries live: their own store table, or a family of the data table
 * @param storageName the store table holding the entries
 * @param family the family of the entries' cells
 * @param columns the indexed columns, in index order
 * @param include columns whose values the entries also hold ({@code INCLUDE}), so that queries
 *     reading only indexed and included columns never read the data table
 * @param unique whether two rows may not have equal values in all indexed columns (rows with a
 *     NULL in one of them are exempt, as in SQL's UNIQUE)
 * @param state whether the index is being built, may be read, or failed to build
 * @param error for a {@code FAILED} index, why its last build failed (the error's message); else null
 */
public record IndexDef(String schema, String name, String table, Layout layout, String storageName, String family,
    List<Part> columns, List<String> include, boolean unique, State state, String error) {

  /** An index in a state other than {@code FAILED}, with no error. */
  public IndexDef(String schema, String name, String table, Layout layout, String storageName, String family,
      List<Part> columns, List<String> include, boolean unique, State state) {
    this(schema, name, table, layout, storageName, family, columns, include, unique, state, null);
  }

  /** Where an index's entries live. */
  public enum Layout {
    /** A store table of their own (a global index), with its own regions. */
    TABLE,
    /** A family of the data table (an index family), in the data table's regions. */
    FAMILY
  }

  /** Whether an index may be read. */
  public enum State {
    /** Being built: writes maintain it, queries do not read it. */
    BUILDING,
    /** Complete and maintained: queries may read it. */
    ACTIVE,
    /**
     * Its last build failed (a unique index over duplicate values): neither read nor
     * maintained, and not built again when the database opens; {@code ALTER INDEX ... REBUILD}
     * builds it again.
     */
    FAILED
  }

  /**
   * One indexed column or expression.
   *
   * @param column the column's name; for an expression, the expression as written (a name for
   *     messages)
   * @param descending whether the index orders it descending
   * @param expression an SQL expression over the table's columns ({@code UPPER(NAME)}), whose
   *     value the index orders; {@code null} for a column
   */
  public record Part(String column, boolean descending, String expression) {
    /** An indexed column. */
    public Part(String column, boolean descending) {
      this(column, descending, null);
    }

    public Part {
      Objects.requireNonNull(column, "column");
    }

    /** Whether this part is an expression, not a column. */
    public boolean isExpression() {
      return expression != null;
    }
  }

  public IndexDef {
    Objects.requireNonNull(schema, "schema");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(layout, "layout");
    Objects.requireNonNull(storageName, "storageName");
    Objects.requireNonNull(family, "family");
    Objects.requireNonNull(state, "state");
    columns = List.copyOf(columns);
    include = List.copyOf(include);
    if (columns.isEmpty()) {
      throw new IllegalArgumentException("index " + name + " has no column");
    }
    if (error != null && state != State.FAILED) {
      throw new IllegalArgumentException("index " + name + " is " + state + " but has an error");
    }
  }

  /** This index in another state, other than {@code FAILED}. */
  public IndexDef withState(State newState) {
    return new IndexDef(schema, name, table, layout, storageName, family, columns, include, unique, newState);
  }

  /** This index {@code FAILED}, because of {@code why} (null when unknown). */
  public IndexDef failed(String why) {
    return new IndexDef(schema, name, table, layout, storageName, family, columns, include, unique, State.FAILED,
        why);
  }

  /** Whether queries may read it. */
  public boolean isActive() {
    return state == State.ACTIVE;
  }

  /** {@code CREATE INDEX ...} as DDL would write it. */
  public String sql() {
    StringBuilder b = new StringBuilder("CREATE ").append(unique ? "UNIQUE " : "").append(layout == Layout.FAMILY
        ? "LOCAL " : "").append("INDEX ").append(name).append(" ON ").append(table).append(" (");
    for (int i = 0; i < columns.size(); i++) {
      Part p = columns.get(i);
      b.append(i > 0 ? ", " : "").append(p.isExpression() ? p.expression() : p.column())
          .append(p.descending() ? " DESC" : "");
    }
    b.append(')');
    if (!include.isEmpty()) {
      b.append(" INCLUDE (").append(String.join(", ", include)).append(')');
    }
    return b.toString();
  }
}
