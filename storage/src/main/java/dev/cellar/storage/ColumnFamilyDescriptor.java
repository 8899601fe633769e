package dev.cellar.storage;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The settings of one column family (SEEDS.md §2), immutable. Build with {@link #newBuilder};
 * every setting is validated when {@link Builder#build()} runs, with a message naming it.
 *
 * <table>
 *   <caption>Settings and defaults</caption>
 *   <tr><th>setting</th><th>default</th></tr>
 *   <tr><td>VERSIONS</td><td>3</td></tr>
 *   <tr><td>MIN_VERSIONS</td><td>0</td></tr>
 *   <tr><td>TTL</td><td>{@link #FOREVER} seconds</td></tr>
 *   <tr><td>BLOCKSIZE</td><td>65536</td></tr>
 *   <tr><td>BLOCKCACHE</td><td>true</td></tr>
 *   <tr><td>IN_MEMORY</td><td>false</td></tr>
 *   <tr><td>BLOOMFILTER</td><td>NONE</td></tr>
 *   <tr><td>COMPRESSION</td><td>NONE</td></tr>
 * </table>
 */
public final class ColumnFamilyDescriptor {
  /** TTL meaning "never expires", as HBase writes it. */
  public static final int FOREVER = Integer.MAX_VALUE;
  public static final int DEFAULT_VERSIONS = 3;
  public static final int DEFAULT_MIN_VERSIONS = 0;
  public static final int DEFAULT_BLOCKSIZE = 65536;
  public static final int MIN_BLOCKSIZE = 1024;
  public static final int MAX_BLOCKSIZE = 16 * 1024 * 1024;

  private final String name;
  private final byte[] nameBytes;
  private final int maxVersions;
  private final int minVersions;
  private final int ttlSeconds;
  private final int blockSize;
  private final boolean blockCache;
  private final boolean inMemory;
  private final BloomType bloomType;
  private final Compression compression;

  private ColumnFamilyDescriptor(Builder b) {
    this.name = b.name;
    this.nameBytes = Bytes.toBytes(b.name);
    this.maxVersions = b.maxVersions;
    this.minVersions = b.minVersions;
    this.ttlSeconds = b.ttlSeconds;
    this.blockSize = b.blockSize;
    this.blockCache = b.blockCache;
    this.inMemory = b.inMemory;
    this.bloomType = b.bloomType;
    this.compression = b.compression;
  }

  /** A builder with the defaults for a family called {@code name}. */
  public static Builder newBuilder(String name) {
    return new Builder(name);
  }

  /** A family with every setting at its default. */
  public static ColumnFamilyDescriptor of(String name) {
    return newBuilder(name).build();
  }

  /** A builder starting from this descriptor's settings. */
  public Builder toBuilder() {
    Builder b = new Builder(name);
    b.maxVersions = maxVersions;
    b.minVersions = minVersions;
    b.ttlSeconds = ttlSeconds;
    b.blockSize = blockSize;
    b.blockCache = blockCache;
    b.inMemory = inMemory;
    b.bloomType = bloomType;
    b.compression = compression;
    return b;
  }

  public String name() {
    return name;
  }

  /** The name as UTF-8 bytes, as it appears in cells. Do not modify. */
  public byte[] nameBytes() {
    return nameBytes;
  }

  /** VERSIONS: the most versions of a column that reads return and compaction keeps. */
  public int maxVersions() {
    return maxVersions;
  }

  /** MIN_VERSIONS: versions kept (and readable) even when older than the TTL. */
  public int minVersions() {
    return minVersions;
  }

  /** TTL in seconds; {@link #FOREVER} when cells never expire. */
  public int ttlSeconds() {
    return ttlSeconds;
  }

  /** Whether cells of this family ever expire. */
  public boolean hasTtl() {
    return ttlSeconds != FOREVER;
  }

  public int blockSize() {
    return blockSize;
  }

  public boolean blockCache() {
    return blockCache;
  }

  public boolean inMemory() {
    return inMemory;
  }

  public BloomType bloomType() {
    return bloomType;
  }

  public Compression compression() {
    return compression;
  }

  /** All settings by their shell names, in the order {@code describe} shows them. */
  public Map<String, String> settings() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("NAME", name);
    m.put("BLOOMFILTER", bloomType.name());
    m.put("IN_MEMORY", Boolean.toString(inMemory));
    m.put("VERSIONS", Integer.toString(maxVersions));
    m.put("COMPRESSION", compression.name());
    m.put("TTL", ttlSeconds == FOREVER ? "FOREVER" : ttlSeconds + " SECONDS");
    m.put("MIN_VERSIONS", Integer.toString(minVersions));
    m.put("BLOCKCACHE", Boolean.toString(blockCache));
    m.put("BLOCKSIZE", Integer.toString(blockSize));
    return m;
  }

  /** The HBase shell's form: {@code {NAME => 'f', BLOOMFILTER => 'NONE', ...}}. */
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("{");
    for (Map.Entry<String, String> e : settings().entrySet()) {
      if (sb.length() > 1) {
        sb.append(", ");
      }
      sb.append(e.getKey()).append(" => '").append(e.getValue()).append('\'');
    }
    return sb.append('}').toString();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ColumnFamilyDescriptor d && d.toString().equals(toString());
  }

  @Override
  public int hashCode() {
    return toString().hashCode();
  }

  /** Builder; every setter may be called in any order, validation happens in {@link #build()}. */
  public static final class Builder {
    private final String name;
    private int maxVersions = DEFAULT_VERSIONS;
    private int minVersions = DEFAULT_MIN_VERSIONS;
    private int ttlSeconds = FOREVER;
    private int blockSize = DEFAULT_BLOCKSIZE;
    private boolean blockCache = true;
    private boolean inMemory = false;
    private BloomType bloomType = BloomType.NONE;
    private Compression compression = Compression.NONE;

    private Builder(String name) {
      this.name = Objects.requireNonNull(name, "family name");
    }

    public Builder maxVersions(int v) {
      this.maxVersions = v;
      return this;
    }

    public Builder minVersions(int v) {
      this.minVersions = v;
      return this;
    }

    public Builder ttlSeconds(int v) {
      this.ttlSeconds = v;
      return this;
    }

    public Builder blockSize(int v) {
      this.blockSize = v;
      return this;
    }

    public Builder blockCache(boolean v) {
      this.blockCache = v;
      return this;
    }

    public Builder inMemory(boolean v) {
      this.inMemory = v;
      return this;
    }

    public Builder bloomType(BloomType v) {
      this.bloomType = Objects.requireNonNull(v, "BLOOMFILTER");
      return this;
    }

    public Builder compression(Compression v) {
      this.compression = Objects.requireNonNull(v, "COMPRESSION");
      return this;
    }

    /**
     * Sets one setting from its shell name and text value, as written in
     * {@code {NAME => 'f', VERSIONS => '1', TTL => '18000'}}. Names are case-insensitive.
     *
     * @throws IllegalArgumentException for an unknown setting or a value it cannot take,
     *     naming the setting
     */
    public Builder set(String setting, String value) {
      String key = setting.trim().toUpperCase(Locale.ROOT);
      String v = value == null ? "" : value.trim();
      switch (key) {
        case "VERSIONS":
          return maxVersions(parseInt(key, v));
        case "MIN_VERSIONS":
          return minVersions(parseInt(key, v));
        case "TTL":
          return ttlSeconds(parseTtl(v));
        case "BLOCKSIZE":
          return blockSize(parseInt(key, v));
        case "BLOCKCACHE":
          return blockCache(parseBoolean(key, v));
        case "IN_MEMORY":
          return inMemory(parseBoolean(key, v));
        case "BLOOMFILTER":
          return bloomType(BloomType.parse(v));
        case "COMPRESSION":
          return compression(Compression.parse(v));
        default:
          throw new IllegalArgumentException("unknown family setting '" + setting + "' for family '" + name
              + "'; known: VERSIONS, MIN_VERSIONS, TTL, BLOCKSIZE, BLOCKCACHE, IN_MEMORY, BLOOMFILTER, COMPRESSION");
      }
    }

    /**
     * Validates and builds.
     *
     * @throws IllegalArgumentException naming the first invalid setting
     */
    public ColumnFamilyDescriptor build() {
      validateFamilyName(name);
      if (maxVersions < 1) {
        throw invalid("VERSIONS", maxVersions + "", "must be at least 1");
      }
      if (minVersions < 0) {
        throw invalid("MIN_VERSIONS", minVersions + "", "must not be negative");
      }
      if (minVersions > 0 && minVersions >= maxVersions) {
        throw invalid("MIN_VERSIONS", minVersions + "", "must be less than VERSIONS (" + maxVersions + ")");
      }
      if (ttlSeconds <= 0) {
        throw invalid("TTL", ttlSeconds + "", "must be a positive number of seconds or FOREVER");
      }
      if (blockSize <= 0 || blockSize < MIN_BLOCKSIZE || blockSize > MAX_BLOCKSIZE) {
        throw invalid("BLOCKSIZE", blockSize + "", "must be between " + MIN_BLOCKSIZE + " and " + MAX_BLOCKSIZE + " bytes");
      }
      return new ColumnFamilyDescriptor(this);
    }

    private IllegalArgumentException invalid(String setting, String value, String why) {
      return new IllegalArgumentException(setting + " " + value + " of family '" + name + "' " + why);
    }

    private int parseInt(String key, String v) {
      try {
        return Integer.parseInt(v);
      } catch (NumberFormatException e) {
        throw invalid(key, "'" + v + "'", "is not a whole number");
      }
    }

    private int parseTtl(String v) {
      String u = v.toUpperCase(Locale.ROOT);
      if (u.equals("FOREVER")) {
        return FOREVER;
      }
      if (u.endsWith(" SECONDS")) {
        u = u.substring(0, u.length() - " SECONDS".length()).trim();
      }
      try {
        long t = Long.parseLong(u);
        if (t > Integer.MAX_VALUE) {
          throw invalid("TTL", "'" + v + "'", "must be at most " + Integer.MAX_VALUE + " seconds");
        }
        return (int) t;
      } catch (NumberFormatException e) {
        throw invalid("TTL", "'" + v + "'", "is not a number of seconds or FOREVER");
      }
    }

    private boolean parseBoolean(String key, String v) {
      if (v.equalsIgnoreCase("true")) {
        return true;
      }
      if (v.equalsIgnoreCase("false")) {
        return false;
      }
      throw invalid(key, "'" + v + "'", "must be true or false");
    }
  }

  /**
   * Checks a family name as HBase does: non-empty, no control characters, no {@code ':'},
   * not starting with {@code '.'}.
   */
  public static void validateFamilyName(String name) {
    if (name.isEmpty()) {
      throw new IllegalArgumentException("family name must not be empty");
    }
    if (name.startsWith(".")) {
      throw new IllegalArgumentException("family name '" + name + "' must not start with '.'");
    }
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (c == ':' || Character.isISOControl(c)) {
        throw new IllegalArgumentException("family name '" + name + "' has an illegal character at position " + i
            + "; names may not contain ':' or control characters");
      }
    }
  }
}
