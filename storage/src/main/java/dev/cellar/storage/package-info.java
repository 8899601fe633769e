/**
 * The public storage API: the one surface the SQL layer and users program against.
 *
 * <p>The data model is HBase's: a table is a sorted map of <em>rowkey → column family →
 * qualifier → timestamp → value</em>. Rowkeys, families and qualifiers are byte strings that
 * compare as unsigned bytes; timestamps are versions, newest first. The order of cells is
 * stated once, in {@link dev.cellar.storage.CellComparator}.
 *
 * <p>Entry points: {@link dev.cellar.storage.CellarStore} (implemented by the embedded engine,
 * {@code dev.cellar.storage.embedded.EmbeddedStore}), its {@link dev.cellar.storage.Admin} for
 * schema and {@link dev.cellar.storage.Table} for data. Writes are {@link dev.cellar.storage.Put}
 * and {@link dev.cellar.storage.Delete}; reads are {@link dev.cellar.storage.Get} and
 * {@link dev.cellar.storage.Scan}, returning {@link dev.cellar.storage.Result}s. Errors are
 * unchecked {@link dev.cellar.storage.StorageException}s, or {@link IllegalArgumentException}
 * for malformed requests.
 */
package dev.cellar.storage;
