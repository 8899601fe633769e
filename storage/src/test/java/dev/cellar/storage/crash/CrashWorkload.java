package dev.cellar.storage.crash;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.ColumnFamilyDescriptor;
import dev.cellar.storage.Compression;
import dev.cellar.storage.Delete;
import dev.cellar.storage.Durability;
import dev.cellar.storage.Mutation;
import dev.cellar.storage.Put;
import dev.cellar.storage.Table;
import dev.cellar.storage.TableDescriptor;
import dev.cellar.storage.embedded.StoreOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;

/**
 * What the crash test writes, shared by the writer process ({@link CrashWriter}) and the
 * checking test ({@link CrashRecoveryTest}): the schema, the store options, the operations and
 * their one-line text form, and the exact bytes of every value.
 *
 * <p>Every writer thread owns its rows ({@code t<thread>-e<nn>} with explicit timestamps,
 * {@code t<thread>-s<nn>} with store-assigned ones), so the order of the writes to a row is
 * the thread's program order. An explicit-timestamp write uses its operation id as timestamp;
 * operation ids only grow, across writer processes too, so a later write always has a larger
 * timestamp than an earlier one and the visible state of a row is a function of the
 * operation sequence. Rows with store-assigned timestamps only ever receive puts.
 */
final class CrashWorkload {
  static final String TABLE = "crash";
  /** VERSIONS 1, SNAPPY. */
  static final String F1 = "f1";
  /** Default settings (VERSIONS 3, no compression). */
  static final String F2 = "f2";
  static final String[] FAMILIES = {F1, F2};
  static final int QUALIFIERS = 4;
  static final int EXPLICIT_ROWS = 40;
  static final int SERVER_ROWS = 8;
  static final long FLUSH_SIZE = 64 << 10;
  static final long WAL_SEGMENT_SIZE = 64 << 10;
  /** Small, so that the table splits into several regions and batches span regions. */
  static final long REGION_SPLIT_SIZE = 192 << 10;
  static final int MAX_PAD = 160;

  private CrashWorkload() {}

  static TableDescriptor descriptor() {
    return TableDescriptor.newBuilder(TABLE)
        .family(ColumnFamilyDescriptor.newBuilder(F1).maxVersions(1).compression(Compression.SNAPPY).build())
        .family(ColumnFamilyDescriptor.of(F2))
        .build();
  }

  /** How many versions of a column of {@code family} a read returns at most. */
  static int maxVersions(String family) {
    return F1.equals(family) ? 1 : ColumnFamilyDescriptor.DEFAULT_VERSIONS;
  }

  /**
   * The options of every open of the crash store: small memstores and log segments, so that
   * flushes, log rolls and deletions, compactions and region splits all happen within a cycle.
   */
  static StoreOptions.Builder options(Path dir) {
    return StoreOptions.builder(dir).flushSize(FLUSH_SIZE).walSegmentSize(WAL_SEGMENT_SIZE)
        .regionSplitSize(REGION_SPLIT_SIZE).majorCompactionPeriodMs(0);
  }

  static String explicitRow(int thread, int k) {
    return String.format(Locale.ROOT, "t%d-e%02d", thread, k);
  }

  static String serverRow(int thread, int k) {
    return String.format(Locale.ROOT, "t%d-s%02d", thread, k);
  }

  /** The writer thread owning {@code row}, or -1 if the row is not one the workload writes. */
  static int ownerOf(String row, int threads) {
    if (!row.matches("t\\d+-[es]\\d\\d")) {
      return -1;
    }
    int t = Integer.parseInt(row.substring(1, row.indexOf('-')));
    int k = Integer.parseInt(row.substring(row.length() - 2));
    boolean explicit = row.charAt(row.indexOf('-') + 1) == 'e';
    if (t >= threads || k >= (explicit ? EXPLICIT_ROWS : SERVER_ROWS)) {
      return -1;
    }
    return t;
  }

  static boolean isServerRow(String row) {
    return row.charAt(row.indexOf('-') + 1) == 's';
  }

  /**
   * The value a put of operation {@code opId} writes to {@code row/family:qualifier}: a
   * self-describing prefix followed by {@code pad} deterministic filler characters.
   */
  static String value(long opId, String row, String column, int pad) {
    StringBuilder sb = new StringBuilder(48 + pad);
    sb.append('o').append(opId).append('/').append(row).append('/').append(column).append('/').append(pad).append('/');
    long h = opId * 0x9E3779B97F4A7C15L + column.hashCode() * 31L + row.hashCode();
    for (int i = 0; i < pad; i++) {
      h ^= h << 13;
      h ^= h >>> 7;
      h ^= h << 17;
      sb.append((char) ('a' + Math.floorMod(h, 26)));
    }
    return sb.toString();
  }

  /** A value's parts, or null if it is not of the form {@link #value} makes. */
  record ParsedValue(long opId, String row, String column, int pad) {}

