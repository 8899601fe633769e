package dev.cellar.jdbc;

import dev.cellar.sql.SqlState;
import dev.cellar.sql.catalog.Catalog;
import dev.cellar.sql.database.CellarDatabase;
import dev.cellar.sql.parser.CellarParser;
import dev.cellar.sql.prepare.CalciteAssertions;
import dev.cellar.sql.prepare.CellarPrepare;
import dev.cellar.sql.prepare.CellarTypeSystem;
import dev.cellar.sql.schema.CellarSchemaFactory;
import dev.cellar.storage.spi.StoreSetting;
import java.sql.Connection;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.BuiltInConnectionProperty;
import org.apache.calcite.avatica.ConnectionProperty;
import org.apache.calcite.avatica.DriverVersion;
import org.apache.calcite.avatica.Handler;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.config.CalciteConnectionProperty;
import org.apache.calcite.jdbc.CalciteConnection;
import org.apache.calcite.jdbc.Driver;

/**
 * The Cellar JDBC driver, built on Calcite's driver and Avatica. URLs:
 * <pre>
 * jdbc:cellar:mem:NAME[;property=value]*    in memory, shared by NAME within the JVM
 * jdbc:cellar:file:PATH[;property=value]*   in directory PATH, created if missing
 * jdbc:cellar:SCHEME:LOCATION[;...]*         another storage backend on the class path, such as hbase:
 * </pre>
 * Backends are found by scheme ({@link dev.cellar.storage.spi.StoreProviders}). Properties are
 * listed in {@link CellarProperty}, plus the settings a backend declares. Connections to one location share one
 * open database ({@link Databases} describes how long it stays open). Registered with
 * {@link java.sql.DriverManager} through {@code META-INF/services/java.sql.Driver}.
 *
 * <p>Generated keys: a table without a primary key gives each row a hidden 8-byte rowkey. A
 * statement executed with {@link java.sql.Statement#RETURN_GENERATED_KEYS} (or prepared with
 * it) returns from {@code getGeneratedKeys()} the rowkeys its INSERTs and UPSERTs generated, as
 * one VARBINARY column {@code ROWKEY}; for a table with a primary key, for UPDATE and DELETE,
 * and without the flag, that result set is empty.
 */
public class CellarDriver extends Driver {
  /** The URL prefix. */
  public static final String PREFIX = CellarUrl.PREFIX;
  /** The schema every connection starts in. */
  public static final String SCHEMA = Catalog.DEFAULT_SCHEMA;

  private static final Map<AvaticaConnection, Databases.Entry> CONNECTIONS = new ConcurrentHashMap<>();

  static {
    CalciteAssertions.relax();
    Slf4jReporting.quietWithoutProvider();
    new CellarDriver().register();
  }

  public CellarDriver() {
    super(CellarPrepare::new);
  }

  @Override
  protected String getConnectStringPrefix() {
    return PREFIX;
  }

  /** The prefix of the remote driver's URLs, which this driver leaves to it. */
  static final String REMOTE_PREFIX = PREFIX + "remote:";

  /** {@code jdbc:cellar:} URLs, except the remote driver's {@code jdbc:cellar:remote:}. */
  @Override
  public boolean acceptsURL(String url) throws SQLException {
    return super.acceptsURL(url) && !url.startsWith(REMOTE_PREFIX);
  }

  @Override
  protected String getFactoryClassName(JdbcVersion jdbcVersion) {
    return CellarJdbcFactory.class.getName();
  }

  @Override
  protected DriverVersion createDriverVersion() {
    return new DriverVersion("Cellar JDBC Driver", "0.1.0", "Cellar", "0.1.0", true, 0, 1, 0, 1);
  }

  @Override
  protected Collection<ConnectionProperty> getConnectionProperties() {
    List<ConnectionProperty> list = new ArrayList<>(List.of(CellarProperty.values()));
    list.addAll(List.of(BuiltInConnectionProperty.values()));
    list.addAll(List.of(CalciteConnectionProperty.values()));
    return list;
  }

  @Override
  public Meta createMeta(AvaticaConnection connection) {
    return new CellarMeta((CalciteConnection) connection);
  }

  @Override
  protected Handler createHandler() {
    Handler calcite = super.createHandler();
    return new Handler() {
      @Override
      public void onConnectionInit(AvaticaConnection connection) throws SQLException {
        calcite.onConnectionInit(connection);
      }

      @Override
      public void onConnectionClose(AvaticaConnection connection) {
        calcite.onConnectionClose(connection);
        Databases.Entry e = CONNECTIONS.remove(connection);
        if (e != null) {
          Databases.release(e);
        }
      }

      @Override
      public void onStatementExecute(org.apache.calcite.avatica.AvaticaStatement statement, ResultSink resultSink) {
        calcite.onStatementExecute(statement, resultSink);
      }

      @Override
      public void onStatementClose(org.apache.calcite.avatica.AvaticaStatement statement) {
        calcite.onStatementClose(statement);
      }
    };
  }

