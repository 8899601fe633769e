package dev.cellar.sql.prepare;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import dev.cellar.sql.catalog.ColumnDef;
import dev.cellar.sql.catalog.TableDef;
import dev.cellar.sql.rel.CellarTable;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDelete;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlInsert;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlUpdate;
import org.apache.calcite.sql.SqlUtil;
import org.apache.calcite.sql.validate.SqlValidatorCatalogReader;
import org.apache.calcite.sql.validate.SqlValidatorTable;

/**
 * Column names qualified with their family, as Phoenix takes them: {@code a.v} and
 * {@code t.a.v} name the column {@code v} of family {@code a} wherever a column may be named,
 * and an INSERT, UPSERT or UPDATE names its target columns so as well. Calcite would read
 * {@code a.v} as column {@code v} of a table {@code a}; before a statement is validated
 * ({@link CellarValidator}), each such name is rewritten to the column's SQL name, qualified with
 * its table's alias ({@code T."A.V"}, or {@code T.V} when no other column is called {@code V};
 * {@link TableDef#fieldNames}).
 *
 * <p>A name is rewritten only when it names no table alias: where an alias and a family are
 * spelled alike, {@code x.col} is the alias's column, as in Phoenix. The names a statement can
 * use are those of the FROM items of its query and of the queries around it (correlation), each a
 * table of the catalog (its families), a view or a table with columns declared by {@code EXTEND}
 * (whose columns called {@code "F.Q"} are named {@code f.q} too). An unqualified name that only
 * columns in two families or more have is refused with SQLState 42702, naming them.
 */
final class FamilyNames {
  private final SqlValidatorCatalogReader catalog;
  /** The FROM items of the queries the walk is in, the innermost first. */
  private final Deque<List<Item>> scopes = new ArrayDeque<>();

  private FamilyNames(SqlValidatorCatalogReader catalog) {
    this.catalog = catalog;
  }

  /** Whether a name was rewritten. */
  private boolean changed;

  /** Rewrites the family-qualified column names of {@code statement} in place; whether it had any. */
  static boolean rewrite(SqlNode statement, SqlValidatorCatalogReader catalog) {
    FamilyNames f = new FamilyNames(catalog);
    f.walk(statement);
    return f.changed;
  }

  /**
   * A FROM item: the alias it is known by, its table of the catalog if it has one, and the names
   * of its columns (null if not known before validation: a sub-query, a table function).
   */
  private record Item(String alias, TableDef table, List<String> fields) {
    /** The SQL name of the column {@code family.qualifier}, or null. */
    String field(String family, String qualifier) {
      if (table != null) {
        for (ColumnDef c : table.columns()) {
          if (c.is(family, qualifier)) {
            return c.name();
          }
        }
      }
      String joined = family + "." + qualifier;
      return fields != null && fields.contains(joined) ? joined : null;
    }

    boolean hasField(String name) {
      return fields != null && fields.contains(name);
    }

    /** Whether the name the walk cannot see into (a sub-query's column) may be {@code name}. */
    boolean opaque() {
      return fields == null;
    }
  }

  private void walk(SqlNode node) {
    if (node == null) {
      return;
    }
    if (node instanceof SqlSelect s) {
      select(s);
    } else if (node instanceof SqlOrderBy o) {
      walk(o.query);
      List<Item> items = o.query instanceof SqlSelect s ? items(s.getFrom()) : List.of();
      scopes.push(items);
      try {
        names(o.orderList, o.query instanceof SqlSelect s ? aliases(s.getSelectList()) : List.of());
      } finally {
        scopes.pop();
      }
      walk(o.offset);
      walk(o.fetch);
    } else if (node instanceof SqlInsert ins) {
      Item target = target(ins.getTargetTable(), null);
      targets(ins.getTargetColumnList(), target);
      walk(ins.getSource());
    } else if (node instanceof SqlUpdate u) {
      Item target = target(u.getTargetTable(), u.getAlias());
      targets(u.getTargetColumnList(), target);
      scopes.push(target == null ? List.of() : List.of(target));
      try {
        names(u.getSourceExpressionList(), List.of());
        names(u.getCondition(), List.of());
      } finally {
        scopes.pop();
      }
    } else if (node instanceof SqlDelete d) {
      Item target = target(d.getTargetTable(), d.getAlias());
      scopes.push(target == null ? List.of() : List.of(target));
      try {
        names(d.getCondition(), List.of());
      } finally {
        scopes.pop();
      }
    } else if (node instanceof SqlNodeList list) {
      for (SqlNode n : list) {
        walk(n);
      }
    } else if (node instanceof SqlCall call) {
      for (SqlNode op : call.getOperandList()) {
        walk(op);
      }
    }
  }

