package dev.cellar.sql.adapter;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.apache.calcite.adapter.java.JavaTypeFactory;
import org.apache.calcite.config.CalciteConnectionConfig;
import org.apache.calcite.jdbc.CalcitePrepare;
import org.apache.calcite.prepare.CalciteCatalogReader;
import org.apache.calcite.prepare.CalciteSqlValidator;
import org.apache.calcite.sql.SqlBasicTypeNameSpec;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.util.SqlOperatorTables;
import org.apache.calcite.sql.validate.SqlValidator;
import org.checkerframework.checker.nullness.qual.PolyNull;

/**
 * Calcite's validator for Cellar statements, with rewrites of its own:
 * <ul>
 *   <li>a unary plus is the value it is applied to, whatever that value's type ({@code + name} is
 *       {@code name}), as in SQLite and MySQL. Calcite's own {@code +} accepts numbers only and
 *       would cast text to a number, failing on text that is not one;</li>
 *   <li>the text literals of a {@code MAP[...]} constructor are VARCHARs, so that its keys and
 *       values keep their lengths ({@code MAP['I7', 'a', 'I42', 'b']} has the key {@code 'I7'},
 *       not {@code 'I7 '} padded to the longest key as CHARs of a common type would be);</li>
 *   <li>string literals of different lengths that are alternatives for one value (the results of
 *       a {@code CASE}, a column of {@code VALUES} or of a {@code UNION}'s branches) are VARCHARs
 *       ({@link VaryingLiterals}).</li>
 * </ul>
 */
final class CellarValidator extends CalciteSqlValidator {
  private CellarValidator(SqlOperatorTable opTab, CalciteCatalogReader catalogReader, JavaTypeFactory typeFactory,
      Config config) {
    super(opTab, catalogReader, typeFactory, config);
  }

  /** The validator Calcite would create for {@code context}, with the rewrite above. */
  static SqlValidator create(CalcitePrepare.Context context, CalciteCatalogReader catalogReader,
      UnaryOperator<SqlValidator.Config> configTransform) {
    CalciteConnectionConfig connection = context.config();
    List<SqlOperatorTable> tables = new ArrayList<>();
    tables.add(connection.fun(SqlOperatorTable.class, SqlStdOperatorTable.instance()));
    tables.add(catalogReader);
    SqlValidator.Config config = configTransform.apply(SqlValidator.Config.DEFAULT
        .withLenientOperatorLookup(connection.lenientOperatorLookup())
        .withConformance(connection.conformance())
        .withDefaultNullCollation(connection.defaultNullCollation())
        .withIdentifierExpansion(true));
    return new CellarValidator(SqlOperatorTables.chain(tables), catalogReader, context.getTypeFactory(), config);
  }

  @Override
  protected @PolyNull SqlNode performUnconditionalRewrites(@PolyNull SqlNode node, boolean underFrom) {
    if (node instanceof SqlCall call && call.getKind() == SqlKind.MAP_VALUE_CONSTRUCTOR) {
      // keys and values keep their own lengths: 'I7' beside 'I42' is not 'I7 '
      for (int i = 0; i < call.operandCount(); i++) {
        if (call.operand(i) instanceof SqlCharStringLiteral literal) {
          call.setOperand(i, SqlStdOperatorTable.CAST.createCall(SqlParserPos.ZERO, literal,
              new SqlDataTypeSpec(new SqlBasicTypeNameSpec(SqlTypeName.VARCHAR, SqlParserPos.ZERO), SqlParserPos.ZERO)));
        }
      }
    }
    SqlNode rewritten = super.performUnconditionalRewrites(node, underFrom);
    if (rewritten instanceof SqlCall call) {
      VaryingLiterals.rewrite(call);
    }
    // operands were rewritten first, so a chain "+ + x" is already down to "+ x"
    if (rewritten instanceof SqlCall call && call.getKind() == SqlKind.PLUS_PREFIX) {
      return call.operand(0);
    }
    return rewritten;
  }
}
