/**
 * Schema discovery: {@link dev.cellar.sql.discover.Discovery} samples a store table written
 * outside SQL and proposes the {@code CREATE VIEW} mappings that read it, guessing the key's
 * layout ({@code KeyLayoutGuess}) and each cell's type and encoding ({@code ValueGuess}). Uses the
 * storage API only; the system schema offers it as {@code CELLAR.DISCOVER}.
 */
package dev.cellar.sql.discover;