  private void select(SqlSelect s) {
    List<Item> items = items(s.getFrom());
    scopes.push(items);
    try {
      List<String> aliases = aliases(s.getSelectList());
      from(s.getFrom());
      names(s.getSelectList(), List.of());
      names(s.getWhere(), List.of());
      names(s.getGroup(), aliases);
      names(s.getHaving(), aliases);
      names(s.getQualify(), aliases);
      names(s.getWindowList(), List.of());
      names(s.getOrderList(), aliases);
      walk(s.getOffset());
      walk(s.getFetch());
    } finally {
      scopes.pop();
    }
  }

  /** The sub-queries and join conditions of a FROM clause. */
  private void from(SqlNode from) {
    if (from instanceof SqlJoin j) {
      from(j.getLeft());
      from(j.getRight());
      names(j.getCondition(), List.of());
    } else if (from instanceof SqlCall c && (c.getKind() == SqlKind.AS || c.getKind() == SqlKind.TABLE_REF
        || c.getKind() == SqlKind.EXTEND || c.getKind() == SqlKind.TABLESAMPLE || c.getKind() == SqlKind.SNAPSHOT)) {
      from(c.operand(0));
    } else if (from != null && !(from instanceof SqlIdentifier)) {
      walk(from);
    }
  }

  /** Rewrites the column names in an expression (and walks the queries in it). */
  private void names(SqlNode node, List<String> aliases) {
    if (node == null) {
      return;
    }
    if (node instanceof SqlIdentifier id) {
      column(id, aliases);
    } else if (node instanceof SqlSelect || node instanceof SqlOrderBy
        || node instanceof SqlCall c && (c.getKind() == SqlKind.UNION || c.getKind() == SqlKind.INTERSECT
        || c.getKind() == SqlKind.EXCEPT || c.getKind() == SqlKind.WITH)) {
      walk(node);
    } else if (node instanceof SqlNodeList list) {
      for (SqlNode n : list) {
        names(n, aliases);
      }
    } else if (node instanceof SqlCall call && (call.getKind() == SqlKind.NEXT_VALUE
        || call.getKind() == SqlKind.CURRENT_VALUE)) {
      // a sequence's name, no column
      return;
    } else if (node instanceof SqlCall call) {
      List<SqlNode> ops = call.getOperandList();
      // an alias is a name the call gives, not one it reads
      int n = call.getKind() == SqlKind.AS ? 1 : ops.size();
      for (int i = 0; i < n; i++) {
        names(ops.get(i), aliases);
      }
    }
  }

  /** The target columns of an INSERT, UPSERT or UPDATE: {@code a.v} is the column's SQL name. */
  private void targets(SqlNodeList columns, Item target) {
    if (columns == null || target == null) {
      return;
    }
    for (SqlNode n : columns) {
      if (n instanceof SqlIdentifier id && id.names.size() == 2) {
        String field = target.field(id.names.get(0), id.names.get(1));
        if (field != null) {
          rename(id, List.of(field));
        }
      } else if (n instanceof SqlIdentifier id && id.isSimple() && !target.hasField(id.getSimple())) {
        ambiguous(id, target);
      }
    }
  }

