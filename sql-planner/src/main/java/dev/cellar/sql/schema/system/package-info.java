/**
 * The system tables of the store's administration in schema {@code CELLAR}: regions, families,
 * store files and compactions of every table, read live from the storage API.
 */
package dev.cellar.sql.schema.system;
