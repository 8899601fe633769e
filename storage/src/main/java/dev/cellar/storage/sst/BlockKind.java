package dev.cellar.storage.sst;

/**
 * What a block holds. The code is stored in every block's trailer and covered by its checksum,
 * so that a handle pointing at the wrong block is detected. Persisted: <strong>never renumber
 * them</strong>; see {@code storage/docs/store-file-format.md}.
 */
enum BlockKind {
  /** Cells, prefix encoded. */
  DATA(1),
  /** Last key of each data block to its handle. */
  INDEX(2),
  /** Name of each meta block to its handle. */
  META_INDEX(3),
  /** File metadata: name to value. */
  FILE_INFO(4),
  /** A named meta block: the bloom block ({@link BloomFilter}) or a caller's opaque contents. */
  META(5);

  private final int code;

  BlockKind(int code) {
    this.code = code;
  }

  int code() {
    return code;
  }

  /** The kind with the given code, or {@code null}. */
  static BlockKind fromCode(int code) {
    for (BlockKind k : values()) {
      if (k.code == code) {
        return k;
      }
    }
    return null;
  }
}
