package dev.cellar.sql.codec;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A table's composite rowkey: its key columns' {@link FieldCodec field encodings} concatenated,
 * optionally behind one salt byte. Without salt, tuples of key values sort in SQL order (column
 * by column, each in its direction) exactly as their keys sort as unsigned bytes; with salt, the
 * same holds for keys within one bucket.
 *
 * <p>The format is version {@value KeyFormat#VERSION}, specified byte by byte in
 * {@code sql-planner/docs/key-encoding.md}. Instances are immutable and thread-safe.
 */
public final class RowKeyCodec {
  private static final byte[] EMPTY = new byte[0];
  private final List<KeyColumn> columns;
  private final FieldCodec[] fields;
  private final int buckets;
  private final int fixedWidth;
  private final String layout;

  private RowKeyCodec(List<KeyColumn> columns, int buckets) {
    this(columns, null, buckets, null);
  }

  private RowKeyCodec(List<KeyColumn> columns, List<FieldCodec> given, int buckets, String layout) {
    Objects.requireNonNull(columns, "columns");
    if (columns.isEmpty()) {
      throw new IllegalArgumentException("a rowkey needs at least one column");
    }
    this.columns = List.copyOf(columns);
    this.fields = new FieldCodec[this.columns.size()];
    Set<String> names = new HashSet<>();
    int width = 0;
    for (int i = 0; i < fields.length; i++) {
      KeyColumn c = this.columns.get(i);
      if (!names.add(c.name())) {
        throw new IllegalArgumentException("key column '" + c.name() + "' appears twice");
      }
      fields[i] = given == null ? FieldCodec.of(c) : given.get(i);
      width = width < 0 || fields[i].fixedWidth() < 0 ? -1 : width + fields[i].fixedWidth();
    }
    this.buckets = buckets;
    this.fixedWidth = width;
    this.layout = layout;
  }

  /** The unsalted codec of {@code columns}, in key order. */
  public static RowKeyCodec of(List<KeyColumn> columns) {
    return new RowKeyCodec(columns, 0);
  }

  /**
   * The unsalted codec of a mapped key ({@link KeyLayout}): {@code fields} in key order, their
   * layout named by {@code layout} in {@link #toString()}.
   */
  static RowKeyCodec ofFields(List<FieldCodec> fields, String layout) {
    List<KeyColumn> columns = new ArrayList<>();
    for (FieldCodec f : fields) {
      columns.add(f.column());
    }
    return new RowKeyCodec(columns, fields, 0, Objects.requireNonNull(layout, "layout"));
  }

  /**
   * The codec of {@code columns} behind a salt byte: the bucket, {@code 0 .. buckets - 1}, that
   * {@link KeyFormat#bucketOf} computes from the unsalted key.
   *
   * @param buckets 1 to {@value KeyFormat#MAX_BUCKETS}
   */
  public static RowKeyCodec salted(List<KeyColumn> columns, int buckets) {
    if (buckets < 1 || buckets > KeyFormat.MAX_BUCKETS) {
      throw new IllegalArgumentException("salt buckets must be in [1, " + KeyFormat.MAX_BUCKETS + "], got " + buckets);
    }
    return new RowKeyCodec(columns, buckets);
  }

  /** The key columns, in key order. */
  public List<KeyColumn> columns() {
    return columns;
  }

  /** The field codec of the {@code i}-th key column. */
  public FieldCodec field(int i) {
    return fields[i];
  }

  /** The number of salt buckets, 0 when keys are not salted. */
  public int buckets() {
    return buckets;
  }

  /** Whether keys start with a salt byte. */
  public boolean isSalted() {
    return buckets > 0;
  }

  /** Bytes of every key, salt included, or -1 if keys differ in length. */
  int fixedWidth() {
    return fixedWidth < 0 ? -1 : fixedWidth + (isSalted() ? 1 : 0);
  }

  /**
   * The key of a row: {@code values} holds one value per key column, in key order, of the
   * classes {@link KeyType} names (or exact widenings of them).
   *
   * @throws IllegalArgumentException naming the column if a value is null, of the wrong class or
   *     outside what the column can hold, or if there are not as many values as columns
   */
  public byte[] encode(Object[] values) {
    checkCount(values, true);
    KeyWriter out = new KeyWriter(fixedWidth > 0 ? fixedWidth + 1 : 32);
    if (isSalted()) {
      out.put(0);
    }
    for (int i = 0; i < fields.length; i++) {
      fields[i].write(out, values[i]);
    }
    byte[] key = out.toByteArray();
    if (isSalted()) {
      key[0] = (byte) KeyFormat.bucketOf(key, 1, key.length - 1, buckets);
    }
    return key;
  }

  /** The key of a row without its salt byte; for an unsalted codec the same as {@link #encode}. */
  byte[] encodeUnsalted(Object[] values) {
    checkCount(values, true);
    KeyWriter out = new KeyWriter(fixedWidth > 0 ? fixedWidth : 32);
    for (int i = 0; i < fields.length; i++) {
      fields[i].write(out, values[i]);
    }
    return out.toByteArray();
  }

  /**
   * The bytes every key starts with whose first {@code leading.length} columns equal
   * {@code leading} (none to all of them): the start of a prefix scan or the bound of a range.
   * For a salted codec the prefix is unsalted: a scan reads it in each bucket, behind
   * {@link #withBucket}. {@code encodePrefix} of all columns is the (unsalted) key itself.
   */
  public byte[] encodePrefix(Object[] leading) {
    return encodeWithTail(leading, EMPTY, 0);
  }

  /**
   * The unsalted key whose first {@code leading.length} columns hold {@code leading} and whose
   * other columns are encoded in {@code tail} from {@code from} on: how an index entry's key
   * takes the data row's key columns from the data row's key as they are, when the codec
   * encodes those columns as the data table's codec does ({@link #encodesAsTail}).
   */
  public byte[] encodeWithTail(Object[] leading, byte[] tail, int from) {
    checkCount(leading, false);
    KeyWriter out = new KeyWriter(32 + tail.length - from);
    for (int i = 0; i < leading.length; i++) {
      fields[i].write(out, leading[i]);
    }
    out.put(tail, from, tail.length - from);
    return out.toByteArray();
  }

  /**
   * Whether this codec's columns from {@code first} on are exactly {@code other}'s columns,
   * encoded the same way (the same types, lengths, directions and nullability, neither codec a
   * mapped table's), so that {@code other}'s unsalted key is the tail of this codec's key.
   */
  public boolean encodesAsTail(int first, RowKeyCodec other) {
    if (layout != null || other.layout != null || isSalted() || first < 0
        || fields.length - first != other.fields.length) {
      return false;
    }
    return columns.subList(first, columns.size()).equals(other.columns);
  }

  /**
   * The bytes every key starts with whose first {@code leading.length} columns equal
   * {@code leading} and whose next column, a CHAR, VARCHAR, BINARY or VARBINARY, starts with
   * {@code valuePrefix} (a String or byte[]): the scan of {@code LIKE 'abc%'}. Unsalted, as
   * {@link #encodePrefix}.
   */
  public byte[] encodeStartsWith(Object[] leading, Object valuePrefix) {
    checkCount(leading, false);
    if (leading.length == fields.length) {
      throw new IllegalArgumentException("all " + fields.length + " key columns are given; no column is left for "
          + "the value prefix");
    }
    KeyWriter out = new KeyWriter(32);
    for (int i = 0; i < leading.length; i++) {
      fields[i].write(out, leading[i]);
    }
    fields[leading.length].writeStartsWith(out, valuePrefix);
    return out.toByteArray();
  }

  /**
   * The values of a key written by {@link #encode}, one per column, of the classes
   * {@link KeyType} names. Values come back in canonical form: DECIMAL without trailing zeros,
   * -0.0 as 0.0, CHAR and BINARY padded to their length.
   *
   * @throws CorruptKeyException with the offset of the problem if {@code key} is not a key of
   *     this codec (salt byte included)
   */
  public Object[] decode(byte[] key) {
    int start = 0;
    if (isSalted()) {
      if (key.length == 0) {
        throw new CorruptKeyException(0, null, "key is empty; a salted key starts with its bucket byte");
      }
      int stored = key[0] & 0xff;
      int expected = KeyFormat.bucketOf(key, 1, key.length - 1, buckets);
      if (stored != expected) {
        throw new CorruptKeyException(0, null, "salt byte " + stored + " is not the key's bucket " + expected
            + " of " + buckets);
      }
      start = 1;
    }
    return decode(key, start, key.length);
  }

  /**
   * The values of the leading columns a key prefix holds whole (a region boundary, a split point
   * {@link #encodePrefix} wrote), in key order: none to all of them. A salted prefix's first byte
   * is its bucket and is skipped.
   *
   * @throws CorruptKeyException if the bytes end inside a field or are not fields of this codec
   */
  public Object[] decodePrefix(byte[] prefix) {
    int start = isSalted() && prefix.length > 0 ? 1 : 0;
    KeyReader in = new KeyReader(prefix, start, prefix.length);
    java.util.List<Object> values = new java.util.ArrayList<>();
    for (int i = 0; i < fields.length && in.hasMore(); i++) {
      try {
        values.add(fields[i].read(in));
      } catch (IndexOutOfBoundsException e) {
        throw new CorruptKeyException(in.position(), null, "the bytes end inside key column " + (i + 1));
      }
    }
    if (in.hasMore()) {
      throw new CorruptKeyException(in.position(), null, (prefix.length - in.position())
          + " bytes after the last key column");
    }
    return values.toArray();
  }

  /** The values of an unsalted key, as {@link #decode}. */
  Object[] decodeUnsalted(byte[] unsaltedKey) {
    return decode(unsaltedKey, 0, unsaltedKey.length);
  }

  private Object[] decode(byte[] key, int from, int to) {
    KeyReader in = new KeyReader(key, from, to);
    Object[] values = new Object[fields.length];
    for (int i = 0; i < fields.length; i++) {
      values[i] = fields[i].read(in);
    }
    if (in.hasMore()) {
      throw new CorruptKeyException(in.position(), null, (to - in.position()) + " bytes after the last key column");
    }
    return values;
  }

  /** The salt bucket of an unsalted key. */
  int bucketOf(byte[] unsaltedKey) {
    if (!isSalted()) {
      throw new IllegalStateException("rowkey is not salted");
    }
    return KeyFormat.bucketOf(unsaltedKey, 0, unsaltedKey.length, buckets);
  }

  /** {@code unsalted} behind the salt byte {@code bucket}: a key, or a prefix to scan in one bucket. */
  public byte[] withBucket(int bucket, byte[] unsalted) {
    if (!isSalted()) {
      throw new IllegalStateException("rowkey is not salted");
    }
    if (bucket < 0 || bucket >= buckets) {
      throw new IllegalArgumentException("bucket " + bucket + " is outside [0, " + buckets + ")");
    }
    byte[] out = new byte[unsalted.length + 1];
    out[0] = (byte) bucket;
    System.arraycopy(unsalted, 0, out, 1, unsalted.length);
    return out;
  }

  private void checkCount(Object[] values, boolean all) {
    Objects.requireNonNull(values, "values");
    if (all ? values.length != fields.length : values.length > fields.length) {
      throw new IllegalArgumentException((all ? "a key needs " : "a key prefix takes at most ") + fields.length
          + " values " + names() + ", got " + values.length);
    }
  }

  private List<String> names() {
    List<String> n = new ArrayList<>();
    for (KeyColumn c : columns) {
      n.add(c.name());
    }
    return n;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof RowKeyCodec && ((RowKeyCodec) o).columns.equals(columns) && ((RowKeyCodec) o).buckets == buckets
        && Objects.equals(((RowKeyCodec) o).layout, layout) && (layout == null || fieldsEqual((RowKeyCodec) o));
  }

  private boolean fieldsEqual(RowKeyCodec o) {
    for (int i = 0; i < fields.length; i++) {
      if (fields[i].getClass() != o.fields[i].getClass()) {
        return false;
      }
    }
    return true;
  }

  @Override
  public int hashCode() {
    return columns.hashCode() * 31 + buckets + Objects.hashCode(layout);
  }

  /** {@code RowKeyCodec[a INTEGER, b VARCHAR DESC][8 buckets]}. */
  @Override
  public String toString() {
    return "RowKeyCodec" + (layout == null ? "" : "[" + layout + "]") + columns
        + (isSalted() ? "[" + buckets + " buckets]" : "");
  }
}
