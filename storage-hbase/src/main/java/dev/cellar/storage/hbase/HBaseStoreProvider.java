package dev.cellar.storage.hbase;

import dev.cellar.storage.CellarStore;
import dev.cellar.storage.Durability;
import dev.cellar.storage.spi.StoreProvider;
import dev.cellar.storage.spi.StoreSetting;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;

/**
 * The HBase backend, scheme {@code hbase}: {@code jdbc:cellar:hbase:HOST[:PORT][,HOST[:PORT]...][/ZNODE]}
 * names the cluster's ZooKeeper quorum (port 2181 unless given) and the cluster's parent znode
 * ({@code /hbase} unless given). Settings: {@code hbaseNamespace} (the HBase namespace of Cellar's
 * tables, {@code default} unless given) and {@code durability}; every connection property named
 * {@code hbase.*} is set in the client's {@link Configuration} as given.
 */
public final class HBaseStoreProvider implements StoreProvider {
  /** The scheme. */
  public static final String SCHEME = "hbase";
  /** The setting naming the namespace. */
  public static final String NAMESPACE = "hbaseNamespace";

  private static final List<StoreSetting> SETTINGS = List.of(
      StoreSetting.text(NAMESPACE, HBaseStore.DEFAULT_NAMESPACE,
          "the HBase namespace holding Cellar's tables (hbase: only); created if missing"),
      StoreSetting.choice("durability", Durability.SYNC_WAL.name(), List.of("SKIP_WAL", "ASYNC_WAL", "SYNC_WAL",
          "FSYNC_WAL"), "how durable a write is when it returns: SKIP_WAL, ASYNC_WAL, SYNC_WAL (survives a process "
          + "crash) or FSYNC_WAL (survives a machine crash)"));

  /** A parsed location: the quorum with ports, and the parent znode. */
  record Location(List<String> hosts, String znode) {
    String quorum() {
      return String.join(",", hosts);
    }
  }

  @Override
  public Set<String> schemes() {
    return Set.of(SCHEME);
  }

  @Override
  public List<StoreSetting> settings() {
    return SETTINGS;
  }

  @Override
  public boolean passesThrough(String property) {
    return property.startsWith("hbase.");
  }

  /**
   * Parses {@code HOST[:PORT][,HOST[:PORT]...][/ZNODE]}.
   *
   * @throws IllegalArgumentException saying what is wrong
   */
  static Location parse(String location) {
    String hostsPart = location;
    String znode = "/hbase";
    int slash = location.indexOf('/');
    if (slash >= 0) {
      hostsPart = location.substring(0, slash);
      znode = location.substring(slash);
      if (znode.length() < 2 || znode.endsWith("/")) {
        throw new IllegalArgumentException("names the znode '" + znode + "'; write /NAME, such as /hbase");
      }
    }
    if (hostsPart.isEmpty()) {
      throw new IllegalArgumentException("names no ZooKeeper host after hbase:; write hbase:HOST[:PORT][,HOST...][/ZNODE]");
    }
    List<String> hosts = new ArrayList<>();
    for (String h : hostsPart.split(",", -1)) {
      String host = h.trim();
      int port = 2181;
      int colon = host.lastIndexOf(':');
      if (colon >= 0) {
        String p = host.substring(colon + 1);
        host = host.substring(0, colon);
        try {
          port = Integer.parseInt(p);
        } catch (NumberFormatException e) {
          port = -1;
        }
        if (port <= 0 || port > 65535) {
          throw new IllegalArgumentException("names the port '" + p + "' of ZooKeeper host '" + host
              + "', which is not a port number");
        }
      }
      if (host.isEmpty()) {
        throw new IllegalArgumentException("has an empty ZooKeeper host in '" + hostsPart + "'");
      }
      hosts.add(host.toLowerCase(Locale.ROOT) + ":" + port);
    }
    return new Location(hosts, znode);
  }

  @Override
  public String key(String scheme, String location) {
    Location l = parse(location);
    return SCHEME + ":" + l.quorum() + l.znode();
  }

  @Override
  public CellarStore open(String scheme, String location, Map<String, String> settings) {
    Location l = parse(location);
    Configuration conf = HBaseConfiguration.create();
    conf.set("hbase.zookeeper.quorum", l.quorum());
    conf.set("zookeeper.znode.parent", l.znode());
    String namespace = HBaseStore.DEFAULT_NAMESPACE;
    Durability durability = Durability.SYNC_WAL;
    for (Map.Entry<String, String> e : settings.entrySet()) {
      if (e.getKey().equals(NAMESPACE)) {
        namespace = e.getValue();
      } else if (e.getKey().equals("durability")) {
        durability = Durability.valueOf(e.getValue());
      } else if (passesThrough(e.getKey())) {
        conf.set(e.getKey(), e.getValue());
      }
    }
    return HBaseStore.connect(conf, namespace, durability);
  }
}
