package dev.cellar.sql.prepare;

import java.util.Set;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDelete;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlMerge;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlUpdate;
import org.apache.calcite.sql.util.SqlBasicVisitor;
import org.apache.calcite.sql.validate.SqlValidatorCatalogReader;
import org.apache.calcite.sql.validate.SqlValidatorTable;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The column names a statement can refer to: the columns of the tables and views it reads (its
 * FROM items, the target of UPDATE, DELETE and MERGE, and columns declared with {@code EXTEND}),
 * and the names it gives (aliases, column lists of aliases and of {@code WITH} items). Not the
 * columns of an INSERT's target, which its values cannot refer to.
 *
 * <p>{@link CellarValidator} reads an unquoted {@code user} as the column or alias of that name
 * when the statement has one, and as the function {@code USER} otherwise.
 */
final class StatementNames {
  private final Set<String> names;

  private StatementNames(Set<String> names) {
    this.names = names;
  }

  /** The names of {@code statement}, in a set that compares names as {@code catalog} does. */
  static StatementNames of(SqlNode statement, SqlValidatorCatalogReader catalog) {
    Set<String> names = catalog.nameMatcher().createSet();
    statement.accept(new Collector(catalog, names));
    return new StatementNames(names);
  }

  /** None: before a statement is validated. */
  static StatementNames none() {
    return new StatementNames(Set.of());
  }

  boolean contains(String name) {
    return names.contains(name);
  }

  private static final class Collector extends SqlBasicVisitor<@Nullable Void> {
    private final SqlValidatorCatalogReader catalog;
    private final Set<String> names;

    Collector(SqlValidatorCatalogReader catalog, Set<String> names) {
      this.catalog = catalog;
      this.names = names;
    }

    @Override
    public @Nullable Void visit(SqlCall call) {
      if (call instanceof SqlSelect select) {
        read(select.getFrom());
      } else if (call instanceof SqlUpdate update) {
        read(update.getTargetTable());
      } else if (call instanceof SqlDelete delete) {
        read(delete.getTargetTable());
      } else if (call instanceof SqlMerge merge) {
        read(merge.getTargetTable());
        read(merge.getSourceTableRef());
      } else if (call.getKind() == SqlKind.AS) {
        for (SqlNode alias : call.getOperandList().subList(1, call.operandCount())) {
          name(alias);
        }
      } else if (call.getKind() == SqlKind.WITH_ITEM) {
        for (SqlNode column : call.getOperandList()) {
          if (column instanceof SqlNodeList list) {
            list.forEach(this::name);
          }
        }
      }
      return super.visit(call);
    }

    /** A FROM item: the columns of a table or view it names. */
    private void read(@Nullable SqlNode from) {
      if (from == null) {
        return;
      }
      if (from instanceof SqlIdentifier id) {
        SqlValidatorTable table = id.isStar() ? null : catalog.getTable(id.names);
        if (table != null) {
          names.addAll(table.getRowType().getFieldNames());
        }
      } else if (from.getKind() == SqlKind.EXTEND) {
        SqlCall extend = (SqlCall) from;
        read(extend.operand(0));
        // (name, type) pairs
        SqlNodeList columns = extend.operand(1);
        for (int i = 0; i < columns.size(); i += 2) {
          name(columns.get(i));
        }
      } else if (from instanceof SqlJoin join) {
        read(join.getLeft());
        read(join.getRight());
      } else if (from instanceof SqlCall call && call.getKind() != SqlKind.SELECT && call.operandCount() > 0) {
        // an alias, a sample, a snapshot: what it applies to; sub-queries are visited as such
        read(call.operand(0));
      }
    }

    private void name(@Nullable SqlNode node) {
      if (node instanceof SqlIdentifier id && id.isSimple()) {
        names.add(id.getSimple());
      }
    }
  }
}
