package dev.cellar.sql.ddl;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import dev.cellar.sql.catalog.Catalog;
import dev.cellar.sql.catalog.TableDef;
import dev.cellar.sql.database.CellarDatabase;
import dev.cellar.sql.database.TableStatistics;
import dev.cellar.sql.ddl.DdlStatement.KeyPart;
import dev.cellar.sql.ddl.DdlStatement.Name;
import dev.cellar.sql.sequence.SequenceDef;
import dev.cellar.sql.sequence.Sequences;
import dev.cellar.storage.Admin;
import dev.cellar.storage.BloomType;
import dev.cellar.storage.Cell;
import dev.cellar.storage.Compression;
import dev.cellar.storage.Result;
import dev.cellar.storage.ResultScanner;
import dev.cellar.storage.Scan;
import dev.cellar.storage.TableDescriptor;
import dev.cellar.storage.filter.FilterList;
import dev.cellar.storage.filter.FirstKeyOnlyFilter;
import dev.cellar.storage.filter.KeyOnlyFilter;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Runs DDL statements: checks them against the catalog, changes the storage tables through
 * {@link Admin} and records the result in the {@link Catalog}. Statements run one at a time
 * (the database's DDL lock). A statement that fails leaves catalog and store as they were.
 */
public final class DdlExecutor {
  /** Family of columns declared without one (Phoenix's default). */
  static final String DEFAULT_FAMILY = "0";
  /** VERSIONS of families created by SQL, unless the DDL says otherwise (Phoenix's default). */
  static final int SQL_DEFAULT_VERSIONS = 1;
  /**
   * COMPRESSION of families created by SQL, unless the DDL says otherwise: SNAPPY, which keeps a
   * typical SQL table's store files at about half their size for little CPU (a block that does
   * not shrink is stored plain).
   */
  static final Compression SQL_DEFAULT_COMPRESSION = Compression.SNAPPY;

  /**
   * BLOCKSIZE of families created by SQL, unless the DDL says otherwise: 32 KiB, half HBase's
   * default. A read of one row that misses the block cache decompresses a whole block; with the
   * default compression, halving the block halves that work for about 2% more bytes on disk (the
   * sale table of benchmarks/README at 10,000,000 rows: point-select p50 45.8 µs against 73-75,
   * 38.1 against 37.2 bytes a row).
   */
  static final int SQL_DEFAULT_BLOCKSIZE = 32 * 1024;

  /**
   * BLOOMFILTER of families created by SQL, unless the DDL says otherwise: ROW, as HBase's default
   * for new families. A read of one row (a point select, the check an INSERT makes that its key is
   * free, the old row an index update reads) skips every store file that does not hold the row,
   * for about 10 bits a row on disk.
   */
  static final BloomType SQL_DEFAULT_BLOOM = BloomType.ROW;

  /** Checks a view's query and returns its column names. */
  public interface ViewValidator {
    /**
     * @throws CellarSqlException if the query is invalid
     */
    List<String> columnNames(String query);
  }

  private final CellarDatabase db;
  private final ViewValidator views;

  public DdlExecutor(CellarDatabase db, ViewValidator views) {
    this.db = db;
    this.views = views;
  }

  /**
   * Parses and runs one DDL statement.
   *
   * @return its update count: rows indexed by CREATE INDEX and ALTER INDEX ... REBUILD,
   *     differences found by ALTER INDEX ... VERIFY or REPAIR, rows counted by UPDATE STATISTICS,
   *     else 0
   */
  public long execute(String sql) {
    DdlStatement st = DdlParser.parse(sql);
    ReentrantLock lock = db.ddlLock();
    lock.lock();
    try {
      db.checkOpen();
      if (st instanceof DdlStatement.CreateIndex s) {
        return new IndexDdl(db).create(s);
      } else if (st instanceof DdlStatement.DropIndex s) {
        new IndexDdl(db).drop(s);
      } else if (st instanceof DdlStatement.AlterIndex s) {
        return new IndexDdl(db).alter(s);
      } else if (st instanceof DdlStatement.CreateTable s) {
        new TableDdl(db).create(s);
      } else if (st instanceof DdlStatement.AddColumns s) {
        new AlterTableDdl(db).addColumns(s);
      } else if (st instanceof DdlStatement.DropColumns s) {
        new AlterTableDdl(db).dropColumns(s);
      } else if (st instanceof DdlStatement.SetOptions s) {
        new AlterTableDdl(db).setOptions(s);
      } else if (st instanceof DdlStatement.DropTable s) {
        new TableDdl(db).drop(s);
      } else if (st instanceof DdlStatement.CreateView s) {
        new ViewDdl(db, views).create(s);
      } else if (st instanceof DdlStatement.CreateMapping s) {
        new ViewDdl(db, views).createMapping(s);
      } else if (st instanceof DdlStatement.DropView s) {
        new ViewDdl(db, views).drop(s);
      } else if (st instanceof DdlStatement.UpdateStatistics s) {
        return updateStatistics(s);
      } else if (st instanceof DdlStatement.AdminVerb s) {
        new AdminVerbs(db).run(s);
      } else if (st instanceof DdlStatement.CreateSequence s) {
        createSequence(s);
      } else if (st instanceof DdlStatement.DropSequence s) {
        Sequences.of(db).drop(schemaOf(s.sequence()), s.sequence().name(), s.ifExists());
      } else {
        throw new AssertionError(st);
      }
      return 0;
    } finally {
      lock.unlock();
    }
  }

  /**
   * {@code UPDATE STATISTICS t}: counts the table's rows (a scan of its rowkeys in its families)
   * and, for a table of two or more families, the rows with a cell in each family (the same scan,
   * of every key rather than each row's first), and records them for the cost model and the schema
   * advice ({@link TableStatistics}); the table's definition is written again so that plans made
   * with the old estimate are made again.
   *
   * @return the rows counted
   */
  private long updateStatistics(DdlStatement.UpdateStatistics s) {
    TableDef t = table(db, s.table());
    List<String> families = List.copyOf(t.families());
    boolean perFamily = families.size() > 1;
    Scan scan = new Scan().setFilter(perFamily || t.isDynamic() ? new KeyOnlyFilter()
        : new FilterList(new FirstKeyOnlyFilter(), new KeyOnlyFilter()));
    byte[][] names = new byte[families.size()][];
    for (int i = 0; i < names.length; i++) {
      names[i] = families.get(i).getBytes(StandardCharsets.UTF_8);
      scan.addFamily(names[i]); // a local index's family holds no rows of the table
    }
    long rows = 0;
    long[] familyRows = new long[families.size()];
    try (ResultScanner scanner = db.store().table(t.storageName()).scanner(scan)) {
      for (Result r : scanner) {
        rows += t.isDynamic() ? r.size() : 1;
        if (perFamily) {
          countFamilies(r, names, familyRows);
        }
        if (db.isClosed()) {
          db.checkOpen();
        }
      }
    }
    Map<String, Long> byFamily = new LinkedHashMap<>();
    for (int i = 0; perFamily && i < names.length; i++) {
      byFamily.put(families.get(i), familyRows[i]);
    }
    TableStatistics.of(db).put(t.schema(), t.name(),
        new TableStatistics.Counts(rows, System.currentTimeMillis(), byFamily));
    db.catalog().putTable(t);
    return rows;
  }

  /** Adds one to the count of each family {@code r} has a cell in (its cells are in family order). */
  private static void countFamilies(Result r, byte[][] names, long[] counts) {
    byte[] last = null;
    for (Cell c : r.cells()) {
      byte[] f = c.family();
      if (last != null && Arrays.equals(last, f)) {
        continue;
      }
      last = f;
      for (int i = 0; i < names.length; i++) {
        if (Arrays.equals(names[i], f)) {
          counts[i]++;
          break;
        }
      }
    }
  }

  private void createSequence(DdlStatement.CreateSequence s) {
    long increment = s.increment() == null ? 1 : s.increment();
    long min = s.min() == null ? Long.MIN_VALUE : s.min();
    long max = s.max() == null ? Long.MAX_VALUE : s.max();
    // Phoenix's default: 1, or the nearest end when 1 is outside MINVALUE and MAXVALUE
    long start = s.start() != null ? s.start() : Math.min(max, Math.max(min, 1));
    long cache = s.cache() == null ? SequenceDef.DEFAULT_CACHE : s.cache();
    Sequences.of(db).create(new SequenceDef(schemaOf(s.sequence()), s.sequence().name(), start, increment, min, max,
        s.cycle(), cache, Sequences.newNonce()), s.ifNotExists());
  }

  /** The schema a sequence is named in: the one written, else {@value Catalog#DEFAULT_SCHEMA}. */
  private static String schemaOf(Name n) {
    return n.schema() == null ? Catalog.DEFAULT_SCHEMA : n.schema();
  }

  // ---- helpers of the statements -----------------------------------------------------------

  /** The table {@code n} names, which must exist. */
  static TableDef table(CellarDatabase db, Name n) {
    String name = checkSchema(n);
    Catalog.Snapshot cat = db.catalog().snapshot();
    TableDef t = cat.table(name);
    if (t == null) {
      throw notFound(n, cat.view(name) != null ? "; it is a view" : "");
    }
    return t;
  }

  static CellarSqlException notFound(Name n, String hint) {
    return new CellarSqlException(SqlState.TABLE_NOT_FOUND, "table " + n + " does not exist (" + n.at().position()
        + ")" + hint);
  }

  static String checkSchema(Name n) {
    if (n.schema() != null && !n.schema().equals(Catalog.DEFAULT_SCHEMA)) {
      throw new CellarSqlException(SqlState.SCHEMA_NOT_FOUND, "schema " + n.schema() + " (" + n.at().position()
          + ") does not exist; tables live in schema " + Catalog.DEFAULT_SCHEMA);
    }
    return n.name();
  }

  static String storageName(Name n) {
    String name = n.name();
    if (name.toLowerCase(Locale.ROOT).startsWith("_cellar")) {
      throw CellarSqlException.syntax("table name " + name + " (" + n.at().position()
          + ") is reserved: names starting with _CELLAR are system tables");
    }
    try {
      TableDescriptor.validateTableName(name);
    } catch (IllegalArgumentException e) {
      throw CellarSqlException.syntax("table name " + name + " (" + n.at().position() + ") cannot be stored: "
          + e.getMessage());
    }
    return name;
  }

  /**
   * The position of each primary key column in the key, in key order.
   *
   * @throws CellarSqlException naming the column and its position if it is not one of {@code names}
   *     (42S22) or appears twice (42000)
   */
  static Map<String, Integer> keyPositions(List<KeyPart> key, java.util.Set<String> names, String kind, String name) {
    Map<String, Integer> keyPos = new LinkedHashMap<>();
    for (KeyPart k : key) {
      if (!names.contains(k.name())) {
        throw new CellarSqlException(SqlState.COLUMN_NOT_FOUND, "primary key column " + k.name() + " ("
            + k.at().position() + ") is not a column of " + kind + " " + name);
      }
      if (keyPos.put(k.name(), keyPos.size()) != null) {
        throw CellarSqlException.syntax("column " + k.name() + " appears twice in the primary key of " + kind + " "
            + name + " (" + k.at().position() + ")");
      }
    }
    return keyPos;
  }
}
