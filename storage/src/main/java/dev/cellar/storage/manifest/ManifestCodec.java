package dev.cellar.storage.manifest;

import dev.cellar.storage.ColumnFamilyDescriptor;
import dev.cellar.storage.CorruptionException;
import dev.cellar.storage.TableDescriptor;
import dev.cellar.storage.manifest.ManifestState.RegionState;
import dev.cellar.storage.manifest.ManifestState.TableState;
import dev.cellar.storage.util.ByteReader;
import dev.cellar.storage.util.ByteWriter;
import dev.cellar.storage.util.Checksums;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Encodes and decodes the manifest file. See {@code storage/docs/manifest-format.md}; the
 * constants here are the ones it names.
 */
public final class ManifestCodec {
  /** "CELLARMF" in ASCII. */
  public static final long MAGIC = 0x43454C4C41524D46L;
  /** Current format version. */
  public static final int VERSION = 1;
  /** Magic (8) + version (4) + payload length (4). */
  static final int HEADER_SIZE = 16;
  /** Table flag: the table is disabled. */
  static final int FLAG_DISABLED = 1;
  private static final int MAX_NAME = 1 << 16;
  private static final int MAX_KEY = Short.MAX_VALUE;

  private ManifestCodec() {}

  /** The complete file contents for {@code state}. */
  public static byte[] encode(ManifestState state) {
    ByteWriter p = new ByteWriter(1024);
    p.putVarLong(state.lastSequence());
    p.putVarLong(state.nextFileNumber());
    p.putVarLong(state.nextTableId());
    p.putVarInt(state.tables().size());
    for (TableState t : state.tables()) {
      p.putVarLong(t.id());
      putString(p, t.descriptor().name());
      p.putVarInt(t.enabled() ? 0 : FLAG_DISABLED);
      p.putVarInt(t.descriptor().families().size());
      for (ColumnFamilyDescriptor f : t.descriptor().families()) {
        Map<String, String> settings = f.settings();
        p.putVarInt(settings.size());
        for (Map.Entry<String, String> e : settings.entrySet()) {
          putString(p, e.getKey());
          putString(p, e.getValue());
        }
      }
      p.putVarInt(t.regions().size());
      for (RegionState r : t.regions()) {
        p.putLengthPrefixed(r.startRow());
        p.putLengthPrefixed(r.endRow());
        p.putVarLong(r.flushedSequence());
        p.putVarInt(r.files().size());
        for (Map.Entry<String, List<Long>> e : r.files().entrySet()) {
          putString(p, e.getKey());
          p.putVarInt(e.getValue().size());
          for (long n : e.getValue()) {
            p.putVarLong(n);
          }
        }
      }
    }
    ByteWriter out = new ByteWriter(p.size() + HEADER_SIZE + 4);
    out.putLong(MAGIC);
    out.putInt(VERSION);
    out.putInt(p.size());
    out.putBytes(p.array(), 0, p.size());
    out.putInt(Checksums.crc32c(out.array(), 0, out.size()));
    return out.toByteArray();
  }

  /**
   * Decodes a manifest file.
   *
   * @throws CorruptionException naming {@code file} and the offset of the first bad byte
   */
  public static ManifestState decode(byte[] b, String file) {
    if (b.length < HEADER_SIZE + 4) {
      throw new CorruptionException(file, 0, "manifest of " + b.length + " bytes is shorter than its header");
    }
    ByteReader h = new ByteReader(b);
    long magic = h.getLong();
    if (magic != MAGIC) {
      throw new CorruptionException(file, 0, "bad magic number; not a Cellar manifest");
    }
    int version = h.getInt();
    if (version != VERSION) {
      throw new CorruptionException(file, 8, "manifest format version " + version + " is not supported (this build reads "
          + VERSION + ")");
    }
    int len = h.getInt();
    if (len < 0 || len != b.length - HEADER_SIZE - 4) {
      throw new CorruptionException(file, 12, "payload length " + len + " does not match the file size " + b.length);
    }
    int stored = new ByteReader(b, b.length - 4, 4).getInt();
    int actual = Checksums.crc32c(b, 0, b.length - 4);
    if (stored != actual) {
      throw new CorruptionException(file, b.length - 4, "checksum mismatch (stored " + Integer.toHexString(stored)
          + ", computed " + Integer.toHexString(actual) + ")");
    }
    ByteReader p = new ByteReader(b, HEADER_SIZE, len);
    try {
      long lastSeq = p.getVarLong();
      long nextFile = p.getVarLong();
      long nextTable = p.getVarLong();
      int nTables = p.getVarInt(1 << 20);
      List<TableState> tables = new ArrayList<>(nTables);
      for (int i = 0; i < nTables; i++) {
        long id = p.getVarLong();
        TableDescriptor.Builder tb = TableDescriptor.newBuilder(getString(p));
        int flagsAt = p.position();
        int flags = p.getVarInt();
        if ((flags & ~FLAG_DISABLED) != 0) {
          throw new ByteReader.Malformed("unknown table flags " + Integer.toHexString(flags), flagsAt);
        }
        int nFam = p.getVarInt(1 << 16);
        for (int f = 0; f < nFam; f++) {
          int nSettings = p.getVarInt(1 << 10);
          Map<String, String> settings = new LinkedHashMap<>();
          for (int s = 0; s < nSettings; s++) {
            settings.put(getString(p), getString(p));
          }
          String name = settings.remove("NAME");
          if (name == null) {
            throw new ByteReader.Malformed("family without a NAME", p.position());
          }
          ColumnFamilyDescriptor.Builder fb = ColumnFamilyDescriptor.newBuilder(name);
          settings.forEach(fb::set);
          tb.family(fb.build());
        }
        int nRegions = p.getVarInt(1 << 24);
        List<RegionState> regions = new ArrayList<>(nRegions);
        for (int r = 0; r < nRegions; r++) {
          byte[] start = p.getLengthPrefixed(MAX_KEY);
          byte[] end = p.getLengthPrefixed(MAX_KEY);
          long flushed = p.getVarLong();
          int nf = p.getVarInt(1 << 16);
          Map<String, List<Long>> files = new LinkedHashMap<>();
          for (int f = 0; f < nf; f++) {
            String fam = getString(p);
            int n = p.getVarInt(1 << 24);
            List<Long> nums = new ArrayList<>(n);
            for (int k = 0; k < n; k++) {
              nums.add(p.getVarLong());
            }
            files.put(fam, List.copyOf(nums));
          }
          regions.add(new RegionState(start, end, flushed, files));
        }
        tables.add(new TableState(id, tb.build(), (flags & FLAG_DISABLED) == 0, List.copyOf(regions)));
      }
      if (p.hasRemaining()) {
        throw new ByteReader.Malformed(p.remaining() + " unexpected trailing bytes", p.position());
      }
      return new ManifestState(lastSeq, nextFile, nextTable, List.copyOf(tables));
    } catch (ByteReader.Malformed | IllegalArgumentException e) {
      int at = e instanceof ByteReader.Malformed m ? m.position() : HEADER_SIZE;
      throw new CorruptionException(file, at, "malformed manifest: " + e.getMessage(), e);
    }
  }

  private static void putString(ByteWriter w, String s) {
    w.putLengthPrefixed(s.getBytes(StandardCharsets.UTF_8));
  }

  private static String getString(ByteReader r) {
    return new String(r.getLengthPrefixed(MAX_NAME), StandardCharsets.UTF_8);
  }
}
