/**
 * The store's catalog: which tables exist, their families and settings, their regions and
 * the store files of each, kept in one checksummed file replaced atomically on every change.
 * Format: {@code storage/docs/manifest-format.md}.
 */
package dev.cellar.storage.manifest;
