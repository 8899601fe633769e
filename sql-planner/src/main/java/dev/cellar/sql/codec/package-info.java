/**
 * Key and value codecs of the SQL layer. {@link dev.cellar.sql.codec.RowKeyCodec} turns a row's
 * primary key values into an order-preserving rowkey (one {@link dev.cellar.sql.codec.FieldCodec}
 * per key column, concatenated, optionally salted); {@link dev.cellar.sql.codec.ValueCodec}
 * turns other column values into cell bytes. Both are specified byte by byte in
 * {@code sql-planner/docs/key-encoding.md}; {@link dev.cellar.sql.codec.KeyFormat} holds the
 * format's constants and version. Imports nothing of the SQL layer but its errors.
 */
package dev.cellar.sql.codec;
