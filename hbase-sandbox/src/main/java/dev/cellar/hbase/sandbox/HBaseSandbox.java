package dev.cellar.hbase.sandbox;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.concurrent.CountDownLatch;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.MiniHBaseCluster;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.zookeeper.MiniZooKeeperCluster;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A local single-process HBase to try {@code jdbc:cellar:hbase:} on: ZooKeeper, one master and
 * one region server in this JVM, over the local file system (no HDFS), with its data under a
 * directory of its own so that tables survive a restart. Started by {@code ./cellar hbase-sandbox
 * [DIR] [--port PORT]}; prints the JDBC URL and runs until the JVM stops (Ctrl-C), when a shutdown
 * hook stops the cluster.
 */
public final class HBaseSandbox implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(HBaseSandbox.class);
  /** ZooKeeper's usual client port: URLs without a port name it. */
  public static final int DEFAULT_PORT = 2181;

  private static final long START_TIMEOUT_MS = 120_000;

  private final MiniZooKeeperCluster zk;
  private final MiniHBaseCluster hbase;
  private final int port;
  private final CountDownLatch stopped = new CountDownLatch(1);
  private boolean closed;

  private HBaseSandbox(MiniZooKeeperCluster zk, MiniHBaseCluster hbase, int port) {
    this.zk = zk;
    this.hbase = hbase;
    this.port = port;
  }

  /**
   * Starts the sandbox and waits until the JVM stops.
   *
   * @param args {@code [DIR] [--port PORT]}; DIR defaults to {@code ~/.cellar/hbase-sandbox}, PORT
   *     (ZooKeeper's client port, 0 for any free one) to 2181
   */
  public static void main(String[] args) throws Exception {
    HBaseSandbox sandbox;
    try {
      sandbox = launch(args, System.out);
    } catch (IllegalArgumentException e) {
      System.err.println("hbase-sandbox: " + e.getMessage());
      System.err.println("usage: hbase-sandbox [DIR] [--port PORT]");
      System.exit(2);
      return;
    }
    Runtime.getRuntime().addShutdownHook(new Thread(sandbox::close, "hbase-sandbox-stop"));
    sandbox.stopped.await();
  }

  /**
   * What {@link #main} does before it waits: parses the arguments, starts the cluster and prints
   * its JDBC URL (the first line on {@code out}) with how to stop it.
   */
  public static HBaseSandbox launch(String[] args, PrintStream out) throws IOException {
    Path dir = Paths.get(System.getProperty("user.home"), ".cellar", "hbase-sandbox");
    int port = DEFAULT_PORT;
    boolean dirGiven = false;
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (a.equals("--port")) {
        if (i + 1 == args.length) {
          throw new IllegalArgumentException("--port needs a value");
        }
        port = parsePort(args[++i]);
      } else if (a.startsWith("-")) {
        throw new IllegalArgumentException("unknown option " + a);
      } else if (!dirGiven) {
        dir = Paths.get(a);
        dirGiven = true;
      } else {
        throw new IllegalArgumentException("unexpected argument " + a);
      }
    }
    HBaseSandbox sandbox = start(dir.toAbsolutePath(), port);
    out.println(sandbox.jdbcUrl());
    out.println("HBase sandbox running, data in " + dir.toAbsolutePath() + "; Ctrl-C stops it");
    out.flush();
    return sandbox;
  }

  private static int parsePort(String s) {
    try {
      int p = Integer.parseInt(s);
      if (p >= 0 && p <= 65535) {
        return p;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException("--port wants a number from 0 to 65535, not " + s);
  }

  /**
   * Starts ZooKeeper on {@code port} (0: any free port) and HBase with its data under {@code dir}:
   * HBase's root directory {@code DIR/root}, ZooKeeper's {@code DIR/zookeeper}. A directory used
   * before keeps its tables.
   */
  public static HBaseSandbox start(Path dir, int port) throws IOException {
    long begin = System.nanoTime();
    Files.createDirectories(dir);
    Configuration conf = HBaseConfiguration.create();
    conf.set(HConstants.HBASE_DIR, dir.resolve("root").toUri().toString());
    conf.set("hbase.wal.provider", "filesystem");
    conf.setBoolean("hbase.unsafe.stream.capability.enforce", false);
    // Any free ports for the master's and region server's RPCs: only ZooKeeper's port is in the URL.
    conf.setInt(HConstants.MASTER_PORT, 0);
    conf.setInt(HConstants.REGIONSERVER_PORT, 0);
    conf.setInt(HConstants.MASTER_INFO_PORT, -1);
    conf.setInt(HConstants.REGIONSERVER_INFO_PORT, -1);
    conf.setInt("hbase.regionserver.handler.count", 8);
    conf.setInt("hbase.master.handler.count", 8);
    conf.set(HConstants.ZOOKEEPER_QUORUM, "localhost");
    MiniZooKeeperCluster zk = new MiniZooKeeperCluster(conf);
    if (port > 0) {
      zk.addClientPort(port);
    }
    MiniHBaseCluster hbase = null;
    try {
      int zkPort = zk.startup(dir.resolve("zookeeper").toFile());
      if (zkPort < 0) {
        throw new IOException("ZooKeeper's port " + port + " is in use (choose another with --port)");
      }
      conf.setInt(HConstants.ZOOKEEPER_CLIENT_PORT, zkPort);
      hbase = new MiniHBaseCluster(conf, 1, 1);
      if (!hbase.waitForActiveAndReadyMaster(START_TIMEOUT_MS)) {
        throw new IOException("the HBase master did not start within " + START_TIMEOUT_MS / 1000 + " s");
      }
      waitForMeta(conf);
      HBaseSandbox sandbox = new HBaseSandbox(zk, hbase, zkPort);
      LOG.info("HBase sandbox started in {} ms, ZooKeeper on port {}, data in {}",
          (System.nanoTime() - begin) / 1_000_000, zkPort, dir);
      return sandbox;
    } catch (IOException | RuntimeException e) {
      stopQuietly(zk, hbase);
      throw e;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      stopQuietly(zk, hbase);
      throw new InterruptedIOException("interrupted while the HBase sandbox started");
    }
  }

  /** Returns once a scan of hbase:meta succeeds: then tables can be made and read. */
  private static void waitForMeta(Configuration conf) throws IOException {
    try (Connection c = ConnectionFactory.createConnection(conf);
        Table meta = c.getTable(TableName.META_TABLE_NAME);
        ResultScanner scanner = meta.getScanner(new Scan())) {
      scanner.next();
    }
  }

  /** ZooKeeper's client port. */
  public int port() {
    return port;
  }

  /** The JDBC URL of the sandbox. */
  public String jdbcUrl() {
    return "jdbc:cellar:hbase:localhost:" + port;
  }

  /** Stops HBase, then ZooKeeper; the data stays. */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    LOG.info("stopping the HBase sandbox");
    stopQuietly(zk, hbase);
    stopped.countDown();
  }

  private static void stopQuietly(MiniZooKeeperCluster zk, MiniHBaseCluster hbase) {
    if (hbase != null) {
      try {
        hbase.shutdown();
        hbase.waitUntilShutDown();
      } catch (IOException | RuntimeException e) {
        LOG.warn("stopping HBase failed", e);
      }
    }
    try {
      zk.shutdown();
    } catch (IOException | RuntimeException e) {
      LOG.warn("stopping ZooKeeper failed", e);
    }
  }
}
