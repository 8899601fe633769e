package dev.cellar.jdbc;

import dev.cellar.sql.SqlState;
import dev.cellar.storage.spi.StoreProvider;
import dev.cellar.storage.spi.StoreProviders;
import dev.cellar.storage.spi.StoreSetting;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import org.apache.calcite.avatica.BuiltInConnectionProperty;
import org.apache.calcite.config.CalciteConnectionProperty;

/**
 * A parsed Cellar JDBC URL, {@code jdbc:cellar:SCHEME:LOCATION[;property=value]*}, where the
 * scheme names a storage backend ({@link StoreProvider}) found on the class path:
 * <pre>
 * jdbc:cellar:mem:NAME[;property=value]*    an in-memory database shared by NAME within the JVM
 * jdbc:cellar:mem:[;property=value]*        a private in-memory database, gone when the connection closes
 * jdbc:cellar:file:PATH[;property=value]*   a database in directory PATH (created if missing)
 * jdbc:cellar:hbase:QUORUM[/ZNODE][;...]    an HBase cluster (with the storage-hbase module on the class path)
 * </pre>
 * Properties are those of {@link CellarProperty}, the settings the backend declares, the
 * properties it passes through, and Calcite's connection properties ({@code timeZone},
 * {@code lex}, ...); an unknown name is an error.
 *
 * @param scheme the storage backend's scheme, lower case
 * @param name the location after the scheme: the mem: name, the file: path, the HBase quorum
 * @param properties the properties written in the URL
 * @param provider the backend serving the scheme
 */
public record CellarUrl(String scheme, String name, Properties properties, StoreProvider provider) {
  /** The URL prefix the driver accepts. */
  public static final String PREFIX = "jdbc:cellar:";

  /**
   * Parses {@code url}.
   *
   * @throws SQLException with SQLState 08001 naming what is wrong
   */
  public static CellarUrl parse(String url) throws SQLException {
    if (!url.startsWith(PREFIX)) {
      throw error("URL '" + url + "' does not start with " + PREFIX);
    }
    String rest = url.substring(PREFIX.length());
    String[] parts = rest.split(";", -1);
    String location = parts[0];
    int colon = location.indexOf(':');
    if (colon <= 0) {
      throw error("URL '" + url + "' must continue with SCHEME:LOCATION after " + PREFIX + ", such as mem:NAME or "
          + "file:PATH; the storage schemes available are " + String.join(", ", StoreProviders.schemes()));
    }
    String scheme = location.substring(0, colon).toLowerCase(Locale.ROOT);
    String name = location.substring(colon + 1);
    StoreProvider provider = StoreProviders.forScheme(scheme);
    if (provider == null) {
      throw error("URL '" + url + "' names the storage scheme '" + scheme + "', which no backend on the class path "
          + "serves; the schemes available are " + String.join(", ", StoreProviders.schemes()));
    }
    try {
      provider.key(scheme, name);
    } catch (IllegalArgumentException e) {
      throw error("URL '" + url + "' " + e.getMessage());
    }
    Properties props = new Properties();
    for (int i = 1; i < parts.length; i++) {
      String p = parts[i].trim();
      if (p.isEmpty()) {
        continue;
      }
      int eq = p.indexOf('=');
      if (eq <= 0) {
        throw error("URL property '" + p + "' must be written name=value");
      }
      props.setProperty(p.substring(0, eq).trim(), p.substring(eq + 1).trim());
    }
    CellarUrl u = new CellarUrl(scheme, name, props, provider);
    u.checkProperties(props);
    return u;
  }

  /** The key the driver shares open databases by: {@code mem:NAME}, the absolute directory, the cluster. */
  public String key() {
    return provider.key(scheme, name);
  }

  /** How messages name the database. */
  public String describe() {
    return scheme + ":" + name;
  }

  /** Whether the database lives in memory only (kept open while the JVM runs unless dropped). */
  public boolean isVolatile() {
    return provider.isVolatile(scheme);
  }

  /**
   * Checks that every property is known and its value fits.
   *
   * @throws SQLException with SQLState 08001 naming the property
   */
  void checkProperties(Properties props) throws SQLException {
    for (String k : props.stringPropertyNames()) {
      CellarProperty p = CellarProperty.forName(k);
      StoreSetting own = backendSetting(k);
      try {
        if (own != null) {
          own.check(props.getProperty(k));
        } else if (p != null) {
          p.check(props.getProperty(k));
        }
      } catch (IllegalArgumentException e) {
        throw error(e.getMessage());
      }
      if (p != null && p.isStoreSetting() && own == null) {
        throw error("property " + p.camelName() + " is a setting of the embedded engine (mem:, file:) and does not "
            + "apply to " + scheme + ": databases");
      }
      if (p == null && own == null && !provider.passesThrough(k) && !isCalciteProperty(k)) {
        StringBuilder known = new StringBuilder();
        for (CellarProperty c : CellarProperty.values()) {
          if (!c.isStoreSetting() || backendSetting(c.camelName()) != null) {
            known.append(known.length() == 0 ? "" : ", ").append(c.camelName());
          }
        }
        for (StoreSetting s : provider.settings()) {
          if (CellarProperty.forName(s.name()) == null) {
            known.append(", ").append(s.name());
          }
        }
        throw error("unknown connection property '" + k + "'; Cellar's are " + known
            + " (and Calcite's, such as timeZone)");
      }
    }
  }

  /** The backend's setting called {@code name} (case-insensitive), or {@code null}. */
  StoreSetting backendSetting(String name) {
    for (StoreSetting s : provider.settings()) {
      if (s.name().equalsIgnoreCase(name)) {
        return s;
      }
    }
    return null;
  }

  /** The backend's settings and pass-through properties in {@code props}, as {@link StoreProvider#open} takes them. */
  Map<String, String> storeSettings(Properties props) {
    Map<String, String> out = new LinkedHashMap<>();
    for (String k : props.stringPropertyNames()) {
      StoreSetting s = backendSetting(k);
      if (s != null) {
        out.put(s.name(), s.check(props.getProperty(k)));
      } else if (CellarProperty.forName(k) == null && provider.passesThrough(k)) {
        out.put(k, props.getProperty(k));
      }
    }
    return out;
  }

  private static boolean isCalciteProperty(String k) {
    String u = k.toUpperCase(Locale.ROOT);
    if (u.equals("USER") || u.equals("PASSWORD")) {
      return true;
    }
    for (CalciteConnectionProperty p : CalciteConnectionProperty.values()) {
      if (p.camelName().equalsIgnoreCase(k)) {
        return true;
      }
    }
    for (BuiltInConnectionProperty p : BuiltInConnectionProperty.values()) {
      if (p.camelName().equalsIgnoreCase(k)) {
        return true;
      }
    }
    return false;
  }

  static SQLException error(String message) {
    return new SQLNonTransientConnectionException(message, SqlState.CONNECTION_FAILED.code());
  }
}
