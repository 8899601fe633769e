package dev.cellar.sql.codec;

import java.util.Locale;
import java.util.Objects;

/**
 * One column of a rowkey: its name (used in error messages), its type, its sort direction and,
 * for {@link KeyType#CHAR} and {@link KeyType#BINARY}, its length.
 *
 * @param name column name, as error messages should show it
 * @param type column type
 * @param descending whether the column sorts in descending order
 * @param length characters of a CHAR, bytes of a BINARY (at least 1); for VARCHAR and VARBINARY
 *     a declared maximum that the codec does not enforce, or -1; ignored for the other types
 * @param nullable whether the field may be NULL (an index entry's indexed column): its encoding
 *     then starts with a byte that tells NULL from a value ({@code key-encoding.md} §9)
 */
public record KeyColumn(String name, KeyType type, boolean descending, int length, boolean nullable) {
  /** Largest CHAR or BINARY length a key column may have. */
  static final int MAX_FIXED_LENGTH = 32_767;

  /** A column that cannot be NULL, as every primary key column. */
  public KeyColumn(String name, KeyType type, boolean descending, int length) {
    this(name, type, descending, length, false);
  }

  /** Checks the arguments. */
  public KeyColumn {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(type, "type");
    if (name.isEmpty()) {
      throw new IllegalArgumentException("key column name is empty");
    }
    if (type.hasFixedLength() && (length < 1 || length > MAX_FIXED_LENGTH)) {
      throw new IllegalArgumentException("key column '" + name + "' of type " + type + " needs a length in [1, "
          + MAX_FIXED_LENGTH + "], got " + length);
    }
    if (length < -1) {
      throw new IllegalArgumentException("key column '" + name + "': length " + length + " is negative");
    }
  }

  /** An ascending column of a type without a fixed length. */
  static KeyColumn asc(String name, KeyType type) {
    return new KeyColumn(name, type, false, -1);
  }

  /** A descending column of a type without a fixed length. */
  static KeyColumn desc(String name, KeyType type) {
    return new KeyColumn(name, type, true, -1);
  }

  /** The type as SQL writes it, with the length of CHAR and BINARY: {@code CHAR(6)}. */
  String typeName() {
    return type.hasFixedLength() ? type + "(" + length + ")" : type.toString();
  }

  /** {@code name TYPE} or {@code name TYPE DESC}. */
  @Override
  public String toString() {
    return name + " " + typeName() + (descending ? " DESC" : "") + (nullable ? " NULL" : "");
  }

  /** How error messages name this column: {@code column 'name' (TYPE DESC)}. */
  String describe() {
    return String.format(Locale.ROOT, "column '%s' (%s%s)", name, typeName(), descending ? " DESC" : "");
  }
}
