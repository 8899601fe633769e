package dev.cellar.jdbc.remote;

import java.net.URI;
import java.net.URISyntaxException;
import java.sql.SQLException;
import java.util.Locale;
import java.util.Properties;
import org.apache.calcite.avatica.remote.CellarRemoteMeta;

/**
 * A parsed remote URL, {@code jdbc:cellar:remote:http[s]://HOST:PORT[/PATH][;property=value]*}.
 * Properties are Avatica's client settings ({@code serialization}, {@code truststore},
 * {@code truststore_password}, ...) and {@code user} and {@code password}, which authenticate
 * over HTTP: Basic over https, Digest over http, as the server asks.
 *
 * @param server the server's address, {@code http[s]://HOST:PORT[/PATH]}
 * @param properties the properties written in the URL
 */
public record RemoteUrl(String server, Properties properties) {
  /** The URL prefix the driver accepts. */
  public static final String PREFIX = "jdbc:cellar:remote:";

  /**
   * Parses {@code url}.
   *
   * @throws SQLException with SQLState 08001 naming what is wrong
   */
  public static RemoteUrl parse(String url) throws SQLException {
    if (!url.startsWith(PREFIX)) {
      throw error("URL '" + url + "' does not start with " + PREFIX);
    }
    String[] parts = url.substring(PREFIX.length()).split(";", -1);
    String server = parts[0].trim();
    try {
      URI uri = new URI(server);
      String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
      if (!scheme.equals("http") && !scheme.equals("https") || uri.getHost() == null) {
        throw error("URL '" + url + "' must continue with http://HOST:PORT or https://HOST:PORT after " + PREFIX);
      }
    } catch (URISyntaxException e) {
      throw error("URL '" + url + "' has a malformed server address '" + server + "': " + e.getReason());
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
    return new RemoteUrl(server, props);
  }

  /** Whether the server is reached over TLS. */
  public boolean tls() {
    return server.regionMatches(true, 0, "https:", 0, 6);
  }

  /**
   * Avatica's client settings for this URL and {@code info} (the URL's properties win):
   * {@code url}, {@code serialization} (protobuf unless asked otherwise), and {@code user}
   * and {@code password} as Avatica's HTTP credentials with the authentication the server
   * uses over this scheme (Basic over https, Digest over http). The password is not among the
   * properties sent to the server when the connection opens; {@value CellarRemoteMeta#PROPERTY}
   * asks the server for the continuations of results ({@link CellarRemoteMeta}).
   */
  public Properties toAvatica(Properties info) {
    Properties all = new Properties();
    if (info != null) {
      all.putAll(info);
    }
    all.putAll(properties);
    Properties out = new Properties();
    for (String k : all.stringPropertyNames()) {
      String v = all.getProperty(k);
      switch (k.toLowerCase(Locale.ROOT)) {
        case "user" -> {
          out.setProperty("user", v);
          out.setProperty("avatica_user", v);
        }
        case "password" -> out.setProperty("avatica_password", v);
        case "serialization" -> out.setProperty("serialization", v.toUpperCase(Locale.ROOT));
        default -> out.setProperty(k, v);
      }
    }
    out.setProperty("url", server);
    out.setProperty(CellarRemoteMeta.PROPERTY, "true");
    if (!out.containsKey("serialization")) {
      out.setProperty("serialization", "PROTOBUF");
    }
    if (out.containsKey("avatica_user") && !out.containsKey("authentication")) {
      out.setProperty("authentication", tls() ? "BASIC" : "DIGEST");
    }
    return out;
  }

  private static SQLException error(String message) {
    return new SQLException(message, "08001");
  }
}
