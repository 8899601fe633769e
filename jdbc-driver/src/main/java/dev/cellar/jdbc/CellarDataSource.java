package dev.cellar.jdbc;

import java.io.PrintWriter;
import java.io.Serializable;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Properties;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * A {@link DataSource} for Cellar: a URL ({@code jdbc:cellar:mem:NAME} or
 * {@code jdbc:cellar:file:PATH}) and the connection properties of {@link CellarProperty}, each
 * with a bean setter (a test checks that every property has one).
 *
 * <pre>
 * CellarDataSource ds = new CellarDataSource();
 * ds.setUrl("jdbc:cellar:file:/var/lib/cellar/db");
 * ds.setDurability("ASYNC_WAL");
 * try (Connection c = ds.getConnection()) { ... }
 * </pre>
 */
public class CellarDataSource implements DataSource, Serializable {
  private static final long serialVersionUID = 1L;
  private static final CellarDriver DRIVER = new CellarDriver();

  private String url = CellarUrl.PREFIX + "mem:";
  private final Properties properties = new Properties();
  private transient PrintWriter logWriter;
  private int loginTimeout;

  public String getUrl() {
    return url;
  }

  /** The database's URL, {@code jdbc:cellar:mem:NAME} or {@code jdbc:cellar:file:PATH}. */
  public void setUrl(String url) {
    this.url = url;
  }

  /** Sets a property by its name in {@link CellarProperty} (or one of Calcite's). */
  public void setProperty(String name, String value) {
    CellarProperty p = CellarProperty.forName(name);
    properties.setProperty(p != null ? p.camelName() : name, p != null ? p.check(value) : value);
  }

  /** A property's value: the one set, else its default. */
  public String getProperty(CellarProperty p) {
    return p.get(properties);
  }

  private void set(CellarProperty p, Object value) {
    properties.setProperty(p.camelName(), p.check(String.valueOf(value)));
  }

  public long getFlushSize() {
    return Long.parseLong(getProperty(CellarProperty.FLUSH_SIZE));
  }

  public void setFlushSize(long bytes) {
    set(CellarProperty.FLUSH_SIZE, bytes);
  }

  public long getBlockCacheSize() {
    return Long.parseLong(getProperty(CellarProperty.BLOCK_CACHE_SIZE));
  }

  public void setBlockCacheSize(long bytes) {
    set(CellarProperty.BLOCK_CACHE_SIZE, bytes);
  }

  public String getDurability() {
    return getProperty(CellarProperty.DURABILITY);
  }

  public void setDurability(String durability) {
    set(CellarProperty.DURABILITY, durability);
  }

  public long getMaxCellSize() {
    return Long.parseLong(getProperty(CellarProperty.MAX_CELL_SIZE));
  }

  public void setMaxCellSize(long bytes) {
    set(CellarProperty.MAX_CELL_SIZE, bytes);
  }

  public long getWalSegmentSize() {
    return Long.parseLong(getProperty(CellarProperty.WAL_SEGMENT_SIZE));
  }

  public void setWalSegmentSize(long bytes) {
    set(CellarProperty.WAL_SEGMENT_SIZE, bytes);
  }

  public long getAsyncWalIntervalMs() {
    return Long.parseLong(getProperty(CellarProperty.ASYNC_WAL_INTERVAL_MS));
  }

  public void setAsyncWalIntervalMs(long ms) {
    set(CellarProperty.ASYNC_WAL_INTERVAL_MS, ms);
  }

  public long getCompactionThreshold() {
    return Long.parseLong(getProperty(CellarProperty.COMPACTION_THRESHOLD));
  }

  public void setCompactionThreshold(long files) {
    set(CellarProperty.COMPACTION_THRESHOLD, files);
  }

  public long getMajorCompactionPeriodMs() {
    return Long.parseLong(getProperty(CellarProperty.MAJOR_COMPACTION_PERIOD_MS));
  }

  public void setMajorCompactionPeriodMs(long ms) {
    set(CellarProperty.MAJOR_COMPACTION_PERIOD_MS, ms);
  }

  public long getRegionSplitSize() {
    return Long.parseLong(getProperty(CellarProperty.REGION_SPLIT_SIZE));
  }

  public void setRegionSplitSize(long bytes) {
    set(CellarProperty.REGION_SPLIT_SIZE, bytes);
  }

  public boolean getFlushOnClose() {
    return Boolean.parseBoolean(getProperty(CellarProperty.FLUSH_ON_CLOSE));
  }

  public void setFlushOnClose(boolean flush) {
    set(CellarProperty.FLUSH_ON_CLOSE, flush);
  }

  public long getPlanCacheSize() {
    return Long.parseLong(getProperty(CellarProperty.PLAN_CACHE_SIZE));
  }

  public void setPlanCacheSize(long plans) {
    set(CellarProperty.PLAN_CACHE_SIZE, plans);
  }

  public long getCurrentScn() {
    return Long.parseLong(getProperty(CellarProperty.CURRENT_SCN));
  }

  /** Reads every table as it was before this cell timestamp; -1 for the latest data. */
  public void setCurrentScn(long scn) {
    set(CellarProperty.CURRENT_SCN, scn);
  }

  public long getTransactionMaxBytes() {
    return Long.parseLong(getProperty(CellarProperty.TRANSACTION_MAX_BYTES));
  }

  /** The most a transaction's uncommitted writes may hold, in bytes. */
  public void setTransactionMaxBytes(long bytes) {
    set(CellarProperty.TRANSACTION_MAX_BYTES, bytes);
  }

  /** Whether {@code COPY} may read and write files of this machine ({@code fileAccess}). */
  public boolean getFileAccess() {
    return Boolean.parseBoolean(getProperty(CellarProperty.FILE_ACCESS));
  }

  /** Allows or refuses {@code COPY}'s files ({@code fileAccess}). */
  public void setFileAccess(boolean allowed) {
    set(CellarProperty.FILE_ACCESS, allowed);
  }

  public boolean getShutdown() {
    return Boolean.parseBoolean(getProperty(CellarProperty.SHUTDOWN));
  }

  public void setShutdown(boolean shutdown) {
    set(CellarProperty.SHUTDOWN, shutdown);
  }

  @Override
  public Connection getConnection() throws SQLException {
    Properties p = new Properties();
    p.putAll(properties);
    Connection c = DRIVER.connect(url, p);
    if (c == null) {
      throw CellarUrl.error("URL '" + url + "' is not a Cellar URL (" + CellarUrl.PREFIX + "mem:NAME or "
          + CellarUrl.PREFIX + "file:PATH)");
    }
    return c;
  }

  /** Same as {@link #getConnection()}: Cellar has no users. */
  @Override
  public Connection getConnection(String username, String password) throws SQLException {
    return getConnection();
  }

  @Override
  public PrintWriter getLogWriter() {
    return logWriter;
  }

  @Override
  public void setLogWriter(PrintWriter out) {
    this.logWriter = out;
  }

  @Override
  public void setLoginTimeout(int seconds) {
    this.loginTimeout = seconds;
  }

  @Override
  public int getLoginTimeout() {
    return loginTimeout;
  }

  @Override
  public Logger getParentLogger() throws SQLFeatureNotSupportedException {
    throw new SQLFeatureNotSupportedException("Cellar logs through SLF4J");
  }

  @Override
  public <T> T unwrap(Class<T> iface) throws SQLException {
    if (iface.isInstance(this)) {
      return iface.cast(this);
    }
    throw new SQLException("not a wrapper of " + iface);
  }

  @Override
  public boolean isWrapperFor(Class<?> iface) {
    return iface.isInstance(this);
  }
}
