package dev.cellar.console.shell;

import dev.cellar.console.shell.Output.CellFormat;
import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import dev.cellar.storage.Delete;
import dev.cellar.storage.Get;
import dev.cellar.storage.Put;
import dev.cellar.storage.Query;
import dev.cellar.storage.Result;
import dev.cellar.storage.ResultScanner;
import dev.cellar.storage.Scan;
import dev.cellar.storage.Table;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** The data commands: put, get, scan, count, delete, deleteall, incr, get_counter. */
final class DataCommands {
  private static final String GET_OPTIONS = "COLUMN, COLUMNS, VERSIONS, TIMESTAMP, TIMERANGE, FILTER, FORMATTER,"
      + " MAXLENGTH";
  private static final String SCAN_OPTIONS = "STARTROW, STOPROW, ROWPREFIXFILTER, LIMIT, REVERSED, COLUMN, COLUMNS,"
      + " VERSIONS, TIMESTAMP, TIMERANGE, FILTER, CACHE, BATCH, FORMATTER, MAXLENGTH";

  private DataCommands() {}

  static List<CommandSpec> specs() {
    return List.of(
        CommandSpec.of("put", "dml", """
            Writes one cell: table, row, 'family:qualifier', value and optionally a
            timestamp (any non-negative version number; default: now in milliseconds).

              put 't1', 'r1', 'f1:c1', 'value'
              put 't1', 'r1', 'f1:c1', 'value', 1700000000000
              put 't1', "\\x00\\x01", 'f1:c1', "bytes \\xFF"
            """, DataCommands::put),
        CommandSpec.of("get", "dml", """
            Reads one row, or some of its columns. Options: COLUMN or COLUMNS ('f' or
            'f:q', one or an array), VERSIONS (versions per column), TIMESTAMP,
            TIMERANGE => [min, max) , FILTER (filter language string), FORMATTER
            ('toStringBinary', the default, or 'toString'), MAXLENGTH (of printed values).

              get 't1', 'r1'
              get 't1', 'r1', 'f1:c1'
              get 't1', 'r1', 'f1:c1', 'f2'
              get 't1', 'r1', ['f1:c1', 'f2']
              get 't1', 'r1', {COLUMN => 'f1:c1', VERSIONS => 3}
              get 't1', 'r1', {COLUMN => ['f1', 'f2'], TIMERANGE => [1000, 2000]}
              get 't1', 'r1', {TIMESTAMP => 1500}
            """, DataCommands::get),
        CommandSpec.of("scan", "dml", """
            Reads rows in key order. Options: STARTROW (inclusive), STOPROW (exclusive),
            ROWPREFIXFILTER, LIMIT (rows), REVERSED (rows in descending order; STARTROW is
            then the largest), COLUMNS, VERSIONS, TIMESTAMP, TIMERANGE, FILTER, CACHE
            (rows per round trip), BATCH (cells per result), FORMATTER, MAXLENGTH.
            FILTER takes HBase's filter language (see help 'filters').

              scan 't1'
              scan 't1', {STARTROW => 'r1', STOPROW => 'r5', LIMIT => 10}
              scan 't1', {ROWPREFIXFILTER => 'u0001', COLUMNS => ['f1:c1', 'f2']}
              scan 't1', {REVERSED => true, LIMIT => 3}
              scan 't1', {VERSIONS => 5, TIMERANGE => [1000, 2000]}
              scan 't1', {FILTER => "PrefixFilter('r') AND KeyOnlyFilter()"}
            """, DataCommands::scan),
        CommandSpec.of("count", "dml", """
            Counts the rows of a table, printing the running count every INTERVAL rows
            (default 1000). Options: INTERVAL, CACHE, FILTER.

              count 't1'
              count 't1', INTERVAL => 100000
            """, DataCommands::count),
        CommandSpec.of("delete", "dml", """
            Deletes one version of a cell: the latest, or the one at the given timestamp.
            With a family alone ('f'), deletes the versions at the given timestamp of every
            column of the family.

              delete 't1', 'r1', 'f1:c1'
              delete 't1', 'r1', 'f1:c1', 1700000000000
            """, DataCommands::delete),
        CommandSpec.of("deleteall", "dml", """
            Deletes a whole row, a family of it ('f') or every version of a column
            ('f:q'), optionally only the versions at or before a timestamp. A hash with
            ROWPREFIXFILTER deletes every row with that prefix.

              deleteall 't1', 'r1'
              deleteall 't1', 'r1', 'f1'
              deleteall 't1', 'r1', 'f1:c1'
              deleteall 't1', 'r1', 'f1:c1', 1700000000000
              deleteall 't1', {ROWPREFIXFILTER => 'tmp_'}
            """, DataCommands::deleteAll),
        CommandSpec.of("incr", "dml", """
            Adds to a counter (an 8-byte big-endian long; 1 by default) atomically and prints
            its new value. A missing counter starts at 0.

              incr 't1', 'r1', 'f1:hits'
              incr 't1', 'r1', 'f1:hits', 10
            """, DataCommands::incr),
        CommandSpec.of("get_counter", "dml", """
            Prints a counter's value.

              get_counter 't1', 'r1', 'f1:hits'
            """, DataCommands::getCounter));
  }

