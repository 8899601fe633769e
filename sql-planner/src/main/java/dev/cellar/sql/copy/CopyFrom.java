package dev.cellar.sql.copy;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import dev.cellar.sql.catalog.ColumnDef;
import dev.cellar.sql.catalog.TableDef;
import dev.cellar.sql.database.CellarDatabase;
import dev.cellar.sql.database.Operations;
import dev.cellar.sql.exec.Cancellation;
import dev.cellar.sql.exec.TableMapping;
import dev.cellar.sql.exec.TableWriter;
import dev.cellar.sql.exec.ValueLimits;
import dev.cellar.storage.CellarStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Function;
import java.util.function.LongSupplier;
import java.util.stream.IntStream;

/**
 * Loads a CSV or JSON-lines file into a table: {@code COPY t FROM 'file'} and {@code cellar load}.
 *
 * <p>Records are read in chunks; each chunk's fields are converted on several threads, each to
 * its column's type by the codecs' text form and the DML's limits ({@link FieldConverter},
 * {@link ValueLimits}), and its good rows are written as one UPSERT of the columns loaded
 * ({@link TableWriter}: indexes maintained, a chunk committed whole). A bad row (a field that is
 * no value of its column's type or does not fit it, a NULL in a NOT NULL column, a record of the
 * wrong shape) goes to the reject file with its line and the reason, up to the reject limit; the
 * row past it fails the load. After each chunk a {@link Checkpoint} records the lines committed,
 * so a load stopped part way and started again skips them: as rows are upserted by key, every
 * row ends in the table once.
 *
 * <p>Large loads go the bulk path ({@link BulkWriter}): rows encoded, sorted and written as store
 * files. Into a table with secondary indexes only with {@link #rebuildingIndexes}: the indexes
 * are then suspended (unread) before the first chunk and built again over the table after the
 * last, or after the chunk that failed.
 */
public final class CopyFrom {
  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(CopyFrom.class);
  /**
   * Records converted and written together ({@code -Dcellar.copy.chunkRows}; unless set, 20,000
   * by batched writes and 100,000 by the bulk path, whose every chunk adds store files).
   */
  static int chunkRows(boolean bulk) {
    return Math.max(1, Integer.getInteger("cellar.copy.chunkRows", bulk ? 100_000 : 20_000));
  }

  private final CellarDatabase db;
  private final CellarStore store;
  private final TableDef def;
  private final List<String> explicit;
  private final CopyOptions options;
  private final Path file;
  private final Cancellation cancel;
  private final boolean bulk;
  private long rejected;
  private Path rejectFile;
  private Function<TableDef, LongSupplier> indexes;
  /** Builds the suspended indexes again, or null. */
  private LongSupplier rebuild;

  /**
   * @param store the store the rows are written to (the connection's view of the database's)
   * @param columns the columns the file holds, in order; empty: all, or as its header names them
   * @param bulk whether a large load may use the bulk path
   */
  public CopyFrom(CellarDatabase db, CellarStore store, TableDef def, List<String> columns, CopyOptions options,
      Path file, Cancellation cancel, boolean bulk) {
    this.db = db;
    this.store = store;
    this.def = def;
    this.explicit = columns;
    this.options = options;
    this.file = file;
    this.cancel = cancel;
    this.bulk = bulk;
  }

  /**
   * Lets a large load into a table with secondary indexes take the bulk path: {@code suspend}
   * suspends the table's indexes and returns what builds them again.
   */
  public CopyFrom rebuildingIndexes(Function<TableDef, LongSupplier> suspend) {
    this.indexes = suspend;
    return this;
  }

  /** Rows rejected, the ones of the run this load resumed included. */
  public long rejected() {
    return rejected;
  }

  /** The reject file, or null if no row was rejected. */
  public Path rejectFile() {
    return rejected == 0 ? null : rejectFile;
  }

