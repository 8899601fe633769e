package dev.cellar.sql.catalog;

import java.util.List;
import java.util.Objects;

/**
 * A view in the catalog: a named query.
 *
 * @param schema SQL schema
 * @param name SQL name
 * @param query the query text ({@code SELECT ...}) as written after {@code AS}
 * @param columnNames the column names given in {@code CREATE VIEW v (a, b) AS ...}, or empty
 */
public record ViewDef(String schema, String name, String query, List<String> columnNames) {
  public ViewDef {
    Objects.requireNonNull(schema, "schema");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(query, "query");
    columnNames = List.copyOf(columnNames);
  }
}