  /** A column spec, {@code 'family:qualifier'} or {@code 'family'} ({@code qualifier == null}). */
  record Column(byte[] family, byte[] qualifier) {
    static Column parse(Value v) {
      byte[] b = Args.bytes(v, "column");
      int colon = -1;
      for (int i = 0; i < b.length; i++) {
        if (b[i] == ':') {
          colon = i;
          break;
        }
      }
      byte[] family = colon < 0 ? b : Arrays.copyOf(b, colon);
      if (family.length == 0) {
        throw ShellSyntaxException.argument("column '" + Bytes.toStringBinary(b) + "' has no family; write"
            + " 'family:qualifier'", v);
      }
      return new Column(family, colon < 0 ? null : Arrays.copyOfRange(b, colon + 1, b.length));
    }

    <Q extends Query<Q>> void addTo(Q q) {
      if (qualifier == null) {
        q.addFamily(family);
      } else {
        q.addColumn(family, qualifier);
      }
    }
  }

  static String put(Args a, Session s) {
    a.arity(4, 5);
    Table t = s.table(a, 0);
    byte[] row = a.bytes(1, "row");
    Column c = Column.parse(a.get(2));
    byte[] value = a.bytes(3, "value");
    Put p = a.size() == 5 ? new Put(row, a.number(4, "timestamp")) : new Put(row);
    p.addColumn(c.family(), qualifier(c), value);
    t.put(p);
    return null;
  }

  static String get(Args a, Session s) {
    a.arity(2, Integer.MAX_VALUE);
    Table t = s.table(a, 0);
    Get get = new Get(a.bytes(1, "row"));
    CellFormat format = CellFormat.DEFAULT;
    Value.Hash h = a.hashOrNull(2);
    if (h != null) {
      a.arity(3, 3);
      Options o = new Options("get", h);
      readColumnsAndVersions(get, o);
      Filters.apply(get, o.take("FILTER"));
      format = cellFormat(o);
      o.finish(GET_OPTIONS);
    } else {
      for (int i = 2; i < a.size(); i++) {
        for (Value v : Args.list(a.get(i))) {
          Column.parse(v).addTo(get);
        }
      }
    }
    Result r = t.get(get);
    Output out = s.out();
    out.header("COLUMN", "CELL");
    for (Cell c : r.cells()) {
      out.row(format.column(c), format.cell(c));
    }
    out.rows(r.isEmpty() ? 0 : 1);
    return null;
  }

  static String scan(Args a, Session s) {
    a.arity(1, 2);
    Table t = s.table(a, 0);
    Scan scan = new Scan();
    CellFormat format = CellFormat.DEFAULT;
    if (a.size() == 2) {
      Value.Hash h = a.hashOrNull(1);
      if (h == null) {
        throw ShellSyntaxException.argument("scan options must be a hash such as {LIMIT => 10}, not "
            + a.get(1).kind(), a.get(1));
      }
      Options o = new Options("scan", h);
      readScanRange(scan, o);
      Long limit = o.number("LIMIT");
      if (limit != null) {
        scan.setLimit(toInt(limit, "LIMIT"));
      }
      readColumnsAndVersions(scan, o);
      Filters.apply(scan, o.take("FILTER"));
      format = cellFormat(o);
      o.finish(SCAN_OPTIONS);
    }
    Output out = s.out();
    out.header("ROW", "COLUMN+CELL");
    long rows = 0;
    byte[] last = null;
    try (ResultScanner scanner = t.scanner(scan)) {
      for (Result r : scanner) {
        out.checkCancelled();
        if (last == null || !Arrays.equals(last, r.row())) {
          rows++;
          last = r.row();
        }
        for (Cell c : r.cells()) {
          out.row(format.format().show(c.row()), "column=" + format.column(c) + ", " + format.cell(c));
        }
      }
    }
    out.rows(rows);
    return null;
  }