  /**
   * Loads the file.
   *
   * @return rows in the table from the file, those a resumed load committed before included
   * @throws CellarSqlException for a file that cannot be read, columns that do not fit the table,
   *     or the bad row past the reject limit (its own SQLState, naming the line and the column)
   */
  public long run() {
    if (def.isMapped() && def.mapping().readOnly()) {
      throw new CellarSqlException(SqlState.FEATURE_NOT_SUPPORTED, "cannot load table " + def.name()
          + ": it is mapped READ_ONLY");
    }
    List<String> tableColumns = new ArrayList<>();
    for (ColumnDef c : def.columns()) {
      tableColumns.add(c.name());
    }
    Checkpoint checkpoint = Checkpoint.of(file, def.name(), options);
    rejectFile = options.rejectFile() != null ? Path.of(options.rejectFile())
        : file.resolveSibling(file.getFileName() + ".rejects");
    rejected = checkpoint.rejected;
    long loaded = checkpoint.loaded;
    long size = size(file);
    try (RecordReader in = RecordReader.open(file, options, explicit, tableColumns, def.name());
        Rejects rejects = new Rejects(rejectFile, checkpoint.resumed());
        Operations.Operation op = Operations.of(db).start("LOAD", def.name(), file.toString(), -1, null)) {
      Rows rows = new Rows(def, in.columns(), options);
      op.done(loaded);
      long skip = checkpoint.records;
      long records = 0;
      while (records < skip) {
        if (in.next() == null) {
          break;
        }
        records++;
      }
      ChunkWriter writer = writer(rows, size);
      try {
        boolean keyed = def.hiddenKey() && writer.keysRows();
        int chunkRows = chunkRows(writer instanceof BulkWriter);
        int first = keyed && checkpoint.pendingIds >= 0 && checkpoint.pendingRecords > 0 ? checkpoint.pendingRecords
            : chunkRows;
        try (Chunks chunks = new Chunks(in, chunkRows, first)) {
          // each chunk is converted while the one before it is written
          List<RecordReader.Raw> chunk = chunks.next();
          CompletableFuture<Object[]> conversion = chunk == null ? null : convert(rows, chunk);
          while (chunk != null) {
            cancel.check();
            List<RecordReader.Raw> raws = chunk;
            Object[] converted = join(conversion);
            chunk = chunks.next();
            conversion = chunk == null ? null : convert(rows, chunk);
            List<Object[]> good = new ArrayList<>(raws.size());
            for (int i = 0; i < converted.length; i++) {
              if (converted[i] instanceof Object[] row) {
                good.add(row);
              } else {
                reject(rejects, raws.get(i), (CellarSqlException) converted[i]);
              }
            }
            int count = raws.size();
            long lastLine = raws.get(count - 1).line();
            int written = good.size();
            // the records' text is not needed any more: let it go while the rows are written
            raws = null;
            converted = null;
            long firstId = -1;
            if (keyed && written > 0) {
              // the chunk's row ids recorded before it is written: written again, it replaces itself
              firstId = checkpoint.pendingIds >= 0 && checkpoint.pendingRecords == count ? checkpoint.pendingIds
                  : db.rowIds().reserve(def.schema(), def.name(), written);
              checkpoint.pendingIds = firstId;
              checkpoint.pendingRecords = count;
              checkpoint.save();
            }
            writer.write(good, firstId);
            checkpoint.pendingIds = -1;
            checkpoint.pendingRecords = 0;
            loaded += written;
            records += count;
            rejects.flush();
            checkpoint.records = records;
            checkpoint.loaded = loaded;
            checkpoint.rejected = rejected;
            checkpoint.line = lastLine;
            checkpoint.save();
            // the estimate of the total first, so that no one sees rows done without it
            long done = op.rowsDone() + written;
            long read = in.bytesRead();
            if (read > 0 && size > 0) {
              op.total(Math.max(done, (long) (done * ((double) size / Math.min(read, size)))));
            }
            op.advance(written);
          }
        }
        writer.finish();
      } finally {
        writer.close();
      }
    } catch (IOException e) {
      throw rebuildAfter(CopyFiles.cannotRead(file, e));
    } catch (RuntimeException e) {
      throw rebuildAfter(e);
    }
    checkpoint.delete();
    if (rebuild != null) {
      LongSupplier r = rebuild;
      rebuild = null;
      r.getAsLong();
    }
    if (rejected > 0) {
      LOG.info("loaded {} rows of {} into {}; {} rejected, listed in {}", loaded, file, def.name(), rejected,
          rejectFile);
    }
    return loaded;
  }

  /** Converts the records of a chunk on every core, in the background: rows, or the errors that reject them. */
  private static CompletableFuture<Object[]> convert(Rows rows, List<RecordReader.Raw> raws) {
    return CompletableFuture.supplyAsync(() -> {
      Object[] converted = new Object[raws.size()];
      IntStream.range(0, raws.size()).parallel().forEach(i -> converted[i] = rows.convert(raws.get(i)));
      return converted;
    });
  }

  private static Object[] join(CompletableFuture<Object[]> conversion) {
    try {
      return conversion.join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      if (e.getCause() instanceof Error err) {
        throw err;
      }
      throw e;
    }
  }

