package dev.cellar.storage.spi;

import dev.cellar.storage.CellarStore;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A storage backend as the JDBC driver finds it: by the scheme of a URL
 * {@code jdbc:cellar:SCHEME:LOCATION}. Implementations are listed in
 * {@code META-INF/services/dev.cellar.storage.spi.StoreProvider} of their jar and found by
 * {@link StoreProviders}; they must have a public no-argument constructor and be thread-safe.
 *
 * <p>The driver shares one open store among the connections whose URLs have the same
 * {@link #key key}, passes a store the {@link #settings() settings} it declares (and the
 * {@link #passesThrough pass-through} ones) as the connection gives them, and closes it when its
 * last connection closes, except a {@link #isVolatile volatile} store, whose data would be lost.
 */
public interface StoreProvider {
  /** The URL schemes this provider serves, lower case, without the colon ({@code "mem"}). */
  Set<String> schemes();

  /** The settings {@link #open} accepts, with their defaults; names are unique among providers' settings of one scheme. */
  List<StoreSetting> settings();

  /**
   * Whether a connection property that is not one of {@link #settings()} is nevertheless given to
   * {@link #open} unchecked (the HBase backend passes {@code hbase.*} to its client).
   */
  default boolean passesThrough(String property) {
    return false;
  }

  /**
   * Checks a location and returns the key that identifies the store it names: connections with
   * equal keys share one open store.
   *
   * @throws IllegalArgumentException saying what is wrong with the location
   */
  String key(String scheme, String location);

  /**
   * Whether the store's data lives only as long as it is open (an in-memory store): the driver
   * keeps such a store open while the JVM runs, unless asked to drop it.
   */
  default boolean isVolatile(String scheme) {
    return false;
  }

  /**
   * Opens the store at {@code location}.
   *
   * @param settings the connection's values of {@link #settings()} (checked, canonical, by their
   *     declared names; a setting not given is absent and takes its default) and of the
   *     pass-through properties (as given)
   * @throws IllegalArgumentException for a bad location or setting
   * @throws dev.cellar.storage.StorageException if the store cannot be opened
   */
  CellarStore open(String scheme, String location, Map<String, String> settings);
}
