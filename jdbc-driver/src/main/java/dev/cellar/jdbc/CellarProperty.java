package dev.cellar.jdbc;

import dev.cellar.storage.Durability;
import dev.cellar.storage.spi.StoreProvider;
import dev.cellar.storage.spi.StoreProviders;
import dev.cellar.storage.spi.StoreSetting;
import java.lang.reflect.Type;
import java.sql.DriverPropertyInfo;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import org.apache.calcite.avatica.ConnectionConfigImpl;
import org.apache.calcite.avatica.ConnectionProperty;

/**
 * Every connection property of Cellar, in one registry: URL parsing ({@link CellarUrl}),
 * {@link CellarDriver#getPropertyInfo} and {@link CellarDataSource}'s setters all come from
 * this enum (a test checks that they agree). Storage settings are the embedded engine's
 * ({@code mem:} and {@code file:}); another backend may accept some of them and declares its own
 * (see {@link dev.cellar.storage.spi.StoreProvider#settings()}). They take effect when the first
 * connection opens a store; connections to a store that is open already share it as it is.
 */
public enum CellarProperty implements ConnectionProperty {
  /** Memstore bytes of a region at which it is flushed to a store file. */
  FLUSH_SIZE("flushSize", Type.NUMBER),
  /** Bytes of decoded blocks the block cache holds; 0 turns it off; -1 = a quarter of the heap, at most 1 GiB. */
  BLOCK_CACHE_SIZE("blockCacheSize", Type.NUMBER),
  /** Durability of writes: SKIP_WAL, ASYNC_WAL, SYNC_WAL or FSYNC_WAL. */
  DURABILITY("durability", Type.ENUM),
  /** Largest cell accepted, in bytes. */
  MAX_CELL_SIZE("maxCellSize", Type.NUMBER),
  /** Size at which a write-ahead-log segment is rolled. */
  WAL_SEGMENT_SIZE("walSegmentSize", Type.NUMBER),
  /** How often ASYNC_WAL writes reach the log, in milliseconds. */
  ASYNC_WAL_INTERVAL_MS("asyncWalIntervalMs", Type.NUMBER),
  /** Store files of one family of a region that trigger a minor compaction. */
  COMPACTION_THRESHOLD("compactionThreshold", Type.NUMBER),
  /** Interval of scheduled major compactions in milliseconds; 0 = only on demand. */
  MAJOR_COMPACTION_PERIOD_MS("majorCompactionPeriodMs", Type.NUMBER),
  /** Store-file bytes at which a region splits. */
  REGION_SPLIT_SIZE("regionSplitSize", Type.NUMBER),
  /** Whether closing the store flushes memstores. */
  FLUSH_ON_CLOSE("flushOnClose", Type.BOOLEAN),
  /** Plans a connection keeps by SQL text; 0 turns plan caching off. */
  PLAN_CACHE_SIZE("planCacheSize", Type.NUMBER, 256L,
      "prepared plans a connection keeps by SQL text; 0 turns plan caching off"),
  /**
   * Phoenix's {@code CurrentSCN}: the connection reads every table as it was before this cell
   * timestamp (milliseconds since 1970-01-01 UTC) and writes nothing; -1 reads the latest data.
   */
  CURRENT_SCN("currentScn", Type.NUMBER, -1L,
      "read every table as it was before this cell timestamp (ms since 1970-01-01 UTC), as Phoenix's CurrentSCN; "
          + "such a connection writes nothing; -1 = the latest data"),
  /**
   * The most a transaction's uncommitted writes may hold (approximate heap bytes of their cells);
   * a statement that would pass it fails with SQLState 54000 and the transaction goes on.
   */
  TRANSACTION_MAX_BYTES("transactionMaxBytes", Type.NUMBER, 64L << 20,
      "the most a transaction's uncommitted writes may hold, in bytes; a statement passing it fails (54000)"),
  /**
   * Whether {@code COPY} may read and write files of the connection's process's machine; a
   * server sets it off on the connections it makes for remote clients unless it is started with
   * {@code --allow-file-access}.
   */
  FILE_ACCESS("fileAccess", Type.BOOLEAN, true,
      "whether COPY may read and write files of this machine (a server turns it off for remote clients)"),
  /**
   * Drops the database when the last connection to it closes: an in-memory database is
   * discarded (without it, a {@code mem:} database lives until the JVM exits).
   */
  SHUTDOWN("shutdown", Type.BOOLEAN, false,
      "drop the database when the last connection to it closes (a mem: database is otherwise kept until the JVM exits)");

  private static final Map<String, CellarProperty> BY_NAME = new LinkedHashMap<>();

  static {
    for (CellarProperty p : values()) {
      BY_NAME.put(p.camelName.toLowerCase(Locale.ROOT), p);
    }
  }

  private final String camelName;
  private final Type type;
  private final Object defaultValue;
  private final String description;
  /** The embedded engine's setting this property is, or {@code null} for a connection property. */
  private final StoreSetting storeSetting;

  CellarProperty(String camelName, Type type, Object defaultValue, String description) {
    this.camelName = camelName;
    this.type = type;
    this.defaultValue = defaultValue;
    this.description = description;
    this.storeSetting = null;
  }

