package dev.cellar.sql.sequence;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import dev.cellar.sql.database.CellarDatabase;
import dev.cellar.storage.Bytes;
import dev.cellar.storage.CellarStore;
import dev.cellar.storage.CheckAndMutate;
import dev.cellar.storage.ColumnFamilyDescriptor;
import dev.cellar.storage.Get;
import dev.cellar.storage.Put;
import dev.cellar.storage.Result;
import dev.cellar.storage.ResultScanner;
import dev.cellar.storage.Scan;
import dev.cellar.storage.Table;
import dev.cellar.storage.TableDescriptor;
import dev.cellar.storage.TableExistsException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The sequences of one database: their definitions and state in the system table
 * {@value #TABLE} ({@code sql-planner/docs/sequence-format.md}), and the batch of values this
 * process holds of each. A batch of up to {@code CACHE} values is reserved from the store with
 * one check-and-mutate of the sequence's state cell, so no two connections, and no two processes
 * sharing the store, are ever handed the same value; within a batch values are handed out in
 * order with no gap. The values of a batch not used up when the process ends are skipped (as
 * Phoenix does). Each connection remembers the last value it was handed of each sequence
 * ({@code CURRENT VALUE FOR}).
 *
 * <p>Thread-safe. Found with {@link #of}.
 */
public final class Sequences {
  private static final Logger LOG = LoggerFactory.getLogger(Sequences.class);

  /** The system table holding the sequences. */
  public static final String TABLE = "_cellar_sequences";
  static final byte[] FAMILY = Bytes.toBytes("s");
  static final byte[] DEF = Bytes.toBytes("def");
  static final byte[] STATE = Bytes.toBytes("state");
  private static final byte EXHAUSTED = 1;
  /** The cells of a dropped sequence: empty. */
  private static final byte[] DROPPED = new byte[0];

  private final CellarDatabase db;
  private final Map<String, Batch> batches = new ConcurrentHashMap<>();
  /** The last value each connection was handed, by its session and the sequence's qualified name. */
  private final Map<Object, Map<String, Long>> current = Collections.synchronizedMap(new WeakHashMap<>());
  private volatile boolean tableExists;

  private Sequences(CellarDatabase db) {
    this.db = db;
  }

  /** The sequences of {@code db}. */
  public static Sequences of(CellarDatabase db) {
    return db.extension(Sequences.class, Sequences::new);
  }

  // ---- DDL -------------------------------------------------------------------------------------

  /**
   * Creates a sequence: one check-and-mutate that its definition cell is absent (or empty: dropped).
   *
   * @return false if it existed and {@code ifNotExists}
   * @throws CellarSqlException 42S01 if it exists
   */
  public boolean create(SequenceDef def, boolean ifNotExists) {
    Table t = table(true);
    byte[] row = rowKey(def.schema(), def.name());
    Put put = new Put(row).addColumn(FAMILY, DEF, def.encode()).addColumn(FAMILY, STATE, state(def.start(), false));
    boolean created = t.checkAndMutate(CheckAndMutate.newBuilder(row).ifNotExists(FAMILY, DEF).build(put))
        || t.checkAndMutate(CheckAndMutate.newBuilder(row).ifEquals(FAMILY, DEF, DROPPED).build(put));
    if (created) {
      batches.remove(def.qualifiedName());
    }
    if (!created && !ifNotExists) {
      throw new CellarSqlException(SqlState.TABLE_EXISTS, "sequence " + def.qualifiedName() + " exists already");
    }
    LOG.debug("sequence {}: {}", def.qualifiedName(), created ? "created" : "exists already");
    return created;
  }

  /** A new random nonce for {@link SequenceDef#nonce()}. */
  public static long newNonce() {
    return ThreadLocalRandom.current().nextLong();
  }

  /**
   * Drops a sequence.
   *
   * @return false if it did not exist and {@code ifExists}
   * @throws CellarSqlException 42S02 if it does not exist
   */
  public boolean drop(String schema, String name, boolean ifExists) {
    batches.remove(schema + "." + name);
    if (read(schema, name) == null) {
      if (ifExists) {
        return false;
      }
      throw notFound(schema + "." + name);
    }
    // not a delete: a delete marker would hide a CREATE SEQUENCE in the same millisecond
    table(true).put(new Put(rowKey(schema, name)).addColumn(FAMILY, DEF, DROPPED).addColumn(FAMILY, STATE, DROPPED));
    batches.remove(schema + "." + name);
    return true;
  }

  /** Whether a sequence is called {@code schema.name}. */
  public boolean exists(String schema, String name) {
    return batches.containsKey(schema + "." + name) || read(schema, name) != null;
  }

  /** One sequence as {@code CELLAR.SEQUENCES} lists it. */
  public record Listed(SequenceDef def, long next, boolean exhausted) {}

  /** Every sequence with its stored state, by schema and name. */
  public List<Listed> list() {
    List<Listed> out = new ArrayList<>();
    Table t = table(false);
    if (t == null) {
      return out;
    }
    try (ResultScanner s = t.scanner(new Scan().addFamily(FAMILY))) {
      for (Result r : s) {
        if (r.value(FAMILY, DEF) == null || r.value(FAMILY, DEF).length == 0) {
          continue;
        }
        String[] name = names(r.row());
        SequenceDef def = SequenceDef.decode(name[0], name[1], r.value(FAMILY, DEF));
        ByteBuffer st = ByteBuffer.wrap(r.value(FAMILY, STATE));
        out.add(new Listed(def, st.getLong(), st.get() == EXHAUSTED));
      }
    }
    return out;
  }

  // ---- values ----------------------------------------------------------------------------------

  /**
   * The next value of sequence {@code qualifiedName} ({@code SCHEMA.NAME}) for connection
   * {@code session}, which becomes its current value.
   *
   * @throws CellarSqlException 42S02 if there is no such sequence, 2200H past its end without CYCLE
   */
  public long next(Object session, String qualifiedName) {
    return next(session, qualifiedName, 1);
  }

  /**
   * {@code NEXT n VALUES FOR}: reserves {@code n} consecutive values of sequence
   * {@code qualifiedName} for connection {@code session} and returns the first, which becomes its
   * current value. The values this process held of the sequence are skipped when fewer than
   * {@code n} are left (they are not consecutive with the next batch's).
   *
   * @throws CellarSqlException 42S02 if there is no such sequence, 2200H if fewer than {@code n}
   *     values are left before its end (a CYCLE sequence's values do not run on past its end)
   */
  public long next(Object session, String qualifiedName, long n) {
    if (n < 1) {
      throw new CellarSqlException(SqlState.INVALID_PARAMETER_VALUE, "NEXT " + n + " VALUES FOR " + qualifiedName
          + ": the number of values must be at least 1");
    }
    Batch b = batches.get(qualifiedName);
    if (b == null) {
      int dot = qualifiedName.indexOf('.');
      Stored s = read(qualifiedName.substring(0, dot), qualifiedName.substring(dot + 1));
      if (s == null) {
        throw notFound(qualifiedName);
      }
      b = batches.computeIfAbsent(qualifiedName, k -> new Batch(s.def));
    }
    long v = b.next(n);
    Map<String, Long> mine;
    synchronized (current) {
      mine = current.computeIfAbsent(session, k -> new HashMap<>());
    }
    synchronized (mine) {
      mine.put(qualifiedName, v);
    }
    return v;
  }

  /**
   * The value of sequence {@code qualifiedName} that connection {@code session} was handed last.
   *
   * @throws CellarSqlException 42S02 if there is no such sequence, 55000 if the connection has not
   *     asked for its next value yet
   */
  public long current(Object session, String qualifiedName) {
    Map<String, Long> mine = current.get(session);
    Long v = null;
    if (mine != null) {
      synchronized (mine) {
        v = mine.get(qualifiedName);
      }
    }
    if (v == null) {
      if (!batches.containsKey(qualifiedName)) {
        int dot = qualifiedName.indexOf('.');
        if (read(qualifiedName.substring(0, dot), qualifiedName.substring(dot + 1)) == null) {
          throw notFound(qualifiedName);
        }
      }
      throw new CellarSqlException(SqlState.OBJECT_NOT_IN_PREREQUISITE_STATE, "sequence " + qualifiedName
          + " has no current value in this connection: CURRENT VALUE FOR needs a NEXT VALUE FOR of it first");
    }
    return v;
  }

  /** The batch of values this process holds of one sequence. */
  private final class Batch {
    private SequenceDef def;
    private long next;
    private long left;

    Batch(SequenceDef def) {
      this.def = def;
    }

    synchronized long next(long n) {
      if (Long.compareUnsigned(left, n) < 0) {
        reserve(n);
      }
      long v = next;
      left -= n;
      if (left > 0) {
        next += n * def.increment();
      }
      return v;
    }

    /**
     * Takes the next batch, of at least {@code n} values, from the store: a check-and-mutate of
     * the state cell, again until it applies.
     */
    private void reserve(long n) {
      while (true) {
        Stored s = read(def.schema(), def.name());
        if (s == null) {
          batches.remove(def.qualifiedName(), this);
          throw notFound(def.qualifiedName());
        }
        def = s.def;
        if (s.exhausted) {
          throw limit(def);
        }
        long inc = def.increment();
        // values from s.next to the end, less one: unsigned, as the span may pass Long.MAX_VALUE
        long span = inc > 0 ? Long.divideUnsigned(def.max() - s.next, inc) : Long.divideUnsigned(s.next - def.min(), -inc);
        long want = Math.max(def.cache(), n);
        if (Long.compareUnsigned(span, n - 1) < 0) {
          throw new CellarSqlException(SqlState.SEQUENCE_LIMIT_EXCEEDED, "sequence " + def.qualifiedName() + " has "
              + Long.toUnsignedString(span + 1) + " values left before its " + (inc > 0 ? "MAXVALUE " + def.max()
              : "MINVALUE " + def.min()) + ", fewer than the " + n + " asked for by NEXT " + n + " VALUES FOR");
        }
        long take = Long.compareUnsigned(span, want - 1) >= 0 ? want : span + 1;
        boolean toEnd = take == span + 1;
        byte[] newState;
        if (!toEnd) {
          newState = state(s.next + take * inc, false);
        } else if (def.cycle()) {
          newState = state(def.cycleStart(), false);
        } else {
          newState = state(s.next, true);
        }
        byte[] row = rowKey(def.schema(), def.name());
        boolean applied = table(true).checkAndMutate(CheckAndMutate.newBuilder(row).ifEquals(FAMILY, STATE, s.state)
            .build(new Put(row).addColumn(FAMILY, STATE, newState)));
        if (applied) {
          next = s.next;
          left = take;
          LOG.debug("sequence {}: reserved {} values from {}", def.qualifiedName(), take, s.next);
          return;
        }
      }
    }
  }

  // ---- store -----------------------------------------------------------------------------------

  /** A sequence's row as read. */
  private record Stored(SequenceDef def, byte[] state, long next, boolean exhausted) {}

  private Stored read(String schema, String name) {
    Table t = table(false);
    if (t == null) {
      return null;
    }
    Result r = t.get(new Get(rowKey(schema, name)).addFamily(FAMILY));
    byte[] d = r.value(FAMILY, DEF);
    byte[] st = r.value(FAMILY, STATE);
    if (d == null || st == null || d.length == 0) {
      return null;
    }
    if (st.length != Long.BYTES + 1) {
      throw new CellarSqlException(SqlState.DATA_CORRUPTED, "the state of sequence " + schema + "." + name
          + " in table " + TABLE + " is " + st.length + " bytes long, not " + (Long.BYTES + 1));
    }
    ByteBuffer b = ByteBuffer.wrap(st);
    return new Stored(SequenceDef.decode(schema, name, d), st, b.getLong(), b.get() == EXHAUSTED);
  }

  /** The system table; created if {@code create}, else {@code null} while it does not exist. */
  private Table table(boolean create) {
    CellarStore store = db.store();
    if (!tableExists) {
      if (!store.admin().tableExists(TABLE)) {
        if (!create) {
          return null;
        }
        try {
          store.admin().createTable(TableDescriptor.newBuilder(TABLE)
              .family(ColumnFamilyDescriptor.newBuilder(Bytes.toString(FAMILY)).maxVersions(1).build()).build());
          LOG.debug("created sequence table {}", TABLE);
        } catch (TableExistsException e) {
          // created concurrently: fine
        }
      }
      tableExists = true;
    }
    return store.table(TABLE);
  }

  static byte[] state(long next, boolean exhausted) {
    return ByteBuffer.allocate(Long.BYTES + 1).putLong(next).put(exhausted ? EXHAUSTED : 0).array();
  }

  /** {@code schema 00 name}, UTF-8. */
  static byte[] rowKey(String schema, String name) {
    return Bytes.concat(schema.getBytes(StandardCharsets.UTF_8), new byte[] {0}, name.getBytes(StandardCharsets.UTF_8));
  }

  private static String[] names(byte[] row) {
    int z = 0;
    while (row[z] != 0) {
      z++;
    }
    return new String[] {new String(row, 0, z, StandardCharsets.UTF_8),
        new String(Arrays.copyOfRange(row, z + 1, row.length), StandardCharsets.UTF_8)};
  }

  static CellarSqlException notFound(String qualifiedName) {
    return new CellarSqlException(SqlState.TABLE_NOT_FOUND, "sequence " + qualifiedName + " does not exist");
  }

  private static CellarSqlException limit(SequenceDef def) {
    return new CellarSqlException(SqlState.SEQUENCE_LIMIT_EXCEEDED, "sequence " + def.qualifiedName()
        + " has reached its " + (def.increment() > 0 ? "MAXVALUE " + def.max() : "MINVALUE " + def.min())
        + " and does not CYCLE");
  }
}
