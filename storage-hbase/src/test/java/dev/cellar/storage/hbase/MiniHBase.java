package dev.cellar.storage.hbase;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseTestingUtility;
import org.apache.hadoop.hbase.StartMiniClusterOption;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One HBase minicluster per test JVM, shared by every test class: ZooKeeper and one master and
 * one region server on the local file system (no HDFS), started on first use and stopped when the
 * JVM exits. Tests give each of their tables its own name ({@link #uniqueName}).
 */
final class MiniHBase {
  private static final Logger LOG = LoggerFactory.getLogger(MiniHBase.class);
  private static final AtomicInteger NAMES = new AtomicInteger();
  private static HBaseTestingUtility util;
  private static Connection connection;

  private MiniHBase() {}

  /** The running cluster's utility (starting the cluster if needed). */
  static synchronized HBaseTestingUtility util() {
    if (util == null) {
      long start = System.nanoTime();
      try {
        Path dir = Files.createTempDirectory("cellar-minihbase");
        HBaseTestingUtility u = new HBaseTestingUtility();
        Configuration conf = u.getConfiguration();
        conf.set("hbase.rootdir", dir.resolve("root").toUri().toString());
        conf.set("hbase.wal.provider", "filesystem");
        conf.setBoolean("hbase.unsafe.stream.capability.enforce", false);
        conf.setInt("hbase.master.info.port", -1);
        conf.setInt("hbase.regionserver.info.port", -1);
        conf.setInt("hbase.regionserver.handler.count", 8);
        conf.setInt("hbase.master.handler.count", 8);
        conf.setInt("hbase.client.retries.number", 10);
        u.startMiniZKCluster();
        u.startMiniHBaseCluster(StartMiniClusterOption.builder().numMasters(1).numRegionServers(1).build());
        util = u;
        connection = ConnectionFactory.createConnection(conf);
        Runtime.getRuntime().addShutdownHook(new Thread(MiniHBase::stop, "minihbase-stop"));
        LOG.info("HBase minicluster started in {} ms, ZooKeeper on port {}", (System.nanoTime() - start) / 1_000_000,
            zkPort());
      } catch (Exception e) {
        throw new IllegalStateException("the HBase minicluster did not start", e);
      }
    }
    return util;
  }

  /** A client connection to the cluster, shared; do not close it. */
  static synchronized Connection connection() {
    util();
    return connection;
  }

  /** The cluster's client configuration. */
  static Configuration conf() {
    return util().getConfiguration();
  }

  static int zkPort() {
    return util().getZkCluster().getClientPort();
  }

  /** The JDBC URL of the cluster. */
  static String jdbcUrl() {
    return "jdbc:cellar:hbase:localhost:" + zkPort() + "/hbase";
  }

  /** A name no other table of this JVM has. */
  static String uniqueName(String prefix) {
    return prefix + "_" + NAMES.incrementAndGet();
  }

  private static synchronized void stop() {
    try {
      if (connection != null) {
        connection.close();
      }
      util.shutdownMiniHBaseCluster();
      util.shutdownMiniZKCluster();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (RuntimeException e) {
      LOG.warn("stopping the minicluster failed", e);
    }
  }
}
