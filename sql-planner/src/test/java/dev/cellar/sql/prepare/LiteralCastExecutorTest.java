package dev.cellar.sql.prepare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.DataContexts;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexExecutorImpl;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.type.SqlTypeName;
import org.junit.jupiter.api.Test;

/** Casts of literals folded without compiling code give the literal Calcite's executor gives. */
class LiteralCastExecutorTest {
  private final JavaTypeFactoryImpl types = new JavaTypeFactoryImpl(CellarTypeSystem.INSTANCE);
  private final RexBuilder rex = new RexBuilder(types);
  private final RexExecutorImpl calcite = new RexExecutorImpl(DataContexts.EMPTY);

  @Test
  void foldsCastsOfExactNumbersToDoubleAsCalciteDoes() {
    List<RexNode> casts = new ArrayList<>();
    for (String d : List.of("25.61", "-0.1", "0", "77.56", "123456789.123456789", "9007199254740993",
        "-9223372036854775808", "0.30000000000000004441", "0.000000000000000001")) {
      casts.add(castToDouble(rex.makeExactLiteral(new BigDecimal(d))));
    }
    for (long v : new long[] {0, 1, -1, Integer.MAX_VALUE, Integer.MIN_VALUE, (1L << 53) + 1, Long.MAX_VALUE}) {
      casts.add(castToDouble(rex.makeExactLiteral(BigDecimal.valueOf(v), types.createSqlType(SqlTypeName.BIGINT))));
    }
    casts.add(castToDouble(rex.makeExactLiteral(BigDecimal.valueOf(7), types.createSqlType(SqlTypeName.INTEGER))));
    casts.add(rex.makeCast(types.createSqlType(SqlTypeName.FLOAT), rex.makeExactLiteral(new BigDecimal("2.5"))));
    for (RexNode cast : casts) {
      List<RexNode> expected = new ArrayList<>();
      calcite.reduce(rex, List.of(cast), expected);
      assertTrue(expected.get(0) instanceof RexLiteral, () -> "Calcite folds " + cast);
      List<RexNode> actual = new ArrayList<>();
      new LiteralCastExecutor(calcite).reduce(rex, List.of(cast), actual);
      assertEquals(expected, actual, cast::toString);
      assertEquals(expected.get(0).getType(), actual.get(0).getType(), cast::toString);
      assertEquals(expected.get(0), LiteralCastExecutor.castOfLiteral(rex, cast), "folded without Calcite: " + cast);
    }
  }

  @Test
  void leavesEverythingElseToCalcite() {
    // a cast to VARCHAR, a cast of a NULL, and arithmetic
    RexNode toText = rex.makeCast(types.createSqlType(SqlTypeName.VARCHAR, 10), rex.makeExactLiteral(BigDecimal.ONE));
    RexNode nullCast = castToDouble(rex.makeNullLiteral(types.createSqlType(SqlTypeName.INTEGER)));
    RexNode sum = rex.makeCall(org.apache.calcite.sql.fun.SqlStdOperatorTable.PLUS,
        rex.makeExactLiteral(BigDecimal.ONE), rex.makeExactLiteral(BigDecimal.TEN));
    for (RexNode e : List.of(toText, nullCast, sum)) {
      assertNull(LiteralCastExecutor.castOfLiteral(rex, e), e::toString);
    }
    // a list with one expression it cannot fold goes to Calcite whole, in order
    RexNode folded = castToDouble(rex.makeExactLiteral(new BigDecimal("1.5")));
    List<RexNode> expected = new ArrayList<>();
    calcite.reduce(rex, List.of(folded, sum, toText), expected);
    List<RexNode> actual = new ArrayList<>();
    new LiteralCastExecutor(calcite).reduce(rex, List.of(folded, sum, toText), actual);
    assertEquals(expected, actual);
    assertEquals("11", ((RexLiteral) actual.get(1)).getValueAs(BigDecimal.class).toPlainString());
  }

  @Test
  void wrapsOnce() {
    LiteralCastExecutor once = (LiteralCastExecutor) LiteralCastExecutor.wrap(calcite);
    assertSame(once, LiteralCastExecutor.wrap(once));
    assertNull(LiteralCastExecutor.wrap(null));
  }

  private RexNode castToDouble(RexNode e) {
    RelDataType dbl = types.createSqlType(SqlTypeName.DOUBLE);
    return rex.makeAbstractCast(dbl, e, false);
  }
}
