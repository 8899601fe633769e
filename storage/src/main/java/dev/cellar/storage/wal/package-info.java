/**
 * The write-ahead log of the embedded engine: every write is appended here, as one
 * checksummed record, before it is acknowledged, and replayed into the memstore when the store
 * opens.
 *
 * <p>{@link dev.cellar.storage.wal.Wal} is the log (append, group-committed await, roll,
 * deletion of flushed segments, replay). A write is a {@link dev.cellar.storage.wal.WalEdit}
 * of {@link dev.cellar.storage.wal.WalEntry}s; {@link dev.cellar.storage.wal.WalEditCodec}
 * encodes it as a record payload, framed by a {@link dev.cellar.storage.wal.RecordHeader} in
 * segment files that start with a {@link dev.cellar.storage.wal.SegmentHeader}.
 * {@link dev.cellar.storage.wal.WalFormat} holds the format's constants; the format itself, byte
 * by byte, with the replay and durability rules, is {@code storage/docs/wal-format.md}.
 */
package dev.cellar.storage.wal;
