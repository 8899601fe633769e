/**
 * Store files: the immutable, sorted files of the embedded engine, one per family and flush or
 * compaction output.
 *
 * <p>A file is written once, front to back, by {@link dev.cellar.storage.sst.StoreFileWriter}
 * and read many times, concurrently, through {@link dev.cellar.storage.sst.StoreFileReader}, whose
 * iterators implement {@link dev.cellar.storage.iter.CellIterator}. The byte layout is specified
 * in {@code storage/docs/store-file-format.md}; {@link dev.cellar.storage.sst.StoreFileFormat}
 * holds its constants.
 *
 * <p>Layering, bottom up: {@link dev.cellar.storage.sst.BlockHandle} and
 * {@link dev.cellar.storage.sst.Trailer} are the fixed codecs; {@code BlockBuilder},
 * {@code Block} and {@code BlockIterator} encode and decode the one key/value block format that
 * data, index, meta index and file info blocks share; {@code BlockCodec} adds compression and
 * the per-block checksum; {@code CellKeys} and {@code SearchKey} map cells to block keys;
 * {@code BlockIndex}, {@code MetaIndex} and {@code FileInfo} decode the blocks that describe the
 * file. {@link dev.cellar.storage.sst.BloomFilter} (built by {@code BloomFilterWriter}, hashed with
 * {@code Murmur3}) is the bloom block that lets a get skip a file without reading a data block.
 */
package dev.cellar.storage.sst;
