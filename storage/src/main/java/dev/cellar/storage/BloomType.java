package dev.cellar.storage;

import java.util.Locale;

/**
 * Bloom filter kept per store file for a family. The codes are persisted in store files:
 * <strong>never renumber them</strong>.
 */
public enum BloomType {
  /** No bloom filter. */
  NONE(0),
  /** Answers "is this row absent from this file?". */
  ROW(1),
  /** Answers "is this row and qualifier absent from this file?"; larger than ROW. */
  ROWCOL(2);

  private final int code;

  BloomType(int code) {
    this.code = code;
  }

  /** The persisted code. */
  public int code() {
    return code;
  }

  /** The bloom type with the given persisted code, or {@code null}. */
  public static BloomType fromCode(int code) {
    for (BloomType t : values()) {
      if (t.code == code) {
        return t;
      }
    }
    return null;
  }

  /**
   * Parses a setting value ({@code 'ROW'}, {@code 'ROWCOL'}, {@code 'NONE'}), case-insensitively.
   *
   * @throws IllegalArgumentException naming the setting and the accepted values
   */
  public static BloomType parse(String s) {
    try {
      return valueOf(s.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("BLOOMFILTER '" + s + "' is unknown; use NONE, ROW or ROWCOL");
    }
  }
}