  @Override
  public Connection connect(String url, Properties info) throws SQLException {
    if (url == null || !acceptsURL(url)) {
      return null;
    }
    CellarUrl u = CellarUrl.parse(url);
    Properties props = new Properties();
    props.setProperty(CalciteConnectionProperty.TYPE_SYSTEM.camelName(), CellarTypeSystem.class.getName() + "#INSTANCE");
    // the parser CellarPrepare reads every statement with, whatever this property says
    props.setProperty(CalciteConnectionProperty.PARSER_FACTORY.camelName(), CellarParser.class.getName() + "#FACTORY");
    // NULLs sort first in ascending order, as in Phoenix, SQLite and H2
    props.setProperty(CalciteConnectionProperty.DEFAULT_NULL_COLLATION.camelName(), "LOW");
    if (info != null) {
      u.checkProperties(info);
      for (String k : info.stringPropertyNames()) {
        props.setProperty(k, info.getProperty(k));
      }
    }
    for (String k : u.properties().stringPropertyNames()) {
      props.setProperty(k, u.properties().getProperty(k));
    }
    Databases.Entry db = Databases.acquire(u, props);
    AvaticaConnection connection = null;
    try {
      connection = factory.newConnection(this, factory, url, props);
      handler.onConnectionInit(connection);
      var session = CellarSchemaFactory.attach(((CalciteConnection) connection).getRootSchema(), db.db,
          Math.toIntExact(CellarProperty.PLAN_CACHE_SIZE.getLong(props)), currentScn(props), prepareFactory);
      session.setTransactionMaxBytes(CellarProperty.TRANSACTION_MAX_BYTES.getLong(props));
      session.setFileAccess(CellarProperty.FILE_ACCESS.getBoolean(props));
      KeyMetadata.addSystemTables(((CalciteConnection) connection).getRootSchema(), db.db);
      connection.setSchema(SCHEMA);
      CONNECTIONS.put(connection, db);
      return connection;
    } catch (SQLException | RuntimeException e) {
      if (connection != null) {
        try {
          connection.close();
        } catch (SQLException suppressed) {
          e.addSuppressed(suppressed);
        }
      }
      if (connection == null || !CONNECTIONS.containsKey(connection)) {
        Databases.release(db);
      }
      throw e instanceof SQLException s ? s : JdbcErrors.toSql(e);
    }
  }

  /** The {@code currentScn} property: a cell timestamp, or -1. */
  private static long currentScn(Properties props) throws SQLException {
    long scn = CellarProperty.CURRENT_SCN.getLong(props);
    if (scn < -1) {
      throw new SQLException("property currentScn = " + scn + " must be a cell timestamp (0 or more), or -1 for the "
          + "latest data", SqlState.CONNECTION_FAILED.code());
    }
    return scn;
  }

  /**
   * The database behind a Cellar connection: its catalog and its store, for tools that mix SQL
   * with direct storage access (the console's HBase-shell verbs).
   *
   * @throws SQLException if {@code connection} is not an open Cellar connection
   */
  public static CellarDatabase database(Connection connection) throws SQLException {
    Databases.Entry e = CONNECTIONS.get(connection.unwrap(AvaticaConnection.class));
    if (e == null) {
      throw new SQLException("not an open Cellar connection", SqlState.CONNECTION_DOES_NOT_EXIST.code());
    }
    return e.db;
  }

  /** Cellar's connection properties with their defaults, descriptions and allowed values. */
  @Override
  public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) throws SQLException {
    Properties props = new Properties();
    if (info != null) {
      props.putAll(info);
    }
    CellarUrl parsed = null;
    if (url != null && acceptsURL(url)) {
      parsed = CellarUrl.parse(url);
      props.putAll(parsed.properties());
    }
    List<DriverPropertyInfo> infos = CellarProperty.infos(props);
    if (parsed != null) {
      // the backend's own settings, past the embedded engine's
      for (StoreSetting s : parsed.provider().settings()) {
        if (CellarProperty.forName(s.name()) == null) {
          String set = null;
          for (String k : props.stringPropertyNames()) {
            if (k.equalsIgnoreCase(s.name())) {
              set = props.getProperty(k);
            }
          }
          DriverPropertyInfo i = new DriverPropertyInfo(s.name(), set != null ? set : s.defaultValue());
          i.description = s.description() + " (default " + s.defaultValue() + ")";
          i.choices = s.kind() == StoreSetting.Kind.BOOLEAN ? new String[] {"true", "false"}
              : s.choices().isEmpty() ? null : s.choices().toArray(new String[0]);
          infos.add(i);
        }
      }
    }
    return infos.toArray(new DriverPropertyInfo[0]);
  }
}
