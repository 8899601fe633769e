package dev.cellar.storage;

/**
 * The kind of a {@link Cell}. The codes are persisted in the WAL and in store files:
 * <strong>never renumber them</strong>. They are HBase's codes, so that at equal coordinates
 * delete markers (higher codes) sort before the puts they mask.
 */
public enum CellType {
  /** Seek key only: sorts after every real cell of the same coordinates. Never stored. */
  MINIMUM(0),
  /** A value. */
  PUT(4),
  /** Delete marker for exactly one version (the cell's timestamp) of one column. */
  DELETE(8),
  /** Delete marker for the versions at exactly the cell's timestamp of every column of a family. */
  DELETE_FAMILY_VERSION(10),
  /** Delete marker for every version, at or before the cell's timestamp, of one column. */
  DELETE_COLUMN(12),
  /** Delete marker for every version, at or before the cell's timestamp, of every column of a family. */
  DELETE_FAMILY(14),
  /** Seek key only: sorts before every real cell of the same coordinates. Never stored. */
  MAXIMUM(255);

  private static final CellType[] BY_CODE = new CellType[256];

  static {
    for (CellType t : values()) {
      BY_CODE[t.code] = t;
    }
  }

  private final int code;

  CellType(int code) {
    this.code = code;
  }

  /** The persisted code, 0–255. */
  public int code() {
    return code;
  }

  /** Whether this is a delete marker. */
  public boolean isDelete() {
    return this == DELETE || this == DELETE_FAMILY_VERSION || this == DELETE_COLUMN || this == DELETE_FAMILY;
  }

  /** Whether this type may be stored (seek-only types may not). */
  public boolean isStorable() {
    return this != MINIMUM && this != MAXIMUM;
  }

  /** The type with the given persisted code, or {@code null} if no type has it. */
  public static CellType fromCode(int code) {
    return code < 0 || code > 255 ? null : BY_CODE[code];
  }
}