  /** A setting of the embedded engine, with its default and description. */
  CellarProperty(String camelName, Type type) {
    StoreSetting s = embeddedSetting(camelName);
    this.camelName = camelName;
    this.type = type;
    this.description = s.description();
    this.defaultValue = switch (type) {
      case NUMBER -> Long.valueOf(s.defaultValue());
      case BOOLEAN -> Boolean.valueOf(s.defaultValue());
      case ENUM -> Durability.valueOf(s.defaultValue());
      default -> s.defaultValue();
    };
    this.storeSetting = s;
  }

  private static StoreSetting embeddedSetting(String name) {
    StoreProvider p = StoreProviders.forScheme(EMBEDDED_SCHEME);
    if (p != null) {
      for (StoreSetting s : p.settings()) {
        if (s.name().equals(name)) {
          return s;
        }
      }
    }
    throw new IllegalStateException("the embedded storage backend has no setting " + name);
  }

  /** The scheme whose settings the storage properties are. */
  private static final String EMBEDDED_SCHEME = "file";

  /** Whether this property is a setting of the storage backend (given to it when a store opens). */
  public boolean isStoreSetting() {
    return storeSetting != null;
  }

  /** The property called {@code name} (case-insensitive), or {@code null}. */
  public static CellarProperty forName(String name) {
    return BY_NAME.get(name.toLowerCase(Locale.ROOT));
  }

  @Override
  public String camelName() {
    return camelName;
  }

  @Override
  public Object defaultValue() {
    return defaultValue;
  }

  @Override
  public Type type() {
    return type;
  }

  @Override
  public ConnectionConfigImpl.PropEnv wrap(Properties properties) {
    Map<ConnectionProperty, String> map = new LinkedHashMap<>();
    for (String k : properties.stringPropertyNames()) {
      CellarProperty p = forName(k);
      if (p != null) {
        map.put(p, properties.getProperty(k));
      }
    }
    return new ConnectionConfigImpl.PropEnv(map, this);
  }

  @Override
  public boolean required() {
    return false;
  }

  @Override
  public Class valueClass() {
    return type == Type.ENUM ? Durability.class : type.deduceValueClass(defaultValue, null);
  }

  /** What the property does, as {@code getPropertyInfo} describes it. */
  public String description() {
    return description;
  }

  /** The values the property accepts, or {@code null} when any value of its type does. */
  public String[] choices() {
    if (type == Type.BOOLEAN) {
      return new String[] {"true", "false"};
    }
    if (type == Type.ENUM) {
      return new String[] {"SKIP_WAL", "ASYNC_WAL", "SYNC_WAL", "FSYNC_WAL"};
    }
    return null;
  }

  /** The default as text. */
  public String defaultText() {
    return String.valueOf(defaultValue);
  }

  /**
   * Checks a value, returning it in its canonical text form.
   *
   * @throws IllegalArgumentException naming the property if the value does not fit
   */
  public String check(String value) {
    String v = value.trim();
    switch (type) {
      case NUMBER:
        try {
          return Long.toString(Long.parseLong(v));
        } catch (NumberFormatException e) {
          throw new IllegalArgumentException("property " + camelName + " = '" + value + "' is not a whole number");
        }
      case BOOLEAN:
        if (v.equalsIgnoreCase("true") || v.equalsIgnoreCase("false")) {
          return v.toLowerCase(Locale.ROOT);
        }
        throw new IllegalArgumentException("property " + camelName + " = '" + value + "' must be true or false");
      case ENUM:
        String u = v.toUpperCase(Locale.ROOT);
        for (String c : choices()) {
          if (c.equals(u)) {
            return u;
          }
        }
        throw new IllegalArgumentException("property " + camelName + " = '" + value + "' must be one of "
            + String.join(", ", choices()));
      default:
        return v;
    }
  }

  /** The property's value in {@code props} (by its camel name), or its default. */
  public String get(Properties props) {
    for (String k : props.stringPropertyNames()) {
      if (k.equalsIgnoreCase(camelName)) {
        return check(props.getProperty(k));
      }
    }
    return defaultText();
  }

  long getLong(Properties props) {
    return Long.parseLong(get(props));
  }

  boolean getBoolean(Properties props) {
    return Boolean.parseBoolean(get(props));
  }

  /** {@code getPropertyInfo}'s entry, with the value from {@code props} if set there. */
  DriverPropertyInfo info(Properties props) {
    String set = null;
    for (String k : props.stringPropertyNames()) {
      if (k.equalsIgnoreCase(camelName)) {
        set = props.getProperty(k);
      }
    }
    DriverPropertyInfo i = new DriverPropertyInfo(camelName, set != null ? set : defaultText());
    i.description = description + " (default " + defaultText() + ")";
    i.required = false;
    i.choices = choices();
    return i;
  }

  /** Every property's {@code getPropertyInfo} entry. */
  static List<DriverPropertyInfo> infos(Properties props) {
    List<DriverPropertyInfo> out = new ArrayList<>();
    for (CellarProperty p : values()) {
      out.add(p.info(props));
    }
    return out;
  }
}
