package dev.cellar.sql.codec;

/**
 * The order-preserving rowkey encoding of one column: for two values {@code a} and {@code b} of
 * the column, {@code a} sorts before {@code b} in the column's SQL order (its direction
 * included) exactly when {@code encode(a)} is less than {@code encode(b)} as unsigned bytes, and
 * no encoding is a proper prefix of another. The second property is what lets
 * {@link RowKeyCodec} concatenate fields into a composite key with no separators.
 *
 * <p>A codec for a descending column writes the bytes of the ascending encoding inverted
 * ({@code b -> 0xff - b}); inverting reverses the order of any prefix-free set of strings.
 *
 * <p>Instances are immutable and thread-safe. Each type's bytes are specified in
 * {@code sql-planner/docs/key-encoding.md}.
 */
public abstract class FieldCodec {
  private final KeyColumn column;
  private final String what;

  FieldCodec(KeyColumn column) {
    this.column = column;
    this.what = column.describe();
  }

  /** The codec of {@code column}'s type, length and direction. */
  static FieldCodec of(KeyColumn column) {
    switch (column.type()) {
      case BOOLEAN:
        return new BooleanKeyCodec(column);
      case TINYINT:
      case SMALLINT:
      case INTEGER:
      case BIGINT:
      case DATE:
      case TIME:
      case TIMESTAMP:
        return new IntegerKeyCodec(column);
      case REAL:
      case DOUBLE:
        return new FloatingKeyCodec(column);
      case DECIMAL:
        return new DecimalKeyCodec(column);
      case CHAR:
      case BINARY:
        return new FixedLengthKeyCodec(column);
      case VARCHAR:
      case VARBINARY:
        return new EscapedKeyCodec(column);
      default:
        throw new AssertionError(column.type());
    }
  }

  /** The column this codec encodes. */
  final KeyColumn column() {
    return column;
  }

  /** How error messages name the column: {@code column 'name' (TYPE DESC)}. */
  final String what() {
    return what;
  }

  /**
   * Whether a range of the column's SQL values is the range of keys between the encodings of its
   * ends, as a planner computes it: the encodings sort as the values do (the column's direction
   * included) and none is a proper prefix of another, so that the keys of values {@code <= v}
   * end before {@code Bytes.prefixEnd(prefix + encode(v))}. True for Cellar's own encoding
   * (every codec of {@link #of}). False for the codecs of mapped keys whose byte order is not SQL
   * order (HBase {@code Bytes} signed numbers, where negatives sort after positives; numbers
   * written as decimal text of varying length; delimited fields) or whose field is the unmarked
   * rest of the key: on such a column only equality (and a {@code LIKE} prefix of a text column)
   * bounds a key range.
   */
  public boolean orderPreserving() {
    return true;
  }

  /** Bytes of every encoding of this column, or -1 if they depend on the value. */
  int fixedWidth() {
    return column.nullable() ? -1 : column.type().keyWidth();
  }

  /**
   * First byte of a nullable field's ascending encoding when it is NULL: before every value, so
   * that NULLs come first in an ascending column and last in a descending one, as Cellar's
   * connections order them (null collation LOW).
   */
  static final int NULL_MARK = 0x00;
  /** First byte of a nullable field's ascending encoding when it holds a value. */
  static final int VALUE_MARK = 0x01;

  /**
   * For a nullable field, the byte that starts the encoding of every non-NULL value (in the
   * column's direction), so that a range open on one side can stop short of the NULLs; null for
   * a field that cannot be NULL.
   */
  public byte[] valueMark() {
    if (!column.nullable()) {
      return null;
    }
    return new byte[] {(byte) (column.descending() ? 0xff - VALUE_MARK : VALUE_MARK)};
  }

  /**
   * The field's bytes for {@code value}.
   *
   * @throws IllegalArgumentException naming the column if {@code value} is null, of the wrong
   *     class or outside what the column can hold
   */
  final byte[] encode(Object value) {
    KeyWriter out = new KeyWriter(fixedWidth() > 0 ? fixedWidth() : 16);
    write(out, value);
    return out.toByteArray();
  }

  /**
   * The value whose encoding is exactly {@code bytes}.
   *
   * @throws CorruptKeyException if {@code bytes} is not an encoding of this codec
   */
  final Object decode(byte[] bytes) {
    KeyReader in = new KeyReader(bytes, 0, bytes.length);
    Object v = read(in);
    if (in.hasMore()) {
      throw in.corrupt(in.position(), (bytes.length - in.position()) + " bytes after the field");
    }
    return v;
  }

  /** Appends the encoding of {@code value}. */
  final void write(KeyWriter out, Object value) {
    if (value == null) {
      if (column.nullable()) {
        out.put(column.descending() ? 0xff - NULL_MARK : NULL_MARK);
        return;
      }
      throw new IllegalArgumentException(what + ": a key column cannot be NULL");
    }
    Object v = Values.coerce(column.type(), value, what);
    int start = out.length();
    if (column.nullable()) {
      out.put(VALUE_MARK);
    }
    writeAscending(out, v);
    if (column.descending()) {
      out.invertFrom(start);
    }
  }

  /** Reads one field at the reader's position. */
  final Object read(KeyReader in) {
    in.startField(column);
    if (column.nullable()) {
      int at = in.position();
      int mark = in.next();
      if (mark == NULL_MARK) {
        return null;
      }
      if (mark != VALUE_MARK) {
        throw in.corrupt(at, "byte " + mark + " is neither the NULL nor the value mark of a nullable field");
      }
    }
    return readAscending(in);
  }

  /**
   * Appends the bytes that begin the encoding of every value starting with {@code valuePrefix}
   * (a String for character columns, a byte[] for binary ones).
   *
   * @throws IllegalArgumentException if the column's type has no such prefix
   */
  final void writeStartsWith(KeyWriter out, Object valuePrefix) {
    if (valuePrefix == null) {
      throw new IllegalArgumentException(what + ": a value prefix cannot be NULL");
    }
    KeyType t = column.type();
    if (t != KeyType.CHAR && t != KeyType.VARCHAR && t != KeyType.BINARY && t != KeyType.VARBINARY) {
      throw new IllegalArgumentException(what + ": only CHAR, VARCHAR, BINARY and VARBINARY "
          + "columns can be matched by a value prefix");
    }
    Object v = Values.coerce(column.type(), valuePrefix, what);
    int start = out.length();
    if (column.nullable()) {
      out.put(VALUE_MARK);
    }
    writeAscendingPrefix(out, v);
    if (column.descending()) {
      out.invertFrom(start);
    }
  }

  /** Appends the ascending encoding of {@code value}, which has the class of the column's type. */
  abstract void writeAscending(KeyWriter out, Object value);

  /** Reads an ascending encoding (the reader inverts descending fields). */
  abstract Object readAscending(KeyReader in);

  /** See {@link #writeStartsWith}; only character and binary codecs have prefixes. */
  void writeAscendingPrefix(KeyWriter out, Object valuePrefix) {
    throw new AssertionError(column.type());
  }

  @Override
  public String toString() {
    return getClass().getSimpleName() + "[" + column + "]";
  }
}