  /** {@code e}, after the suspended indexes are built again (the rows committed so far indexed). */
  private RuntimeException rebuildAfter(RuntimeException e) {
    if (rebuild != null) {
      LongSupplier r = rebuild;
      rebuild = null;
      try {
        r.getAsLong();
      } catch (RuntimeException f) {
        e.addSuppressed(f);
      }
    }
    return e;
  }

  private ChunkWriter writer(Rows rows, long size) {
    boolean indexed = !db.catalog().snapshot().indexesOf(def.name()).isEmpty();
    // a table without a primary key goes the bulk path whatever the size: its rows' keys are
    // then chosen before they are written, so a chunk written again after a crash replaces itself
    boolean large = size >= BulkWriter.minBytes() || (def.hiddenKey() && !indexed);
    if (bulk && large && BulkWriter.supports(db, store, def, indexes != null)) {
      if (indexed) {
        rebuild = indexes.apply(def);
      }
      return new BulkWriter(db, def, rows.targeted(), cancel);
    }
    TableWriter w = new TableWriter(db, store, new TableMapping(def));
    boolean[] targeted = rows.targeted();
    return new ChunkWriter() {
      @Override
      public void write(List<Object[]> good, long firstId) {
        if (!good.isEmpty()) {
          w.insert(good, true, targeted, cancel);
        }
      }

      @Override
      public void finish() {}
    };
  }

  private void reject(Rejects rejects, RecordReader.Raw raw, CellarSqlException why) {
    rejected++;
    if (rejected > options.rejectLimit()) {
      String limit = options.rejectLimit() == 0 ? "" : " (more than REJECT_LIMIT " + options.rejectLimit()
          + " bad rows; they are listed in " + rejectFile + ")";
      throw new CellarSqlException(why.state(), "cannot load line " + raw.line() + " of " + file + " into table "
          + def.name() + ": " + why.getMessage() + limit, why);
    }
    rejects.add(raw.line(), why.getMessage(), raw.text());
  }

  private static long size(Path file) {
    try {
      return Files.size(file);
    } catch (IOException e) {
      throw CopyFiles.cannotRead(file, e);
    }
  }

  /**
   * The records of a file in chunks, read ahead on a thread of their own while the chunk before
   * is converted and written.
   */
  private static final class Chunks implements AutoCloseable {
    private static final Object END = new Object();
    private final java.util.concurrent.BlockingQueue<Object> queue = new java.util.concurrent.ArrayBlockingQueue<>(1);
    private final Thread thread;
    private volatile boolean stop;
    private boolean ended;

    /** @param first records of the first chunk (that of a chunk a stopped load was writing) */
    Chunks(RecordReader in, int chunkRows, int first) {
      thread = new Thread(() -> {
        Object last = END;
        try {
          int size = first;
          while (!stop) {
            List<RecordReader.Raw> chunk = new ArrayList<>(size);
            RecordReader.Raw r;
            while (chunk.size() < size && (r = in.next()) != null) {
              chunk.add(r);
            }
            if (chunk.isEmpty()) {
              break;
            }
            queue.put(chunk);
            if (chunk.size() < size) {
              break;
            }
            size = chunkRows;
          }
        } catch (IOException | RuntimeException e) {
          last = e;
        } catch (InterruptedException e) {
          return;
        }
        try {
          queue.put(last);
        } catch (InterruptedException e) {
          // closed
        }
      }, "cellar-copy-reader");
      thread.setDaemon(true);
      thread.start();
    }

    /** The next chunk, or null at the end of the file. */
    @SuppressWarnings("unchecked")
    List<RecordReader.Raw> next() throws IOException {
      if (ended) {
        return null;
      }
      Object o;
      try {
        o = queue.take();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new CellarSqlException(SqlState.CANCELLED, "interrupted while reading the file");
      }
      if (o == END) {
        ended = true;
        return null;
      }
      if (o instanceof IOException e) {
        ended = true;
        throw e;
      }
      if (o instanceof RuntimeException e) {
        ended = true;
        throw e;
      }
      return (List<RecordReader.Raw>) o;
    }

    @Override
    public void close() {
      stop = true;
      thread.interrupt();
      try {
        thread.join(10_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** Writes the good rows of each chunk. */
  interface ChunkWriter {
    /**
     * Writes and commits {@code rows}.
     *
     * @param firstId for a table without a primary key written by a writer that {@link #keysRows},
     *     the first row's id; -1 otherwise
     */
    void write(List<Object[]> rows, long firstId);

    /** Whether the rows' keys of a table without a primary key are the ids given to {@link #write}. */
    default boolean keysRows() {
      return false;
    }

    /** Called once after the last chunk. */
    void finish();

    /** Called once when the load ends, whether or not it succeeded. */
    default void close() {}
  }
}
