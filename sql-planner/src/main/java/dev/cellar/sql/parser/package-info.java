/**
 * Cellar's SQL parser: {@code CellarSqlParserImpl}, generated at build time from the parser
 * template in Calcite's {@code codegen/} with the settings of {@code src/main/codegen/config.fmpp}
 * (words such as VALUE, USER, DATE and YEAR usable as names; {@code EXPLAIN query}), and
 * {@link dev.cellar.sql.parser.CellarParser}, which hands it to Calcite and tells which words
 * are reserved, for the DDL parser to apply the same rule for names, and
 * {@link dev.cellar.sql.parser.SqlLexer}, the generated parser's lexer for the DDL parser, so
 * that DDL and queries read names, literals and positions alike. Imports nothing of the SQL layer.
 */
package dev.cellar.sql.parser;