  static String count(Args a, Session s) {
    a.arity(1, 2);
    Table t = s.table(a, 0);
    Scan scan = new Scan();
    long interval = 1000;
    Value.Hash h = a.hashOrNull(1);
    if (a.size() == 2 && h == null) {
      throw ShellSyntaxException.argument("count options must be a hash such as {INTERVAL => 1000}", a.get(1));
    }
    if (h != null) {
      Options o = new Options("count", h);
      Long i = o.number("INTERVAL");
      if (i != null) {
        if (i < 1) {
          throw ShellSyntaxException.argument("INTERVAL must be at least 1", h);
        }
        interval = i;
      }
      Long cache = o.number("CACHE");
      if (cache != null) {
        scan.setCaching(toInt(cache, "CACHE"));
      }
      Filters.apply(scan, o.take("FILTER"));
      o.finish("INTERVAL, CACHE, FILTER");
    }
    long rows = 0;
    byte[] last = null;
    try (ResultScanner scanner = t.scanner(scan)) {
      for (Result r : scanner) {
        s.out().checkCancelled();
        if (last != null && Arrays.equals(last, r.row())) {
          continue;
        }
        last = r.row();
        rows++;
        if (rows % interval == 0) {
          s.out().line("Current count: " + rows + ", row: " + Bytes.toStringBinary(r.row()));
        }
      }
    }
    s.out().rows(rows);
    return Long.toString(rows);
  }

  static String delete(Args a, Session s) {
    a.arity(3, 4);
    Table t = s.table(a, 0);
    byte[] row = a.bytes(1, "row");
    Column c = Column.parse(a.get(2));
    Delete d;
    if (a.size() == 4) {
      long ts = a.number(3, "timestamp");
      d = new Delete(row, ts);
      if (c.qualifier() == null) {
        d.addFamilyVersion(c.family(), ts);
      } else {
        d.addColumn(c.family(), c.qualifier(), ts);
      }
    } else {
      if (c.qualifier() == null) {
        throw ShellSyntaxException.argument("delete of a family needs a timestamp; use deleteall 't', 'row', '"
            + Bytes.toStringBinary(c.family()) + "' to delete every version", a.get(2));
      }
      d = new Delete(row).addColumn(c.family(), c.qualifier());
    }
    t.delete(d);
    return null;
  }

  static String deleteAll(Args a, Session s) {
    a.arity(2, 4);
    Table t = s.table(a, 0);
    Value column = a.get(2);
    boolean wholeRow = column == null || column instanceof Value.Nil
        || (column instanceof Value.Str str && str.bytes().length == 0);
    Column c = wholeRow ? null : Column.parse(column);
    Long ts = a.size() == 4 ? a.number(3, "timestamp") : null;
    Value.Hash prefix = a.hashOrNull(1);
    if (prefix == null) {
      t.delete(rowDelete(a.bytes(1, "row"), c, ts));
      return null;
    }
    Options o = new Options("deleteall", prefix);
    byte[] p = o.bytes("ROWPREFIXFILTER");
    Long cache = o.number("CACHE");
    o.finish("ROWPREFIXFILTER, CACHE");
    if (p == null) {
      throw ShellSyntaxException.argument("deleteall with a hash needs ROWPREFIXFILTER => 'prefix'", prefix);
    }
    int batch = cache == null ? 100 : Math.max(1, toInt(cache, "CACHE"));
    List<Delete> deletes = new ArrayList<>();
    try (ResultScanner scanner = t.scanner(new Scan().setRowPrefix(p))) {
      for (Result r : scanner) {
        s.out().checkCancelled();
        deletes.add(rowDelete(r.row(), c, ts));
        if (deletes.size() >= batch) {
          t.delete(deletes);
          deletes.clear();
        }
      }
    }
    if (!deletes.isEmpty()) {
      t.delete(deletes);
    }
    return null;
  }