  private void column(SqlIdentifier id, List<String> aliases) {
    if (id.isStar()) {
      return;
    }
    List<String> names = id.names;
    if (names.size() == 1) {
      ambiguity(id, aliases);
    } else if (names.size() == 2) {
      Item aliased = alias(names.get(0));
      if (aliased != null) {
        if (!aliased.hasField(names.get(1))) {
          ambiguous(id, aliased);
        }
        return;
      }
      for (List<Item> scope : scopes) {
        List<String> found = new ArrayList<>();
        List<String> rewritten = null;
        for (Item item : scope) {
          String field = item.field(names.get(0), names.get(1));
          if (field != null) {
            found.add(item.alias);
            rewritten = List.of(item.alias, field);
          }
        }
        if (found.size() > 1) {
          throw new CellarSqlException(SqlState.AMBIGUOUS_COLUMN, "column " + names.get(0) + "." + names.get(1)
              + " (" + position(id) + ") is ambiguous: " + String.join(" and ", found)
              + " have it; qualify it with the table: " + found.get(0) + "." + names.get(0) + "." + names.get(1));
        }
        if (rewritten != null) {
          rename(id, rewritten);
          return;
        }
      }
      notFound(id);
    } else if (names.size() == 3) {
      Item item = alias(names.get(0));
      String field = item == null ? null : item.field(names.get(1), names.get(2));
      if (field != null) {
        rename(id, List.of(names.get(0), field));
      }
    }
  }

  /** Refuses a name without a family that no column has as its SQL name but columns in several families have. */
  private void ambiguity(SqlIdentifier id, List<String> aliases) {
    String name = id.getSimple();
    if (aliases.contains(name)) {
      return;
    }
    for (List<Item> scope : scopes) {
      for (Item item : scope) {
        if (item.hasField(name) || item.opaque()) {
          return;
        }
      }
    }
    for (List<Item> scope : scopes) {
      for (Item item : scope) {
        ambiguous(id, item);
      }
    }
  }

  /** Refuses the last name of {@code id} if only columns of several families of {@code item}'s table have it. */
  private static void ambiguous(SqlIdentifier id, Item item) {
    if (item.table == null) {
      return;
    }
    String name = id.names.get(id.names.size() - 1);
    List<ColumnDef> called = item.table.columnsCalled(name);
    if (called.size() > 1) {
      List<String> spelled = new ArrayList<>();
      for (ColumnDef c : called) {
        spelled.add(c.family() + "." + name);
      }
      throw new CellarSqlException(SqlState.AMBIGUOUS_COLUMN, "column " + name + " (" + position(id)
          + ") is ambiguous: " + (item.table.isMapped() ? "view " : "table ") + item.table.name() + " has "
          + String.join(" and ", spelled) + "; name it with its family");
    }
  }

  /**
   * Refuses {@code x.q} that is no column of a family of the statement's tables when {@code x} is
   * no alias and no column either, where Calcite would say that no table {@code x} exists.
   */
  private void notFound(SqlIdentifier id) {
    String family = id.names.get(0);
    List<String> tables = new ArrayList<>();
    for (List<Item> scope : scopes) {
      for (Item item : scope) {
        if (item.opaque() || item.hasField(family)) {
          return;
        }
        tables.add(item.alias);
      }
    }
    if (tables.isEmpty()) {
      return;
    }
    throw new CellarSqlException(SqlState.COLUMN_NOT_FOUND, "column " + family + "." + id.names.get(1) + " ("
        + position(id) + ") not found: " + family + " is no table of the statement, and no column "
        + id.names.get(1) + " in family " + family + " is in " + String.join(", ", tables));
  }

  private void rename(SqlIdentifier id, List<String> names) {
    id.setNames(names, null);
    changed = true;
  }

  private static String position(SqlIdentifier id) {
    return "line " + id.getParserPosition().getLineNum() + ", column " + id.getParserPosition().getColumnNum();
  }

