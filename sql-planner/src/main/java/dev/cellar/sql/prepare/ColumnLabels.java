package dev.cellar.sql.prepare;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlWith;
import org.apache.calcite.sql.dialect.CalciteSqlDialect;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * The labels JDBC shows for a query's columns that are expressions without an alias: the
 * expression's SQL text, normalized as H2 writes it ({@code COUNT(*)}, {@code SUM(PRICE)},
 * {@code PRICE + 1}), instead of Calcite's {@code EXPR$0}. Only the labels (and column names)
 * of the statement's result change: the names inside the query, which sub-queries, views and
 * {@code SELECT *} see, stay Calcite's.
 *
 * <p>The texts are taken while the statement is validated ({@link CellarValidator}), from the
 * statement as parsed, and matched to the result's columns by their position in the SQL text;
 * {@link CellarPrepare} applies them to the signature. Validations nested in the statement's
 * (views) or after it (view expansion) are not the statement's and are ignored.
 */
final class ColumnLabels {
  private static final ThreadLocal<ColumnLabels> CURRENT = new ThreadLocal<>();

  private int depth;
  private boolean done;
  private List<String> labels = List.of();

  private ColumnLabels() {}

  /** Starts collecting the labels of the statement this thread prepares next. */
  static void start() {
    CURRENT.set(new ColumnLabels());
  }

  /** The labels collected since {@link #start}, by column (null: Calcite's own); stops collecting. */
  static List<String> finish() {
    ColumnLabels c = CURRENT.get();
    CURRENT.remove();
    return c == null ? List.of() : c.labels;
  }

  /** Collection under way for the statement, if the validation about to run is the statement's own. */
  static ColumnLabels forValidation() {
    ColumnLabels c = CURRENT.get();
    return c == null || c.done ? null : c;
  }

  /** Runs the statement's validation of {@code top}, recording its labels if it is the outermost. */
  SqlNode validate(SqlNode top, java.util.function.UnaryOperator<SqlNode> validation,
      java.util.function.Function<SqlNode, RelDataType> rowType) {
    Map<SqlParserPos, String> texts = depth == 0 ? texts(top) : null;
    depth++;
    SqlNode validated;
    try {
      validated = validation.apply(top);
    } finally {
      depth--;
    }
    if (texts != null) {
      done = true;
      labels = labels(validated, rowType.apply(validated), texts);
    }
    return validated;
  }

  /** The texts of the unaliased expressions of the outermost select list, by their position in the SQL. */
  private static Map<SqlParserPos, String> texts(SqlNode top) {
    Map<SqlParserPos, String> texts = new HashMap<>();
    SqlSelect select = outermostSelect(top);
    if (select == null) {
      return texts;
    }
    for (SqlNode item : select.getSelectList()) {
      if (item instanceof SqlIdentifier || item.getKind() == SqlKind.AS
          || item.getParserPosition().equals(SqlParserPos.ZERO)) {
        continue;
      }
      String text = text(item);
      if (text != null) {
        texts.put(item.getParserPosition(), text);
      }
    }
    return texts;
  }

  /** The labels of the validated statement's columns that Calcite named {@code EXPR$n}. */
  private static List<String> labels(SqlNode validated, RelDataType rowType, Map<SqlParserPos, String> texts) {
    SqlSelect select = outermostSelect(validated);
    if (texts.isEmpty() || select == null || rowType == null || !rowType.isStruct()) {
      return List.of();
    }
    SqlNodeList items = select.getSelectList();
    List<String> labels = new ArrayList<>();
    for (int i = 0; i < rowType.getFieldCount(); i++) {
      String label = null;
      if (i < items.size() && rowType.getFieldNames().get(i).equals("EXPR$" + i)) {
        label = texts.get(items.get(i).getParserPosition());
      }
      labels.add(label);
    }
    return labels;
  }

  /** The select whose list names a query's columns: of an ORDER BY, a WITH, the left of a set operation. */
  private static SqlSelect outermostSelect(SqlNode node) {
    while (node != null) {
      if (node instanceof SqlSelect s) {
        return s;
      } else if (node instanceof SqlOrderBy o) {
        node = o.query;
      } else if (node instanceof SqlWith w) {
        node = w.body;
      } else if (node.isA(SqlKind.SET_QUERY) && node instanceof SqlCall c) {
        node = c.operand(0);
      } else {
        return null;
      }
    }
    return null;
  }

  /**
   * An expression's SQL: keywords and unquoted names in upper case, one line, identifiers quoted
   * only where needed; null if Calcite cannot write it (the column keeps Calcite's name).
   */
  static String text(SqlNode node) {
    try {
      return node.toSqlString(c -> c.withDialect(CalciteSqlDialect.DEFAULT).withQuoteAllIdentifiers(false)
          .withAlwaysUseParentheses(false).withSelectListItemsOnSeparateLines(false).withIndentation(0)
          .withClauseStartsLine(false).withClauseEndsLine(false)).getSql();
    } catch (RuntimeException e) {
      return null;
    }
  }

  /** {@code columns} with the labels and names of {@code labels} where these are not null. */
  static void apply(List<ColumnMetaData> columns, List<String> labels) {
    for (int i = 0; i < columns.size() && i < labels.size(); i++) {
      String label = labels.get(i);
      ColumnMetaData c = columns.get(i);
      if (label == null || !c.label.equals("EXPR$" + i)) {
        continue;
      }
      columns.set(i, new ColumnMetaData(c.ordinal, c.autoIncrement, c.caseSensitive, c.searchable, c.currency,
          c.nullable, c.signed, c.displaySize, label, label, c.schemaName, c.precision, c.scale, c.tableName,
          c.catalogName, c.type, c.readOnly, c.writable, c.definitelyWritable, c.columnClassName));
    }
  }
}
