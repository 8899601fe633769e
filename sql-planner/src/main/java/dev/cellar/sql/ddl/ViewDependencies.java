package dev.cellar.sql.ddl;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import dev.cellar.sql.catalog.Catalog;
import dev.cellar.sql.catalog.ViewDef;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.util.SqlBasicVisitor;
import org.apache.calcite.sql.validate.SqlConformanceEnum;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Which views read a table, a view or a column, found from the views' queries: a view reads
 * the tables and views its {@code FROM} clauses name (at any depth, sub-queries included), and
 * of a table it reads every column if it selects {@code *}, else the columns its query names.
 * A name in a query may be an alias or a column of another table, so a view may be taken to read
 * more than it does, never less: dropping what a view reads would leave it unusable.
 * A view whose query no longer parses reads nothing.
 */
final class ViewDependencies {
  private static final Logger LOG = LoggerFactory.getLogger(ViewDependencies.class);
  private final Catalog.Snapshot catalog;

  ViewDependencies(Catalog.Snapshot catalog) {
    this.catalog = catalog;
  }

  /**
   * The views that read {@code relation}, directly or through other views, each after the views
   * that read it: the order to drop them in.
   */
  private List<ViewDef> readers(String relation) {
    LinkedHashSet<String> found = new LinkedHashSet<>();
    collect(relation, found, new HashSet<>());
    List<ViewDef> out = new ArrayList<>();
    for (String name : found) {
      out.add(catalog.view(name));
    }
    return out;
  }

  private void collect(String relation, LinkedHashSet<String> found, Set<String> visiting) {
    visiting.add(relation);
    for (ViewDef v : catalog.views().values()) {
      if (!found.contains(v.name()) && !visiting.contains(v.name()) && Query.of(v).relations.contains(relation)) {
        collect(v.name(), found, visiting);
        found.add(v.name());
      }
    }
  }

  /** The views that read column {@code column} of table {@code table} (and, through them, other views). */
  private List<ViewDef> readers(String table, String column) {
    LinkedHashSet<String> found = new LinkedHashSet<>();
    for (ViewDef v : catalog.views().values()) {
      Query q = Query.of(v);
      if (q.relations.contains(table) && (q.star || q.names.contains(column) || qualified(q.names, column))
          && !found.contains(v.name())) {
        collect(v.name(), found, new HashSet<>(Set.of(table)));
        found.add(v.name());
      }
    }
    List<ViewDef> out = new ArrayList<>();
    for (String name : found) {
      out.add(catalog.view(name));
    }
    return out;
  }

  /** Whether {@code names} hold both parts of the name {@code FAMILY.QUALIFIER}, as {@code family.qualifier} does. */
  private static boolean qualified(Set<String> names, String column) {
    for (int dot = column.indexOf('.'); dot > 0; dot = column.indexOf('.', dot + 1)) {
      if (names.contains(column.substring(0, dot)) && names.contains(column.substring(dot + 1))) {
        return true;
      }
    }
    return false;
  }

  /**
   * Drops the views that read table or view {@code name} if {@code cascade}; else refuses the
   * statement with SQLState 2BP01 naming them.
   *
   * @param what {@code table} or {@code view}, as the statement says
   */
  void dropReaders(Catalog writable, String name, String what, boolean cascade) {
    List<ViewDef> readers = readers(name);
    if (readers.isEmpty()) {
      return;
    }
    if (!cascade) {
      throw new CellarSqlException(SqlState.DEPENDENT_OBJECTS, "cannot drop " + what + " " + name + ": "
          + views(readers) + " depend" + (readers.size() > 1 ? "" : "s") + " on it; drop "
          + (readers.size() > 1 ? "them" : "it") + " first, or use DROP " + what.toUpperCase(Locale.ROOT) + " " + name
          + " CASCADE");
    }
    for (ViewDef v : readers) {
      writable.removeView(v.schema(), v.name());
      LOG.debug("dropped view {}, which read {} {}", v.name(), what, name);
    }
  }

  /** Refuses, with SQLState 2BP01, to drop a column of {@code table} that views read. */
  void checkColumn(String table, String column, String position) {
    List<ViewDef> readers = readers(table, column);
    if (!readers.isEmpty()) {
      throw new CellarSqlException(SqlState.DEPENDENT_OBJECTS, "column " + column + " (" + position + ") of table "
          + table + " is read by " + views(readers) + "; drop " + (readers.size() > 1 ? "them" : "it") + " first");
    }
  }

  /** {@code view A} or {@code views A, B}, for a message. */
  private static String views(List<ViewDef> views) {
    return (views.size() > 1 ? "views " : "view ") + names(views);
  }

  /** The names of {@code views}: {@code A, B}. */
  private static String names(List<ViewDef> views) {
    List<String> names = new ArrayList<>();
    for (ViewDef v : views) {
      names.add(v.name());
    }
    return String.join(", ", names);
  }

  /** What a view's query reads: relations in FROM clauses, whether it selects {@code *}, every name it holds. */
  private record Query(Set<String> relations, boolean star, Set<String> names) {
    static Query of(ViewDef v) {
      SqlNode node;
      try {
        node = SqlParser.create(v.query(), SqlParser.config().withConformance(SqlConformanceEnum.LENIENT)).parseQuery();
      } catch (SqlParseException e) {
        return new Query(Set.of(), false, Set.of());
      }
      Set<String> relations = new HashSet<>();
      Set<String> names = new HashSet<>();
      boolean[] star = {false};
      node.accept(new SqlBasicVisitor<Void>() {
        @Override
        public Void visit(SqlCall call) {
          if (call instanceof SqlSelect s) {
            from(s.getFrom(), relations);
          }
          return super.visit(call);
        }

        @Override
        public Void visit(SqlIdentifier id) {
          star[0] |= id.isStar();
          for (String n : id.names) {
            names.add(n);
          }
          return null;
        }
      });
      return new Query(relations, star[0], names);
    }

    /** The relations a FROM item names (its sub-queries are visited as any other part of the query). */
    private static void from(SqlNode n, Set<String> out) {
      if (n instanceof SqlIdentifier id) {
        out.add(id.names.get(id.names.size() - 1));
      } else if (n instanceof SqlJoin j) {
        from(j.getLeft(), out);
        from(j.getRight(), out);
      } else if (n instanceof SqlCall c) {
        switch (c.getKind()) {
          case AS:
          case EXTEND:
          case TABLESAMPLE:
          case SNAPSHOT:
          case LATERAL:
          case COLLECTION_TABLE:
          case TABLE_REF:
            from(c.operand(0), out);
            break;
          default:
            break;
        }
      }
    }
  }
}
