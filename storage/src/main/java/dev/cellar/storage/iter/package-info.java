/**
 * The one iterator contract of the engine, {@link dev.cellar.storage.iter.CellIterator}, and the
 * small combinators built on it (merging, visibility).
 */
package dev.cellar.storage.iter;
