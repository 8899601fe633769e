package dev.cellar.storage.sst;

import dev.cellar.storage.CorruptionException;
import dev.cellar.storage.util.ByteReader;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The decoded meta index block: the name of each meta block (UTF-8, in byte order) to its
 * handle. The writer's own meta block is the bloom block ({@link BloomFilter#META_BLOCK_NAME});
 * any other was added by a caller. Readers ignore names they do not know. Immutable.
 */
final class MetaIndex {
  private final Map<String, BlockHandle> handles;

  private MetaIndex(Map<String, BlockHandle> handles) {
    this.handles = Collections.unmodifiableMap(handles);
  }

  /**
   * Decodes and checks a meta index block: names strictly increasing as bytes, and the meta
   * blocks tiling {@code [firstOffset, limit)} in name order.
   *
   * @throws CorruptionException naming the meta index block on any violation
   */
  static MetaIndex read(Block block, long firstOffset, long limit) {
    BlockIterator it = new BlockIterator();
    it.reset(block);
    Map<String, BlockHandle> handles = new LinkedHashMap<>();
    long expected = firstOffset;
    byte[] previous = null;
    int i = 0;
    for (it.seekToFirst(); it.valid(); it.next(), i++) {
      int entry = it.entryOffset();
      BlockHandle h;
      try {
        ByteReader in = new ByteReader(it.data(), it.valueOffset(), it.valueLength());
        h = BlockHandle.read(in);
        if (in.hasRemaining()) {
          throw new ByteReader.Malformed(in.remaining() + " stray bytes after the block handle", in.position());
        }
      } catch (ByteReader.Malformed e) {
        throw block.corrupt("bad meta index entry " + i + ": " + e.getMessage(), entry);
      }
      if (h.offset() != expected || h.end() > limit) {
        throw block.corrupt("meta block " + i + " at " + h + " is not where expected (offset " + expected
            + ", ending by " + limit + ")", entry);
      }
      byte[] name = Arrays.copyOf(it.key(), it.keyLength());
      if (previous != null && Arrays.compareUnsigned(previous, name) >= 0) {
        throw block.corrupt("meta block names out of order at entry " + i, entry);
      }
      previous = name;
      expected = h.end();
      handles.put(new String(name, StandardCharsets.UTF_8), h);
    }
    if (expected != limit) {
      throw block.corrupt("meta blocks end at " + expected + " but the meta index starts at " + limit, 0);
    }
    return new MetaIndex(handles);
  }

  /** The handle of the named meta block, or {@code null}. */
  BlockHandle get(String name) {
    return handles.get(name);
  }

  Set<String> names() {
    return handles.keySet();
  }
}
