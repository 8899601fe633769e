package dev.cellar.sql.prepare;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import org.apache.calcite.schema.impl.ViewTable;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.validate.SqlValidatorCatalogReader;
import org.apache.calcite.sql.validate.SqlValidatorTable;

/**
 * The target of an INSERT, UPSERT, UPDATE, DELETE or MERGE that is a view defined by a query
 * ({@code CREATE VIEW v AS SELECT ...}): such a view is read only, and a statement writing it is
 * refused naming the view, rather than failing to plan. A mapping view ({@code CREATE VIEW v (...)
 * STORE_TABLE=...}) is a table and written as one.
 */
final class ViewTargets {
  private ViewTargets() {}

  /**
   * Refuses {@code target} with 0A000 when it names a view defined by a query.
   *
   * @param verb what the statement does to it ({@code "INSERT INTO"}, {@code "UPDATE"}, ...)
   */
  static void refuseQueryView(SqlValidatorCatalogReader reader, SqlNode target, String verb) {
    SqlNode node = target;
    if (node instanceof SqlCall call && call.getKind() == SqlKind.EXTEND) {
      node = call.operand(0);
    }
    if (!(node instanceof SqlIdentifier id)) {
      return;
    }
    SqlValidatorTable table = reader.getTable(id.names);
    if (table != null && table.unwrap(ViewTable.class) != null) {
      SqlParserPos pos = id.getParserPosition();
      throw new CellarSqlException(SqlState.FEATURE_NOT_SUPPORTED, "cannot " + verb + " view " + id
          + " (line " + pos.getLineNum() + ", column " + pos.getColumnNum() + "): a view defined by a query "
          + "is read only; write to the tables it reads");
    }
  }
}
