package dev.cellar.benchmarks.sql;

import dev.cellar.sql.catalog.Catalog;
import dev.cellar.sql.catalog.TableDef;
import dev.cellar.storage.embedded.EmbeddedStore;
import dev.cellar.storage.embedded.StoreOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The {@code sale} table of {@link SaleData} on disk, once per row count, for Cellar and for
 * SQLite. A database is loaded the first time it is asked for and reused by later runs: it
 * lives under {@code benchmarks/target/sql-data/} (beside the benchmark jar; or
 * {@code -Dcellar.bench.sqlData=DIR}) in a directory named after the row count, and counts as
 * loaded once its {@value #READY} file exists.
 *
 * <p>Cellar is loaded through the JDBC driver ({@code jdbc:cellar:file:DIR}) with multi-row
 * {@code UPSERT ... VALUES} statements of {@value #ROWS_PER_STATEMENT} rows (the fastest of
 * the SQL ways tried: see {@link #main}), then closed (which flushes), then major-compacted
 * through the storage API, so reads find one store file per family. SQLite gets the same rows
 * with one prepared {@code INSERT} in one transaction.
 *
 * <p>{@code java -cp benchmarks/target/benchmarks.jar dev.cellar.benchmarks.sql.SaleDatabases 1000000}
 * loads both ahead of a benchmark run and prints how long it took.
 */
final class SaleDatabases {
  /** The file whose presence marks a database as completely loaded. */
  static final String READY = "LOADED";
  /** Rows per UPSERT statement when loading Cellar. */
  static final int ROWS_PER_STATEMENT = 100;
  /** Changes whenever the data or the schema does, so old directories are not reused. */
  private static final String VERSION = "v2";

  private SaleDatabases() {}

  /** The directory holding the benchmark databases. */
  static Path base() {
    String dir = System.getProperty("cellar.bench.sqlData");
    if (dir != null) {
      return Path.of(dir);
    }
    try {
      Path code = Path.of(SaleDatabases.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      // benchmarks/target/benchmarks.jar or benchmarks/target/classes: both sit in benchmarks/target
      return code.toAbsolutePath().getParent().resolve("sql-data");
    } catch (URISyntaxException | RuntimeException e) {
      return Path.of("benchmarks", "target", "sql-data").toAbsolutePath();
    }
  }

  /** The JDBC URL of the loaded Cellar database of {@code rows} rows, loading it first if needed. */
  static String cellarUrl(int rows) {
    return "jdbc:cellar:file:" + cellar(rows);
  }

  /** The JDBC URL of the loaded SQLite database of {@code rows} rows, loading it first if needed. */
  static String sqliteUrl(int rows) {
    return "jdbc:sqlite:" + sqlite(rows).resolve("sale.db");
  }

  /** The directory of the loaded Cellar database of {@code rows} rows, loading it first if needed. */
  static synchronized Path cellar(int rows) {
    Path dir = base().resolve("cellar-sale-" + VERSION + "-" + rows);
    if (Files.exists(dir.resolve(READY))) {
      return dir;
    }
    deleteTree(dir);
    SaleData data = SaleData.of(rows);
    long t0 = System.nanoTime();
    try (Connection c = DriverManager.getConnection("jdbc:cellar:file:" + dir + ";durability=SKIP_WAL")) {
      try (Statement s = c.createStatement()) {
        s.execute(SaleData.cellarDdl(rows));
      }
      upsert(c, data);
    } catch (SQLException e) {
      throw new IllegalStateException("loading " + dir + " failed: " + e.getMessage(), e);
    }
    long t1 = System.nanoTime();
    try (EmbeddedStore store = EmbeddedStore.open(StoreOptions.builder(dir).build())) {
      TableDef def = Catalog.open(store).snapshot().table(SaleData.TABLE);
      store.admin().majorCompact(def.storageName());
    }
    long t2 = System.nanoTime();
    ready(dir, String.format(java.util.Locale.ROOT, "%d rows; SQL load %.1f s, major compaction %.1f s%n", rows,
        (t1 - t0) / 1e9, (t2 - t1) / 1e9));
    return dir;
  }

  /** Writes every row with UPSERT statements of {@value #ROWS_PER_STATEMENT} rows each. */
  static void upsert(Connection c, SaleData data) throws SQLException {
    StringBuilder sql = new StringBuilder("UPSERT INTO sale (user_id, rtime, product_id, price, qty) VALUES ");
    for (int k = 0; k < ROWS_PER_STATEMENT; k++) {
      sql.append(k == 0 ? "" : ", ").append("(?, ?, ?, ?, ?)");
    }
    try (PreparedStatement p = c.prepareStatement(sql.toString())) {
      for (int i = 0; i < data.rows; i += ROWS_PER_STATEMENT) {
        int col = 1;
        for (int k = 0; k < ROWS_PER_STATEMENT; k++) {
          col = bind(p, col, data, i + k);
        }
        p.executeUpdate();
      }
    }
  }

  /** The directory of the loaded SQLite database of {@code rows} rows, loading it first if needed. */
  static synchronized Path sqlite(int rows) {
    Path dir = base().resolve("sqlite-sale-" + VERSION + "-" + rows);
    if (Files.exists(dir.resolve(READY))) {
      return dir;
    }
    deleteTree(dir);
    SaleData data = SaleData.of(rows);
    long t0 = System.nanoTime();
    try {
      Files.createDirectories(dir);
      try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("sale.db"))) {
        try (Statement s = c.createStatement()) {
          s.execute("PRAGMA journal_mode=WAL");
          s.execute(SaleData.SQLITE_DDL);
        }
        c.setAutoCommit(false);
        try (PreparedStatement p = c.prepareStatement(
            "INSERT INTO sale (user_id, rtime, product_id, price, qty) VALUES (?, ?, ?, ?, ?)")) {
          for (int i = 0; i < data.rows; i++) {
            bind(p, 1, data, i);
            p.addBatch();
            if (i % 10_000 == 9_999) {
              p.executeBatch();
            }
          }
          p.executeBatch();
        }
        c.commit();
        c.setAutoCommit(true);
        try (Statement s = c.createStatement()) {
          s.execute("ANALYZE");
          s.execute("PRAGMA wal_checkpoint(TRUNCATE)");
        }
      }
    } catch (SQLException | IOException e) {
      throw new IllegalStateException("loading " + dir + " failed: " + e.getMessage(), e);
    }
    ready(dir, String.format(java.util.Locale.ROOT, "%d rows; load %.1f s%n", rows, (System.nanoTime() - t0) / 1e9));
    return dir;
  }

  private static int bind(PreparedStatement p, int col, SaleData data, int i) throws SQLException {
    p.setString(col, data.userOf(i));
    p.setLong(col + 1, data.rtime[i]);
    p.setString(col + 2, data.productOf(i));
    p.setBigDecimal(col + 3, data.priceOf(i));
    p.setInt(col + 4, data.qty[i]);
    return col + 5;
  }

  private static void ready(Path dir, String note) {
    try {
      Files.writeString(dir.resolve(READY), note, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    System.out.printf("%n[sql-data] loaded %s: %s", dir, note);
  }

  /** Bytes of the files under {@code dir}, for reporting. */
  static long directorySize(Path dir) {
    try (var s = Files.walk(dir)) {
      return s.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
    } catch (IOException e) {
      return -1;
    }
  }

  /**
   * A copy of the database directory {@code source} (a loaded database, left unchanged) in a new
   * directory beside the loaded ones, for benchmarks that change the database; remove it with
   * {@link #deleteTree}.
   */
  static Path copy(Path source, String purpose) {
    try {
      Files.createDirectories(base());
      Path target = Files.createTempDirectory(base(), "scratch-" + purpose + "-");
      try (var s = Files.walk(source)) {
        for (Path p : (Iterable<Path>) s::iterator) {
          Path to = target.resolve(source.relativize(p).toString());
          if (Files.isDirectory(p)) {
            Files.createDirectories(to);
          } else if (!p.getFileName().toString().equals("LOCK")) {
            Files.copy(p, to);
          }
        }
      }
      return target;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot copy " + source, e);
    }
  }

  static void deleteTree(Path dir) {
    if (!Files.exists(dir)) {
      return;
    }
    try {
      Files.walkFileTree(dir, new SimpleFileVisitor<>() {
        @Override
        public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
          Files.delete(file);
          return FileVisitResult.CONTINUE;
        }

        @Override
        public FileVisitResult postVisitDirectory(Path d, IOException exc) throws IOException {
          Files.delete(d);
          return FileVisitResult.CONTINUE;
        }
      });
    } catch (IOException e) {
      throw new UncheckedIOException("cannot remove the partly loaded " + dir, e);
    }
  }

  /** Loads the databases of the given row counts (default 1,000,000) ahead of a benchmark run. */
  public static void main(String[] args) {
    String[] counts = args.length == 0 ? new String[] {"1000000"} : args;
    for (String a : counts) {
      int rows = Integer.parseInt(a);
      Path c = cellar(rows);
      Path s = sqlite(rows);
      System.out.printf("cellar %s: %,d bytes%nsqlite %s: %,d bytes%n", c, directorySize(c), s, directorySize(s));
    }
  }
}
