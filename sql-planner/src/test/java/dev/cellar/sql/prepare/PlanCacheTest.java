package dev.cellar.sql.prepare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlErrors;
import dev.cellar.sql.SqlState;
import java.util.List;
import org.apache.calcite.jdbc.CalcitePrepare;
import org.junit.jupiter.api.Test;

class PlanCacheTest {
  private static CalcitePrepare.CalciteSignature<Object> signature() {
    return new CalcitePrepare.CalciteSignature<Object>("SELECT 1", List.of(), java.util.Map.of(), null, List.of(),
        null, null, List.of(), -1, null);
  }

  @Test
  void plansOfAnEarlierGenerationOfCompiledCodeAreStale() {
    PlanCache cache = new PlanCache(10);
    PlanCache.Key key = new PlanCache.Key("SELECT 1", List.of(), -1, Object[].class);
    CalcitePrepare.CalciteSignature<Object> s = signature();
    cache.put(key, 7, s);
    assertSame(s, cache.get(key, 7));
    assertNull(cache.get(new PlanCache.Key("SELECT 2", List.of(), -1, Object[].class), 7));
    // a compiled class failed to initialize: every plan holding compiled code is made again
    CellarPrepare.forgetCompiledCode();
    assertNull(cache.get(key, 7));
    cache.put(key, 7, s);
    assertNotNull(cache.get(key, 7));
  }

  @Test
  void aClassThatFailedToInitializeIsAStatementErrorWithoutItsName() {
    CellarSqlException e = SqlErrors.translate(new NoClassDefFoundError("Could not initialize class Baz$1$1"));
    assertEquals(SqlState.STATEMENT_TOO_COMPLEX, e.state());
    assertFalse(e.getMessage().contains("Baz") || e.getMessage().contains("NoClassDefFoundError"), e.getMessage());
  }
}
