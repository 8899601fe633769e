package dev.cellar.jdbc;

import dev.cellar.sql.SqlState;
import java.nio.file.Path;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.util.Locale;
import java.util.Properties;
import org.apache.calcite.avatica.BuiltInConnectionProperty;
import org.apache.calcite.config.CalciteConnectionProperty;

/**
 * A parsed Cellar JDBC URL:
 * <pre>
 * jdbc:cellar:mem:NAME[;property=value]*    an in-memory database shared by NAME within the JVM
 * jdbc:cellar:mem:[;property=value]*        a private in-memory database, gone when the connection closes
 * jdbc:cellar:file:PATH[;property=value]*   a database in directory PATH (created if missing)
 * </pre>
 * Properties are those of {@link CellarProperty} plus Calcite's connection properties
 * ({@code timeZone}, {@code lex}, ...); an unknown name is an error.
 *
 * @param kind where the database lives
 * @param name the mem: name or the file: path
 * @param properties the properties written in the URL
 */
public record CellarUrl(Kind kind, String name, Properties properties) {
  /** The URL prefix the driver accepts. */
  public static final String PREFIX = "jdbc:cellar:";

  /** Where a database lives. */
  public enum Kind {
    /** In memory, shared by name within the JVM. */
    MEM,
    /** In a directory. */
    FILE
  }

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
    Kind kind;
    String name;
    if (location.startsWith("mem:")) {
      kind = Kind.MEM;
      name = location.substring("mem:".length());
    } else if (location.startsWith("file:")) {
      kind = Kind.FILE;
      name = location.substring("file:".length());
      if (name.isEmpty()) {
        throw error("URL '" + url + "' names no directory after file:");
      }
    } else {
      throw error("URL '" + url + "' must continue with mem:NAME or file:PATH after " + PREFIX);
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
    checkProperties(props);
    return new CellarUrl(kind, name, props);
  }

  /** The key the driver shares open databases by: {@code mem:NAME} or the absolute directory. */
  public String key() {
    return kind == Kind.MEM ? "mem:" + name : "file:" + Path.of(name).toAbsolutePath().normalize();
  }

  /** How messages name the database. */
  public String describe() {
    return kind == Kind.MEM ? "mem:" + name : "file:" + name;
  }

  /**
   * Checks that every property is known and its value fits.
   *
   * @throws SQLException with SQLState 08001 naming the property
   */
  static void checkProperties(Properties props) throws SQLException {
    for (String k : props.stringPropertyNames()) {
      CellarProperty p = CellarProperty.forName(k);
      if (p != null) {
        try {
          p.check(props.getProperty(k));
        } catch (IllegalArgumentException e) {
          throw error(e.getMessage());
        }
      } else if (!isCalciteProperty(k)) {
        StringBuilder known = new StringBuilder();
        for (CellarProperty c : CellarProperty.values()) {
          known.append(known.length() == 0 ? "" : ", ").append(c.camelName());
        }
        throw error("unknown connection property '" + k + "'; Cellar's are " + known
            + " (and Calcite's, such as timeZone)");
      }
    }
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
