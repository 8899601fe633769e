package dev.cellar.sql.prepare;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import dev.cellar.sql.catalog.Catalog;
import dev.cellar.sql.catalog.ColumnDef;
import dev.cellar.sql.catalog.TableDef;
import dev.cellar.sql.codec.KeyType;
import dev.cellar.sql.copy.CopyFrom;
import dev.cellar.sql.copy.CopyParser;
import dev.cellar.sql.copy.CopyStatement;
import dev.cellar.sql.copy.CopyTo;
import dev.cellar.sql.ddl.LoadIndexes;
import dev.cellar.sql.exec.Cancellation;
import dev.cellar.sql.session.CellarSession;
import java.nio.file.Path;
import java.sql.DatabaseMetaData;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import org.apache.calcite.DataContext;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.jdbc.CalcitePrepare.CalciteSignature;
import org.apache.calcite.jdbc.CalcitePrepare.Context;
import org.apache.calcite.linq4j.Linq4j;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.runtime.Bindable;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * {@code COPY}: {@code COPY t FROM 'file'} loads a file ({@link CopyFrom}), {@code COPY t TO
 * 'file'} and {@code COPY (query) TO 'file'} export ({@link CopyTo}). The statement's update
 * count is the rows loaded or exported. Files are the connection's process's: a connection
 * without {@link CellarSession#fileAccess()} (a remote client's) is refused with 42501. A load
 * commits as it goes and is not part of a transaction: it is refused (25001) in one with
 * uncommitted writes.
 */
final class CopyStatements {
  private CopyStatements() {}

  /**
   * The signature of {@code sql}, a {@code COPY} statement.
   *
   * @param query prepares the query a {@code COPY ... TO} exports
   */
  @SuppressWarnings("unchecked")
  static <T> CalciteSignature<T> prepare(Context context, CellarSession session, String sql,
      Function<String, CalciteSignature<Object>> query) {
    CopyStatement st = CopyParser.parse(sql);
    Catalog.Snapshot catalog = session.database().catalog().snapshot();
    TableDef def = null;
    if (st.table() != null) {
      def = catalog.table(st.table());
      if (def == null) {
        throw new CellarSqlException(SqlState.TABLE_NOT_FOUND, "table " + st.table() + " does not exist"
            + (catalog.view(st.table()) != null ? (st.from() ? "; it is a view, and COPY FROM loads tables"
            : "; it is a view: export it with COPY (SELECT * FROM " + st.table() + ") TO") : ""));
      }
    }
    Bindable<T> run;
    java.util.Map<String, Object> internal = java.util.Map.of();
    if (st.from()) {
      TableDef table = def;
      run = dataContext -> {
        check(session, st);
        if (session.hasUncommittedWrites()) {
          throw new CellarSqlException(SqlState.ACTIVE_TRANSACTION, "cannot run COPY FROM in a transaction with "
              + "uncommitted writes: a load commits as it goes; commit or roll back first");
        }
        if (session.currentScn() >= 0) {
          throw new CellarSqlException(SqlState.FEATURE_NOT_SUPPORTED, "cannot load table " + table.name()
              + ": the connection reads the data as of currentScn " + session.currentScn() + " and writes nothing");
        }
        CopyFrom load = new CopyFrom(session.database(), session.database().store(), table, st.columns(),
            st.options(), Path.of(st.file()), cancellation(dataContext), true)
            .rebuildingIndexes(t -> LoadIndexes.suspend(session.database(), t)::rebuild);
        return (org.apache.calcite.linq4j.Enumerable<T>) (Object) Linq4j.singletonEnumerable(load.run());
      };
    } else {
      String text = st.query() != null ? st.query() : select(def, st.columns());
      CalciteSignature<Object> inner = query.apply(text);
      if (inner.statementType != null && inner.statementType != Meta.StatementType.SELECT) {
        throw new CellarSqlException(SqlState.SYNTAX_ERROR, "COPY (...) TO exports a query, not " + inner.statementType);
      }
      if (!inner.parameters.isEmpty()) {
        throw new CellarSqlException(SqlState.FEATURE_NOT_SUPPORTED, "COPY (query) TO of a query with parameters is "
            + "not supported; give the values as literals");
      }
      List<String> names = new ArrayList<>();
      List<KeyType> types = new ArrayList<>();
      for (RelDataTypeField f : inner.rowType.getFieldList()) {
        names.add(f.getName());
        types.add(CopyTo.keyType(f.getType().getSqlTypeName()));
      }
      for (int i = 0; i < inner.columns.size() && i < names.size(); i++) {
        names.set(i, inner.columns.get(i).label);
      }
      String table = def == null ? null : def.name();
      internal = new java.util.HashMap<>(inner.internalParameters);
      run = dataContext -> {
        check(session, st);
        Iterable<Object[]> rows = () -> {
          Iterator<Object> it = inner.enumerable(dataContext).iterator();
          return new Iterator<>() {
            @Override
            public boolean hasNext() {
              return it.hasNext();
            }

            @Override
            public Object[] next() {
              Object o = it.next();
              return o instanceof Object[] a ? a : new Object[] {o};
            }
          };
        };
        long n = CopyTo.run(session.database(), table, names, types, rows, st.options(), Path.of(st.file()),
            cancellation(dataContext));
        return (org.apache.calcite.linq4j.Enumerable<T>) (Object) Linq4j.singletonEnumerable(n);
      };
    }
    RelDataType rowType = context.getTypeFactory().builder().add("ROWCOUNT", SqlTypeName.BIGINT).build();
    ColumnMetaData count = new ColumnMetaData(0, false, false, false, false, DatabaseMetaData.columnNoNulls, true, 20,
        "ROWCOUNT", "ROWCOUNT", null, 19, 0, null, null,
        ColumnMetaData.scalar(Types.BIGINT, "BIGINT", ColumnMetaData.Rep.PRIMITIVE_LONG), true, false, false,
        Long.class.getName());
    return new CalciteSignature<>(sql, List.of(), internal, rowType, List.of(count), Meta.CursorFactory.OBJECT,
        context.getRootSchema(), List.of(), -1, run, Meta.StatementType.IS_DML);
  }

  private static void check(CellarSession session, CopyStatement st) {
    if (!session.fileAccess()) {
      throw new CellarSqlException(SqlState.INSUFFICIENT_PRIVILEGE, "COPY " + (st.from() ? "FROM" : "TO") + " '"
          + st.file() + "' is refused: this connection may not read or write files of the server's machine "
          + "(only embedded connections may, unless the server allows it)");
    }
  }

  /** {@code SELECT c, ... FROM t}, every column if none is listed. */
  private static String select(TableDef def, List<String> columns) {
    List<String> cols = new ArrayList<>();
    if (columns.isEmpty()) {
      for (ColumnDef c : def.columns()) {
        if (!c.isMap()) {
          cols.add(quote(c.name()));
        }
      }
    } else {
      for (String c : columns) {
        if (def.column(c) == null) {
          throw new CellarSqlException(SqlState.COLUMN_NOT_FOUND, "column " + c + " is not a column of table "
              + def.name());
        }
        cols.add(quote(c));
      }
    }
    return "SELECT " + String.join(", ", cols) + " FROM " + quote(def.name());
  }

  private static String quote(String name) {
    return "\"" + name.replace("\"", "\"\"") + "\"";
  }

  /** The statement's cancel flag and deadline. */
  private static Cancellation cancellation(DataContext root) {
    AtomicBoolean flag = (AtomicBoolean) root.get(DataContext.Variable.CANCEL_FLAG.camelName);
    Object timeout = root.get(DataContext.Variable.TIMEOUT.camelName);
    Object start = root.get(DataContext.Variable.UTC_TIMESTAMP.camelName);
    if (timeout instanceof Long t && t > 0) {
      long from = start instanceof Long s ? s : System.currentTimeMillis();
      return new Cancellation(flag, from + t, t);
    }
    return flag == null ? Cancellation.NONE : new Cancellation(flag, Long.MAX_VALUE, 0);
  }
}
