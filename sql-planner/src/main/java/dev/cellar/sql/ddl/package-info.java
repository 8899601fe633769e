/**
 * DDL in Apache Phoenix's syntax: a tokenizer and recursive-descent parser whose errors name
 * line, column and token, and the executor that changes storage tables through the storage
 * {@code Admin} API and records them in the catalog ({@code sql-planner/docs/sql.md}).
 */
package dev.cellar.sql.ddl;