  static String incr(Args a, Session s) {
    a.arity(3, 4);
    Table t = s.table(a, 0);
    byte[] row = a.bytes(1, "row");
    Column c = Column.parse(a.get(2));
    long amount = a.size() == 4 ? a.number(3, "increment") : 1;
    long v = t.incrementColumnValue(row, c.family(), qualifier(c), amount);
    s.out().line("COUNTER VALUE = " + v);
    return null;
  }

  static String getCounter(Args a, Session s) {
    a.arity(3, 3);
    Table t = s.table(a, 0);
    Column c = Column.parse(a.get(2));
    byte[] v = t.get(new Get(a.bytes(1, "row")).addColumn(c.family(), qualifier(c))).value(c.family(), qualifier(c));
    if (v == null) {
      s.out().line("No counter found at specified coordinates");
    } else if (v.length != 8) {
      throw new IllegalArgumentException("the value of " + Bytes.toStringBinary(c.family()) + ":"
          + Bytes.toStringBinary(qualifier(c)) + " is " + v.length + " bytes wide, not an 8-byte counter");
    } else {
      s.out().line("COUNTER VALUE = " + Bytes.toLong(v));
    }
    return null;
  }

  private static byte[] qualifier(Column c) {
    return c.qualifier() == null ? Bytes.EMPTY : c.qualifier();
  }

  private static Delete rowDelete(byte[] row, Column c, Long ts) {
    Delete d = ts == null ? new Delete(row) : new Delete(row, ts);
    if (c != null && c.qualifier() == null) {
      d.addFamily(c.family());
    } else if (c != null) {
      d.addColumns(c.family(), c.qualifier());
    }
    return d;
  }

  private static void readScanRange(Scan scan, Options o) {
    byte[] start = o.bytes("STARTROW");
    byte[] stop = o.bytes("STOPROW");
    byte[] prefix = o.bytes("ROWPREFIXFILTER");
    Boolean reversed = o.bool("REVERSED");
    Long cache = o.number("CACHE");
    Long batch = o.number("BATCH");
    scan.setReversed(reversed != null && reversed);
    if (start != null) {
      scan.withStartRow(start);
    }
    if (stop != null) {
      scan.withStopRow(stop);
    }
    if (prefix != null) {
      scan.setRowPrefix(prefix);
    }
    if (cache != null) {
      scan.setCaching(toInt(cache, "CACHE"));
    }
    if (batch != null) {
      scan.setBatch(toInt(batch, "BATCH"));
    }
  }

  private static <Q extends Query<Q>> void readColumnsAndVersions(Q q, Options o) {
    List<Value> columns = o.list("COLUMNS");
    List<Value> column = o.list("COLUMN");
    for (List<Value> cs : Arrays.asList(columns, column)) {
      if (cs != null) {
        for (Value v : cs) {
          Column.parse(v).addTo(q);
        }
      }
    }
    Long versions = o.number("VERSIONS");
    if (versions != null) {
      q.readVersions(toInt(versions, "VERSIONS"));
    }
    Long ts = o.number("TIMESTAMP");
    Value range = o.take("TIMERANGE");
    if (ts != null && range != null) {
      throw ShellSyntaxException.argument("give TIMESTAMP or TIMERANGE, not both", range);
    }
    if (ts != null) {
      q.setTimestamp(ts);
    }
    if (range != null) {
      List<Value> bounds = Args.list(range);
      if (!(range instanceof Value.Arr) || bounds.size() != 2) {
        throw ShellSyntaxException.argument("TIMERANGE must be [min, max]", range);
      }
      q.setTimeRange(Args.number(bounds.get(0), "TIMERANGE minimum"), Args.number(bounds.get(1), "TIMERANGE maximum"));
    }
  }

  private static CellFormat cellFormat(Options o) {
    Value f = o.take("FORMATTER");
    Long max = o.number("MAXLENGTH");
    if (f == null && max == null) {
      return CellFormat.DEFAULT;
    }
    return new CellFormat(f == null ? Output.Format.TO_STRING_BINARY : Output.Format.parse(f),
        max == null ? -1 : toInt(max, "MAXLENGTH"));
  }

  private static int toInt(long v, String what) {
    if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
      throw new IllegalArgumentException(what + " " + v + " is out of range");
    }
    return (int) v;
  }
}
