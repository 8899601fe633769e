package dev.cellar.storage.hbase;

import dev.cellar.storage.Admin;
import dev.cellar.storage.CellarStore;
import dev.cellar.storage.Durability;
import dev.cellar.storage.Mutation;
import dev.cellar.storage.StoreClosedException;
import dev.cellar.storage.Table;
import dev.cellar.storage.TableNotFoundException;
import dev.cellar.storage.WriteBatch;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.NamespaceExistException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The storage API over an Apache HBase cluster, through the plain HBase client: nothing runs on
 * the region servers but HBase itself. A Cellar table {@code T} is the HBase table
 * {@code NAMESPACE:T} (Cellar's table names are legal HBase qualifiers, {@code _cellar_catalog}
 * included); the namespace is chosen when the store opens ({@code default} unless told) and
 * created if missing. Cells, descriptors and filters map one to one ({@link HBaseCells},
 * {@link HBaseDescriptors}, {@link HBaseFilters}).
 *
 * <p>What differs from the embedded engine: writes are atomic per row only
 * ({@link #atomicMultiRowBatches()} is false), there are no snapshot reads (so no transactions),
 * no bulk loads yet, and region statistics are as HBase reports them (no cell counts). Thread-safe.
 */
public final class HBaseStore implements CellarStore {
  private static final Logger LOG = LoggerFactory.getLogger(HBaseStore.class);
  /** The namespace tables go to unless another is chosen. */
  public static final String DEFAULT_NAMESPACE = NamespaceDescriptor.DEFAULT_NAMESPACE_NAME_STR;

  private final Connection connection;
  private final boolean ownsConnection;
  private final String namespace;
  private final Durability defaultDurability;
  private final HBaseAdmin admin;
  private final Set<String> knownTables = ConcurrentHashMap.newKeySet();
  private volatile boolean closed;
  private volatile boolean namespaceChecked;

  private HBaseStore(Connection connection, boolean owns, String namespace, Durability defaultDurability) {
    this.connection = Objects.requireNonNull(connection, "connection");
    this.ownsConnection = owns;
    this.namespace = Objects.requireNonNull(namespace, "namespace");
    this.defaultDurability = Objects.requireNonNull(defaultDurability, "durability");
    if (namespace.isEmpty()) {
      throw new IllegalArgumentException("the HBase namespace must not be empty");
    }
    TableName.isLegalNamespaceName(org.apache.hadoop.hbase.util.Bytes.toBytes(namespace));
    this.admin = new HBaseAdmin(this);
  }

  /**
   * Connects to the cluster {@code conf} names ({@code hbase.zookeeper.quorum} and the rest);
   * closing the store closes the connection.
   *
   * @param namespace the HBase namespace of Cellar's tables
   * @param defaultDurability what writes asking for {@link Durability#USE_DEFAULT} get
   * @throws dev.cellar.storage.StorageException if the cluster cannot be reached
   */
  public static HBaseStore connect(Configuration conf, String namespace, Durability defaultDurability) {
    Connection c;
    try {
      c = ConnectionFactory.createConnection(conf);
    } catch (IOException e) {
      throw HBaseErrors.translate(e, null, "connect to the cluster at " + conf.get("hbase.zookeeper.quorum"));
    }
    try {
      return new HBaseStore(c, true, namespace, defaultDurability);
    } catch (RuntimeException e) {
      try {
        c.close();
      } catch (IOException suppressed) {
        e.addSuppressed(suppressed);
      }
      throw e;
    }
  }

  /** A store over a connection the caller owns (and closes after the store). */
  public static HBaseStore over(Connection connection, String namespace) {
    return new HBaseStore(connection, false, namespace, Durability.USE_DEFAULT);
  }

  /** The HBase namespace of this store's tables. */
  public String namespace() {
    return namespace;
  }

  /** The HBase table that Cellar table {@code name} is. */
  public TableName tableName(String name) {
    try {
      return TableName.valueOf(namespace, name);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("table name '" + name + "' is not a legal HBase table name: "
          + e.getMessage(), e);
    }
  }

  Connection connection() {
    return connection;
  }

  /** Durability of writes that ask for {@link Durability#USE_DEFAULT}. */
  Durability defaultDurability() {
    return defaultDurability;
  }

  void checkOpen() {
    if (closed || connection.isClosed()) {
      throw new StoreClosedException("the HBase store is closed");
    }
  }

  /** Creates the namespace if it is missing (once per store). */
  void ensureNamespace(org.apache.hadoop.hbase.client.Admin a) throws IOException {
    if (namespaceChecked || namespace.equals(DEFAULT_NAMESPACE)) {
      return;
    }
    try {
      a.getNamespaceDescriptor(namespace);
    } catch (org.apache.hadoop.hbase.NamespaceNotFoundException e) {
      try {
        a.createNamespace(NamespaceDescriptor.create(namespace).build());
        LOG.info("created HBase namespace {}", namespace);
      } catch (NamespaceExistException raced) {
        // created meanwhile
      }
    }
    namespaceChecked = true;
  }

  @Override
  public Admin admin() {
    checkOpen();
    return admin;
  }

  @Override
  public Table table(String name) {
    checkOpen();
    if (!knownTables.contains(name)) {
      if (!admin.tableExists(name)) {
        throw new TableNotFoundException("table '" + name + "' does not exist");
      }
      knownTables.add(name);
    }
    return new HBaseTable(this, name);
  }

  /** Forgets that a table existed (after it was dropped through this store). */
  void forget(String name) {
    knownTables.remove(name);
  }

  /**
   * Applies the batch table by table, each row atomically but not the batch as a whole (see
   * {@link #atomicMultiRowBatches()}). Every table is checked to exist first, so a batch naming a
   * missing table writes nothing.
   */
  @Override
  public void write(WriteBatch batch) {
    Map<String, List<Mutation>> byTable = new LinkedHashMap<>();
    for (WriteBatch.Entry e : batch.entries()) {
      byTable.computeIfAbsent(e.table(), k -> new ArrayList<>()).add(e.mutation());
    }
    List<Table> tables = new ArrayList<>();
    for (String t : byTable.keySet()) {
      tables.add(table(t));
    }
    for (Table t : tables) {
      t.batch(byTable.get(t.name()));
    }
  }

  /** False: HBase writes each row atomically, never several rows together. */
  @Override
  public boolean atomicMultiRowBatches() {
    return false;
  }

  /** False: every cell a region server reads for a query is sent to the client. */
  @Override
  public boolean readsSmallFamiliesWhole() {
    return false;
  }

  /** False: HBase has no read views that last across reads, so the SQL layer offers no transactions. */
  @Override
  public boolean snapshotReads() {
    return false;
  }

  /** True: every client of the cluster may open the namespace's tables and write them. */
  @Override
  public boolean sharedAcrossProcesses() {
    return true;
  }

  /** False: not yet (HBase's own bulk load needs files on the cluster's file system). */
  @Override
  public boolean bulkLoads() {
    return false;
  }

  /** False: RegionMetrics give sizes in whole megabytes and no cell counts. */
  @Override
  public boolean exactRegionStatistics() {
    return false;
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    if (ownsConnection) {
      try {
        connection.close();
      } catch (IOException e) {
        LOG.warn("closing the HBase connection failed", e);
      }
    }
  }

  @Override
  public String toString() {
    return "HBaseStore{namespace=" + namespace + "}";
  }
}