  static ParsedValue parse(String v) {
    String[] p = v.split("/", 5);
    if (p.length != 5 || p[0].length() < 2 || p[0].charAt(0) != 'o') {
      return null;
    }
    try {
      ParsedValue pv = new ParsedValue(Long.parseLong(p[0].substring(1)), p[1], p[2], Integer.parseInt(p[3]));
      return value(pv.opId, pv.row, pv.column, pv.pad).equals(v) ? pv : null;
    } catch (NumberFormatException e) {
      return null;
    }
  }

  // ---------------------------------------------------------------------------------------
  // Operations

  /** Kinds of a mutation of one row. */
  enum Kind {
    /** Put at timestamp = op id; columns carry a pad length. */
    PUT('P'),
    /** Put at the store's clock (server rows only). */
    SERVER_PUT('Q'),
    /** Whole-row delete at timestamp = op id. */
    DELETE_ROW('R'),
    /** Every version of some columns, at or before op id. */
    DELETE_COLUMNS('C'),
    /** Every column of one family, at or before op id. */
    DELETE_FAMILY('F');

    final char code;

    Kind(char code) {
      this.code = code;
    }

    static Kind of(char c) {
      for (Kind k : values()) {
        if (k.code == c) {
          return k;
        }
      }
      throw new IllegalArgumentException("unknown mutation kind " + c);
    }
  }

  /**
   * One row's mutation. {@code columns} are {@code family:qualifier} for deletes of columns,
   * {@code family} for a family delete, empty for a row delete, and
   * {@code family:qualifier:pad} for puts.
   */
  record MutationSpec(Kind kind, String row, List<String> columns) {
    String encode() {
      return kind.code + " " + row + (columns.isEmpty() ? "" : " " + String.join(",", columns));
    }

    static MutationSpec decode(String s) {
      String[] p = s.trim().split(" ");
      Kind k = Kind.of(p[0].charAt(0));
      List<String> cols = p.length > 2 ? List.of(p[2].split(",")) : List.of();
      return new MutationSpec(k, p[1], cols);
    }
  }

  /** How the operation is handed to the table. */
  enum Api {
    PUT, PUTS, DELETE, DELETES, BATCH
  }

  /** One call to the table by one writer thread. */
  record OpSpec(long opId, int thread, Api api, Durability durability, List<MutationSpec> mutations) {
    /** The text after the line's tag: {@code <thread> <opId> <api> <durability> | m | m ...}. */
    String encode() {
      StringBuilder sb = new StringBuilder();
      sb.append(thread).append(' ').append(opId).append(' ').append(api).append(' ').append(durability);
      for (MutationSpec m : mutations) {
        sb.append(" | ").append(m.encode());
      }
      return sb.toString();
    }

    static OpSpec decode(String s) {
      String[] parts = s.split(" \\| ");
      String[] head = parts[0].trim().split(" ");
      List<MutationSpec> ms = new ArrayList<>();
      for (int i = 1; i < parts.length; i++) {
        ms.add(MutationSpec.decode(parts[i]));
      }
      return new OpSpec(Long.parseLong(head[1]), Integer.parseInt(head[0]), Api.valueOf(head[2]),
          Durability.valueOf(head[3]), ms);
    }

    /** The mutations to send, in order. */
    List<Mutation> toMutations() {
      List<Mutation> out = new ArrayList<>();
      for (MutationSpec m : mutations) {
        byte[] row = Bytes.toBytes(m.row());
        Mutation mut;
        switch (m.kind()) {
          case PUT -> {
            Put p = new Put(row, opId);
            for (String c : m.columns()) {
              String[] fqp = c.split(":");
              String col = fqp[0] + ":" + fqp[1];
              p.addColumn(Bytes.toBytes(fqp[0]), Bytes.toBytes(fqp[1]),
                  Bytes.toBytes(value(opId, m.row(), col, Integer.parseInt(fqp[2]))));
            }
            mut = p;
          }
          case SERVER_PUT -> {
            Put p = new Put(row);
            for (String c : m.columns()) {
              String[] fqp = c.split(":");
              String col = fqp[0] + ":" + fqp[1];
              p.addColumn(Bytes.toBytes(fqp[0]), Bytes.toBytes(fqp[1]),
                  Bytes.toBytes(value(opId, m.row(), col, Integer.parseInt(fqp[2]))));
            }
            mut = p;
          }
          case DELETE_ROW -> mut = new Delete(row, opId);
          case DELETE_COLUMNS -> {
            Delete d = new Delete(row, opId);
            for (String c : m.columns()) {
              String[] fq = c.split(":");
              d.addColumns(Bytes.toBytes(fq[0]), Bytes.toBytes(fq[1]), opId);
            }
            mut = d;
          }
          case DELETE_FAMILY -> {
            Delete d = new Delete(row, opId);
            d.addFamily(Bytes.toBytes(m.columns().get(0)), opId);
            mut = d;
          }
          default -> throw new AssertionError(m.kind());
        }
        mut.setDurability(durability);
        out.add(mut);
      }
      return out;
    }

