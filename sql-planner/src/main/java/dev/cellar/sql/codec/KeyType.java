package dev.cellar.sql.codec;

/**
 * The SQL types a Cellar column can have, as far as the codecs are concerned.
 *
 * <p>Each constant names the Java class that carries its values, which is how Calcite's
 * enumerable runtime represents them. The codecs accept a few exact widenings besides (see
 * {@link RowKeyCodec#encode} and {@link ValueCodec#encode}) and always decode to the class named
 * here.
 */
public enum KeyType {
  /** {@link Boolean}. */
  BOOLEAN,
  /** {@link Byte}. */
  TINYINT,
  /** {@link Short}. */
  SMALLINT,
  /** {@link Integer}. */
  INTEGER,
  /** {@link Long}. */
  BIGINT,
  /** {@link java.math.BigDecimal}, any precision and scale. */
  DECIMAL,
  /** {@link Float}. */
  REAL,
  /** {@link Double}. */
  DOUBLE,
  /** {@link String} of a fixed number of characters, padded with spaces. */
  CHAR,
  /** {@link String}. */
  VARCHAR,
  /** {@code byte[]} of a fixed length, padded with zero bytes. */
  BINARY,
  /** {@code byte[]}. */
  VARBINARY,
  /** {@link Integer}: days since 1970-01-01. */
  DATE,
  /** {@link Integer}: milliseconds since midnight. */
  TIME,
  /** {@link Long}: milliseconds since 1970-01-01 00:00:00 UTC. */
  TIMESTAMP;

  /** Whether a column of this type needs a length: {@link #CHAR} and {@link #BINARY}. */
  public boolean hasFixedLength() {
    return this == CHAR || this == BINARY;
  }

  /**
   * Width in bytes of this type's rowkey encoding when it does not depend on the value or the
   * column's length; -1 otherwise (DECIMAL, CHAR, VARCHAR, BINARY, VARBINARY).
   */
  int keyWidth() {
    switch (this) {
      case BOOLEAN:
      case TINYINT:
        return 1;
      case SMALLINT:
        return 2;
      case INTEGER:
      case REAL:
      case DATE:
      case TIME:
        return 4;
      case BIGINT:
      case DOUBLE:
      case TIMESTAMP:
        return 8;
      default:
        return -1;
    }
  }
}
