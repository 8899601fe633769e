/**
 * DDL in Apache Phoenix's syntax: a recursive-descent parser ({@link dev.cellar.sql.ddl.DdlParser},
 * with {@link dev.cellar.sql.ddl.ColumnDefinitions} and {@link dev.cellar.sql.ddl.DdlTokens}) over
 * the tokens of the query parser's lexer ({@link dev.cellar.sql.parser.SqlLexer}), whose errors name
 * line, column and token, and the executor ({@link dev.cellar.sql.ddl.DdlExecutor}) that runs each
 * kind of statement ({@code TableDdl}, {@code AlterTableDdl}, {@code ViewDdl}, {@code IndexDdl})
 * against the catalog and changes storage tables through the storage {@code Admin} API
 * ({@code sql-planner/docs/sql.md}). May import {@code exec}, {@code database}, {@code catalog},
 * {@code codec} and {@code parser}; nothing of the planner.
 */
package dev.cellar.sql.ddl;
