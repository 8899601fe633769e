package dev.cellar.sql.copy;

import java.util.List;

/**
 * A parsed {@code COPY} statement.
 *
 * @param table the table loaded or exported, or null when a query is exported
 * @param columns the columns written or read, in file order; empty for all
 * @param query {@code COPY (query) TO}'s query text, or null
 * @param from whether it loads ({@code FROM}) rather than exports ({@code TO})
 * @param file the file's path
 * @param options the options written
 */
public record CopyStatement(String table, List<String> columns, String query, boolean from, String file,
    CopyOptions options) {}