  /** The FROM item called {@code name} in the queries the walk is in, the innermost first; or null. */
  private Item alias(String name) {
    for (List<Item> scope : scopes) {
      for (Item item : scope) {
        if (item.alias.equals(name)) {
          return item;
        }
      }
    }
    return null;
  }

  /** The aliases of a select list's items. */
  private static List<String> aliases(SqlNodeList selectList) {
    List<String> out = new ArrayList<>();
    if (selectList != null) {
      for (SqlNode n : selectList) {
        if (n.getKind() == SqlKind.AS && ((SqlCall) n).operand(1) instanceof SqlIdentifier a) {
          out.add(a.getSimple());
        }
      }
    }
    return out;
  }

  /** The items of a FROM clause. */
  private List<Item> items(SqlNode from) {
    List<Item> out = new ArrayList<>();
    collect(from, null, out);
    return out;
  }

  private void collect(SqlNode from, String alias, List<Item> out) {
    if (from == null) {
      return;
    }
    if (from instanceof SqlJoin j) {
      collect(j.getLeft(), null, out);
      collect(j.getRight(), null, out);
    } else if (from instanceof SqlIdentifier id) {
      Item item = table(id, alias, List.of());
      out.add(item != null ? item : new Item(alias != null ? alias : last(id), null, null));
    } else if (from.getKind() == SqlKind.AS) {
      SqlCall as = (SqlCall) from;
      collect(as.operand(0), ((SqlIdentifier) as.operand(1)).getSimple(), out);
    } else if (from.getKind() == SqlKind.EXTEND) {
      SqlCall extend = (SqlCall) from;
      List<String> declared = new ArrayList<>();
      SqlNodeList columns = extend.operand(1);
      for (int i = 0; i < columns.size(); i += 2) {
        if (columns.get(i) instanceof SqlIdentifier c) {
          declared.add(String.join(".", c.names));
        }
      }
      SqlNode base = extend.operand(0);
      SqlIdentifier id = base instanceof SqlIdentifier i ? i
          : base.getKind() == SqlKind.TABLE_REF && ((SqlCall) base).operand(0) instanceof SqlIdentifier i2 ? i2 : null;
      Item item = id == null ? null : table(id, alias, declared);
      out.add(item != null ? item : new Item(alias != null ? alias : "", null, null));
    } else if (from.getKind() == SqlKind.TABLE_REF || from.getKind() == SqlKind.TABLESAMPLE
        || from.getKind() == SqlKind.SNAPSHOT) {
      collect(((SqlCall) from).operand(0), alias, out);
    } else {
      // a sub-query, VALUES, a table function, UNNEST: its columns are known only when validated
      out.add(new Item(alias != null ? alias : "", null, null));
    }
  }

  /** The item of table or view {@code id}, with the columns {@code declared} by EXTEND; null if no such. */
  private Item table(SqlIdentifier id, String alias, List<String> declared) {
    if (id.isStar()) {
      return null;
    }
    SqlValidatorTable t = catalog.getTable(id.names);
    if (t == null) {
      return null;
    }
    List<String> fields = new ArrayList<>(t.getRowType().getFieldNames());
    fields.addAll(declared);
    CellarTable cellar = t.unwrap(CellarTable.class);
    return new Item(alias != null ? alias : last(id), cellar == null ? null : cellar.def(), fields);
  }

  /** The target of an INSERT, UPDATE or DELETE, known by {@code alias} or its name. */
  private Item target(SqlNode table, SqlIdentifier alias) {
    List<Item> out = new ArrayList<>();
    collect(table, alias == null ? null : alias.getSimple(), out);
    return out.isEmpty() ? null : out.get(0);
  }

  private static String last(SqlIdentifier id) {
    return SqlUtil.stripAs(id) instanceof SqlIdentifier i ? i.names.get(i.names.size() - 1) : "";
  }
}
