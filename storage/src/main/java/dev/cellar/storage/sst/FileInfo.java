package dev.cellar.storage.sst;

import dev.cellar.storage.BloomType;
import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import dev.cellar.storage.CellComparator;
import dev.cellar.storage.Compression;
import dev.cellar.storage.CorruptionException;
import dev.cellar.storage.util.ByteReader;
import dev.cellar.storage.util.ByteWriter;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

/**
 * Encodes and decodes the file info block: named values describing the file. The names below
 * are part of the format (see {@code storage/docs/store-file-format.md}, "File info"); readers
 * ignore names they do not know, so new ones can be added without a version change.
 */
final class FileInfo {
  static final String BLOCK_SIZE = "cellar.block.size";
  static final String BLOOM_TYPE = "cellar.bloom.type";
  static final String COMPARATOR = "cellar.comparator";
  static final String COMPRESSION = "cellar.compression";
  static final String DELETES = "cellar.count.deletes";
  static final String ENTRIES = "cellar.count.entries";
  static final String PUTS = "cellar.count.puts";
  static final String REPEATS = "cellar.count.repeats";
  static final String CREATED = "cellar.created";
  static final String FAMILY = "cellar.family";
  static final String FIRST_KEY = "cellar.key.first";
  static final String LAST_KEY = "cellar.key.last";
  static final String MAX_SEQUENCE = "cellar.seq.max";
  static final String MAX_TIMESTAMP = "cellar.ts.max";
  static final String MIN_TIMESTAMP = "cellar.ts.min";

  private FileInfo() {}

  /** Encodes the recorded fields of {@code b} and its metadata into {@code out}, sorted by name. */
  static void encode(StoreFileInfo.Builder b, BlockBuilder out) {
    TreeMap<byte[], byte[]> entries = new TreeMap<>(Arrays::compareUnsigned);
    entries.put(utf8(BLOCK_SIZE), longBytes(b.blockSize));
    entries.put(utf8(BLOOM_TYPE), new byte[] {(byte) b.bloomType.code()});
    entries.put(utf8(COMPARATOR), utf8(b.comparatorName));
    entries.put(utf8(COMPRESSION), new byte[] {(byte) b.compression.code()});
    entries.put(utf8(DELETES), longBytes(b.deleteCount));
    entries.put(utf8(ENTRIES), longBytes(b.entryCount));
    entries.put(utf8(PUTS), longBytes(b.putCount));
    entries.put(utf8(REPEATS), longBytes(b.repeatCount));
    entries.put(utf8(CREATED), longBytes(b.createdMillis));
    entries.put(utf8(FAMILY), b.family);
    if (b.firstKey != null) {
      entries.put(utf8(FIRST_KEY), CellKeys.encode(b.firstKey));
      entries.put(utf8(LAST_KEY), CellKeys.encode(b.lastKey));
    }
    entries.put(utf8(MAX_SEQUENCE), longBytes(b.maxSequenceId));
    entries.put(utf8(MAX_TIMESTAMP), longBytes(b.maxTimestamp));
    entries.put(utf8(MIN_TIMESTAMP), longBytes(b.minTimestamp));
    for (Map.Entry<String, String> e : b.metadata.entrySet()) {
      entries.put(utf8(StoreFileFormat.USER_KEY_PREFIX + e.getKey()), utf8(e.getValue()));
    }
    for (Map.Entry<byte[], byte[]> e : entries.entrySet()) {
      out.add(e.getKey(), e.getKey().length, e.getValue(), 0, e.getValue().length);
    }
  }