    /** Sends the operation through the API it names. */
    @SuppressWarnings("unchecked")
    void apply(Table table) {
      List<Mutation> ms = toMutations();
      switch (api) {
        case PUT -> table.put((Put) ms.get(0));
        case PUTS -> table.put((List<Put>) (List<?>) ms);
        case DELETE -> table.delete((Delete) ms.get(0));
        case DELETES -> table.delete((List<Delete>) (List<?>) ms);
        case BATCH -> table.batch(ms);
        default -> throw new AssertionError(api);
      }
    }
  }

  /** Makes one thread's operations. Not thread-safe: one per writer thread. */
  static final class Generator {
    private final Random rnd;
    private final int thread;
    private final String durabilityMode;

    Generator(long seed, int thread, String durabilityMode) {
      this.rnd = new Random(seed * 1_000_003L + thread);
      this.thread = thread;
      this.durabilityMode = durabilityMode;
    }

    OpSpec next(long opId) {
      Durability d = switch (durabilityMode) {
        case "fsync" -> Durability.FSYNC_WAL;
        case "mixed" -> rnd.nextInt(4) == 0 ? Durability.FSYNC_WAL : Durability.SYNC_WAL;
        default -> Durability.SYNC_WAL;
      };
      int r = rnd.nextInt(100);
      if (r < 40) {
        return new OpSpec(opId, thread, Api.PUT, d, List.of(put(explicitRow(thread, rnd.nextInt(EXPLICIT_ROWS)))));
      } else if (r < 50) {
        return new OpSpec(opId, thread, Api.PUT, d, List.of(serverPut(serverRow(thread, rnd.nextInt(SERVER_ROWS)))));
      } else if (r < 70) {
        return new OpSpec(opId, thread, Api.BATCH, d, batch(2 + rnd.nextInt(3), true, true));
      } else if (r < 75) {
        return new OpSpec(opId, thread, Api.PUTS, d, batch(2 + rnd.nextInt(2), true, false));
      } else if (r < 84) {
        return new OpSpec(opId, thread, Api.DELETE, d,
            List.of(new MutationSpec(Kind.DELETE_ROW, explicitRow(thread, rnd.nextInt(EXPLICIT_ROWS)), List.of())));
      } else if (r < 92) {
        return new OpSpec(opId, thread, Api.DELETE, d, List.of(deleteColumns(explicitRow(thread,
            rnd.nextInt(EXPLICIT_ROWS)))));
      } else if (r < 96) {
        return new OpSpec(opId, thread, Api.DELETE, d, List.of(deleteFamily(explicitRow(thread,
            rnd.nextInt(EXPLICIT_ROWS)))));
      } else {
        return new OpSpec(opId, thread, Api.DELETES, d, batch(2 + rnd.nextInt(2), false, true));
      }
    }

    private List<MutationSpec> batch(int n, boolean puts, boolean deletes) {
      Set<String> rows = new LinkedHashSet<>();
      List<MutationSpec> out = new ArrayList<>();
      while (out.size() < n) {
        boolean server = puts && rnd.nextInt(5) == 0;
        String row = server ? serverRow(thread, rnd.nextInt(SERVER_ROWS)) : explicitRow(thread, rnd.nextInt(EXPLICIT_ROWS));
        if (!rows.add(row)) {
          continue;
        }
        if (server) {
          out.add(serverPut(row));
          continue;
        }
        int k = !deletes ? 0 : !puts ? 1 + rnd.nextInt(3) : rnd.nextInt(5) < 3 ? 0 : 1 + rnd.nextInt(3);
        out.add(switch (k) {
          case 0 -> put(row);
          case 1 -> new MutationSpec(Kind.DELETE_ROW, row, List.of());
          case 2 -> deleteColumns(row);
          default -> deleteFamily(row);
        });
      }
      return out;
    }

    private List<String> putColumns() {
      List<String> cols = new ArrayList<>();
      while (cols.isEmpty()) {
        for (String f : FAMILIES) {
          for (int q = 0; q < QUALIFIERS; q++) {
            if (rnd.nextInt(5) < 2) {
              int pad = rnd.nextInt(4) == 0 ? rnd.nextInt(MAX_PAD + 1) : rnd.nextInt(24);
              cols.add(f + ":q" + q + ":" + pad);
            }
          }
        }
      }
      return cols;
    }

    private MutationSpec put(String row) {
      return new MutationSpec(Kind.PUT, row, putColumns());
    }

    private MutationSpec serverPut(String row) {
      return new MutationSpec(Kind.SERVER_PUT, row, putColumns());
    }

    private MutationSpec deleteColumns(String row) {
      List<String> cols = new ArrayList<>();
      while (cols.isEmpty()) {
        for (String f : FAMILIES) {
          for (int q = 0; q < QUALIFIERS; q++) {
            if (rnd.nextInt(4) == 0) {
              cols.add(f + ":q" + q);
            }
          }
        }
      }
      return new MutationSpec(Kind.DELETE_COLUMNS, row, cols);
    }

    private MutationSpec deleteFamily(String row) {
      return new MutationSpec(Kind.DELETE_FAMILY, row, List.of(FAMILIES[rnd.nextInt(FAMILIES.length)]));
    }
  }
}
