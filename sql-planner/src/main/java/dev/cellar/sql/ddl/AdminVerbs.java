package dev.cellar.sql.ddl;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import dev.cellar.sql.catalog.ColumnDef;
import dev.cellar.sql.catalog.TableDef;
import dev.cellar.sql.codec.RowKeyCodec;
import dev.cellar.sql.database.CellarDatabase;
import dev.cellar.sql.ddl.DdlStatement.Name;
import dev.cellar.sql.exec.TableMapping;
import dev.cellar.storage.Admin;
import dev.cellar.storage.Bytes;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The admin verbs on a table's regions, as the HBase shell's {@code flush}, {@code compact},
 * {@code major_compact} and {@code split}:
 *
 * <pre>
 * ALTER TABLE t FLUSH                       memstores to store files
 * ALTER TABLE t COMPACT [MAJOR]             each family's files merged (MAJOR: rewritten, dropping what reads no longer return)
 * ALTER TABLE t SPLIT [AT (value, ...)]     each region at its middle, or the region holding the key at the key
 * </pre>
 *
 * {@code SPLIT AT}'s values are the leading key columns' (all of them on a salted table), encoded
 * by the table's key codec. Each verb waits until the store has done it. They need the admin
 * right: every local connection has it (the database's owner); {@code cellar server} grants it
 * to users of the {@code admin} role only ({@link #verbOf}).
 */
public final class AdminVerbs {
  private static final Logger LOG = LoggerFactory.getLogger(AdminVerbs.class);

  private final CellarDatabase db;

  AdminVerbs(CellarDatabase db) {
    this.db = db;
  }

  /**
   * The admin verb {@code sql} is, as {@code ALTER TABLE ... FLUSH}; {@code null} when it is none
   * (or not a statement at all: its own execution reports that).
   */
  public static String verbOf(String sql) {
    if (!DdlParser.firstWord(sql).equals("ALTER")) {
      return null;
    }
    try {
      return DdlParser.parse(sql) instanceof DdlStatement.AdminVerb v ? "ALTER TABLE ... " + v.verb() : null;
    } catch (RuntimeException e) {
      return null;
    }
  }

  /** After {@code ALTER TABLE t}: the admin verb that follows, or {@code null} when none does. */
  static DdlStatement parse(DdlTokens in, Name table) {
    Token at = in.peek();
    if (in.accept("FLUSH")) {
      return new DdlStatement.AdminVerb(table, "FLUSH", List.of(), at);
    }
    if (in.accept("COMPACT")) {
      return new DdlStatement.AdminVerb(table, in.accept("MAJOR") ? "COMPACT MAJOR" : "COMPACT", List.of(), at);
    }
    if (in.accept("SPLIT")) {
      List<Token> values = new ArrayList<>();
      if (in.accept("AT")) {
        in.expectSymbol("(");
        do {
          values.add(in.literal("a key value"));
        } while (in.acceptSymbol(","));
        in.expectSymbol(")");
      }
      return new DdlStatement.AdminVerb(table, "SPLIT", values, at);
    }
    return null;
  }

  void run(DdlStatement.AdminVerb s) {
    TableDef t = DdlExecutor.table(db, s.table());
    Admin admin = db.store().admin();
    String store = t.storageName();
    switch (s.verb()) {
      case "FLUSH" -> admin.flush(store);
      case "COMPACT" -> admin.compact(store);
      case "COMPACT MAJOR" -> admin.majorCompact(store);
      case "SPLIT" -> {
        if (s.splitAt().isEmpty()) {
          admin.split(store);
        } else {
          byte[] point = splitPoint(t, s);
          try {
            admin.split(store, point);
          } catch (IllegalArgumentException e) {
            throw new CellarSqlException(SqlState.OBJECT_NOT_IN_PREREQUISITE_STATE, "SPLIT AT (" + s.splitAt().get(0)
                .position() + ") of table " + t.name() + ": key " + Bytes.toStringBinary(point)
                + " is already where a region starts");
          }
        }
      }
      default -> throw new AssertionError(s.verb());
    }
    LOG.info("ALTER TABLE {} {} in {}", t.name(), s.verb(), db.description());
  }

  /** The rowkey (prefix) {@code SPLIT AT}'s values encode to. */
  private byte[] splitPoint(TableDef t, DdlStatement.AdminVerb s) {
    Token first = s.splitAt().get(0);
    RowKeyCodec codec = t.hiddenKey() ? null : new TableMapping(t).keyCodec();
    if (codec == null) {
      throw CellarSqlException.syntax("SPLIT AT (" + first.position() + ") needs a primary key: table " + t.name()
          + " has none; SPLIT without AT splits each region at its middle");
    }
    List<ColumnDef> keys = t.keyColumns();
    if (s.splitAt().size() > keys.size()) {
      throw CellarSqlException.syntax("SPLIT AT (" + s.splitAt().get(keys.size()).position() + ") of table " + t.name()
          + " gives " + s.splitAt().size() + " values for its " + keys.size() + " key columns");
    }
    if (codec.isSalted() && s.splitAt().size() < keys.size()) {
      throw CellarSqlException.syntax("SPLIT AT (" + first.position() + ") of salted table " + t.name() + " needs a "
          + "value for each of its " + keys.size() + " key columns: the salt byte comes from the whole key");
    }
    Object[] values = new Object[s.splitAt().size()];
    for (int i = 0; i < values.length; i++) {
      ColumnDef c = keys.get(i);
      values[i] = Literals.convert(c.type(), s.splitAt().get(i), c.name());
    }
    try {
      byte[] key = codec.isSalted() ? codec.encode(values) : codec.encodePrefix(values);
      if (key.length == 0) {
        throw new IllegalArgumentException("the key is empty");
      }
      if (key.length > dev.cellar.storage.Mutation.MAX_ROW_LENGTH) {
        throw new CellarSqlException(SqlState.STRING_TRUNCATION, "SPLIT AT (" + first.position() + ") of table "
            + t.name() + " encodes to a rowkey of " + key.length + " bytes, longer than the maximum of "
            + dev.cellar.storage.Mutation.MAX_ROW_LENGTH);
      }
      return key;
    } catch (IllegalArgumentException e) {
      throw new CellarSqlException(SqlState.NUMERIC_OUT_OF_RANGE, "SPLIT AT (" + first.position() + ") of table "
          + t.name() + " cannot be encoded as its key: " + e.getMessage());
    }
  }
}
