package dev.cellar.sql.sequence;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import java.nio.ByteBuffer;

/**
 * A sequence as {@code CREATE SEQUENCE} defines it, with Phoenix's defaults: {@code START WITH 1
 * INCREMENT BY 1 MINVALUE Long.MIN_VALUE MAXVALUE Long.MAX_VALUE CACHE 100}, no {@code CYCLE}.
 *
 * @param schema the schema it was created in
 * @param name its name
 * @param start the first value handed out
 * @param increment the step between values, not 0; negative counts down
 * @param min the smallest value
 * @param max the largest value
 * @param cycle whether it starts again at {@code min} ({@code max} when counting down) past its end
 * @param cache how many values one reservation takes from the store
 * @param nonce a random number of this creation, telling a sequence dropped and created again apart
 */
public record SequenceDef(String schema, String name, long start, long increment, long min, long max, boolean cycle,
    long cache, long nonce) {
  /** Phoenix's default {@code CACHE}. */
  public static final long DEFAULT_CACHE = 100;

  static final byte[] MAGIC = {'C', 'S', 'Q'};
  static final byte VERSION = 1;
  private static final int LENGTH = MAGIC.length + 1 + 6 * Long.BYTES + 1;

  /**
   * Checks the definition.
   *
   * @throws CellarSqlException with {@link SqlState#INVALID_PARAMETER_VALUE} naming the setting at fault
   */
  public SequenceDef {
    String what = "sequence " + schema + "." + name + ": ";
    if (increment == 0) {
      throw new CellarSqlException(SqlState.INVALID_PARAMETER_VALUE, what + "INCREMENT BY cannot be 0");
    }
    if (min > max) {
      throw new CellarSqlException(SqlState.INVALID_PARAMETER_VALUE, what + "MINVALUE " + min
          + " is greater than MAXVALUE " + max);
    }
    if (start < min || start > max) {
      throw new CellarSqlException(SqlState.INVALID_PARAMETER_VALUE, what + "START WITH " + start
          + " is outside MINVALUE " + min + " and MAXVALUE " + max);
    }
    if (cache < 1) {
      throw new CellarSqlException(SqlState.INVALID_PARAMETER_VALUE, what + "CACHE must be at least 1, got " + cache);
    }
  }

  /** {@code SCHEMA.NAME}. */
  public String qualifiedName() {
    return schema + "." + name;
  }

  /** The value a cycling sequence starts again at. */
  long cycleStart() {
    return increment > 0 ? min : max;
  }

  /** The record of {@code sequence-format.md} §2. */
  byte[] encode() {
    ByteBuffer b = ByteBuffer.allocate(LENGTH);
    b.put(MAGIC).put(VERSION);
    b.putLong(start).putLong(increment).putLong(min).putLong(max).putLong(cache).putLong(nonce);
    b.put((byte) (cycle ? 1 : 0));
    return b.array();
  }

  /**
   * Reads a record of {@code sequence-format.md} §2.
   *
   * @throws CellarSqlException with {@link SqlState#DATA_CORRUPTED} if it is not one
   */
  static SequenceDef decode(String schema, String name, byte[] v) {
    if (v == null || v.length != LENGTH || v[0] != MAGIC[0] || v[1] != MAGIC[1] || v[2] != MAGIC[2]
        || v[3] != VERSION) {
      throw new CellarSqlException(SqlState.DATA_CORRUPTED, "the definition of sequence " + schema + "." + name
          + " in table " + Sequences.TABLE + " is not a sequence record of format " + VERSION);
    }
    ByteBuffer b = ByteBuffer.wrap(v, MAGIC.length + 1, LENGTH - MAGIC.length - 1);
    long start = b.getLong();
    long increment = b.getLong();
    long min = b.getLong();
    long max = b.getLong();
    long cache = b.getLong();
    long nonce = b.getLong();
    boolean cycle = b.get() != 0;
    return new SequenceDef(schema, name, start, increment, min, max, cycle, cache, nonce);
  }
}