  /**
   * Decodes a file info block into {@code b}: every field but the path, size, version and
   * block count.
   *
   * @throws CorruptionException naming the block if a name repeats or is out of order, a
   *     required value is missing or malformed, or the values contradict each other
   */
  static void decode(Block block, StoreFileInfo.Builder b) {
    TreeMap<String, byte[]> values = new TreeMap<>();
    BlockIterator it = new BlockIterator();
    it.reset(block);
    byte[] previous = null;
    for (it.seekToFirst(); it.valid(); it.next()) {
      byte[] name = Arrays.copyOf(it.key(), it.keyLength());
      if (previous != null && Arrays.compareUnsigned(previous, name) >= 0) {
        throw block.corrupt("file info names out of order at " + Bytes.toStringBinary(name), it.entryOffset());
      }
      previous = name;
      values.put(new String(name, StandardCharsets.UTF_8),
          Arrays.copyOfRange(it.data(), it.valueOffset(), it.valueOffset() + it.valueLength()));
    }
    b.family = required(block, values, FAMILY);
    b.comparatorName = new String(required(block, values, COMPARATOR), StandardCharsets.UTF_8);
    if (!b.comparatorName.equals(CellComparator.NAME)) {
      throw block.corrupt("cells are in order '" + b.comparatorName + "'; this reader knows only '"
          + CellComparator.NAME + "'", 0);
    }
    b.entryCount = longValue(block, values, ENTRIES);
    b.putCount = longValue(block, values, PUTS);
    b.deleteCount = longValue(block, values, DELETES);
    // files written before the count existed lack it: unknown
    b.repeatCount = values.containsKey(REPEATS) ? longValue(block, values, REPEATS) : -1;
    b.minTimestamp = longValue(block, values, MIN_TIMESTAMP);
    b.maxTimestamp = longValue(block, values, MAX_TIMESTAMP);
    b.maxSequenceId = longValue(block, values, MAX_SEQUENCE);
    b.createdMillis = longValue(block, values, CREATED);
    long blockSize = longValue(block, values, BLOCK_SIZE);
    if (blockSize < 1 || blockSize > StoreFileFormat.MAX_BLOCK_CONTENTS) {
      throw block.corrupt("impossible block size " + blockSize, 0);
    }
    b.blockSize = (int) blockSize;
    int compression = codeValue(block, values, COMPRESSION);
    b.compression = Compression.fromCode(compression);
    if (b.compression == null) {
      throw block.corrupt("unknown compression code " + compression, 0);
    }
    int bloom = codeValue(block, values, BLOOM_TYPE);
    b.bloomType = BloomType.fromCode(bloom);
    if (b.bloomType == null) {
      throw block.corrupt("unknown bloom type code " + bloom, 0);
    }
    if (b.entryCount < 0 || b.putCount < 0 || b.deleteCount < 0 || b.putCount + b.deleteCount != b.entryCount) {
      throw block.corrupt("inconsistent counts: " + b.entryCount + " entries, " + b.putCount + " puts, "
          + b.deleteCount + " deletes", 0);
    }
    if (b.repeatCount < -1 || b.repeatCount >= Math.max(1, b.entryCount)) {
      throw block.corrupt("inconsistent counts: " + b.repeatCount + " repeated columns among " + b.entryCount
          + " entries", 0);
    }
    byte[] first = values.get(FIRST_KEY);
    byte[] last = values.get(LAST_KEY);
    if ((first == null) != (b.entryCount == 0) || (last == null) != (b.entryCount == 0)) {
      throw block.corrupt("first and last keys must be present exactly when the file has entries ("
          + b.entryCount + ")", 0);
    }
    if (first != null) {
      b.firstKey = key(block, first, b.family, FIRST_KEY);
      b.lastKey = key(block, last, b.family, LAST_KEY);
      int order = CellComparator.WITH_SEQUENCE.compare(b.firstKey, b.lastKey);
      if (order > 0 || (order == 0) != (b.entryCount == 1) || b.minTimestamp > b.maxTimestamp) {
        throw block.corrupt("inconsistent key or time range", 0);
      }
    }
    for (Map.Entry<String, byte[]> e : values.entrySet()) {
      if (e.getKey().startsWith(StoreFileFormat.USER_KEY_PREFIX)) {
        b.metadata.put(e.getKey().substring(StoreFileFormat.USER_KEY_PREFIX.length()),
            new String(e.getValue(), StandardCharsets.UTF_8));
      }
    }
  }

  private static Cell key(Block block, byte[] encoded, byte[] family, String name) {
    try {
      return CellKeys.decode(encoded, 0, encoded.length, family, Bytes.EMPTY, null, null);
    } catch (ByteReader.Malformed e) {
      throw block.corrupt("bad " + name + ": " + e.getMessage(), 0);
    }
  }

  private static byte[] required(Block block, Map<String, byte[]> values, String name) {
    byte[] v = values.get(name);
    if (v == null) {
      throw block.corrupt("file info lacks " + name, 0);
    }
    return v;
  }

  private static long longValue(Block block, Map<String, byte[]> values, String name) {
    byte[] v = required(block, values, name);
    if (v.length != 8) {
      throw block.corrupt(name + " has " + v.length + " bytes, expected 8", 0);
    }
    return CellKeys.getLong(v, 0);
  }

  private static int codeValue(Block block, Map<String, byte[]> values, String name) {
    byte[] v = required(block, values, name);
    if (v.length != 1) {
      throw block.corrupt(name + " has " + v.length + " bytes, expected 1", 0);
    }
    return v[0] & 0xff;
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static byte[] longBytes(long v) {
    return new ByteWriter(8).putLong(v).toByteArray();
  }
}
