package dev.cellar.storage.spi;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The storage backends on the class path, by URL scheme, found once through
 * {@link ServiceLoader} with this class's class loader (and the thread's context class loader,
 * for backends loaded by an application server or a tool).
 */
public final class StoreProviders {
  private static final Logger LOG = LoggerFactory.getLogger(StoreProviders.class);
  private static volatile Map<String, StoreProvider> byScheme;

  private StoreProviders() {}

  private static Map<String, StoreProvider> load() {
    Map<String, StoreProvider> m = byScheme;
    if (m != null) {
      return m;
    }
    synchronized (StoreProviders.class) {
      if (byScheme == null) {
        Map<String, StoreProvider> found = new TreeMap<>();
        List<ClassLoader> loaders = new ArrayList<>();
        loaders.add(StoreProviders.class.getClassLoader());
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        if (context != null && context != loaders.get(0)) {
          loaders.add(context);
        }
        for (ClassLoader cl : loaders) {
          try {
            for (StoreProvider p : ServiceLoader.load(StoreProvider.class, cl)) {
              for (String s : p.schemes()) {
                String scheme = s.toLowerCase(Locale.ROOT);
                StoreProvider old = found.putIfAbsent(scheme, p);
                if (old != null && old.getClass() != p.getClass()) {
                  LOG.warn("storage scheme {} is served by {}; ignoring {}", scheme, old.getClass().getName(),
                      p.getClass().getName());
                }
              }
            }
          } catch (ServiceConfigurationError e) {
            LOG.warn("a storage backend could not be loaded", e);
          }
        }
        byScheme = Collections.unmodifiableMap(found);
        LOG.debug("storage schemes: {}", found.keySet());
      }
      return byScheme;
    }
  }

  /** The provider serving {@code scheme} (case-insensitive), or {@code null}. */
  public static StoreProvider forScheme(String scheme) {
    return load().get(scheme.toLowerCase(Locale.ROOT));
  }

  /** Every scheme served, in alphabetical order. */
  public static List<String> schemes() {
    return new ArrayList<>(load().keySet());
  }
}
