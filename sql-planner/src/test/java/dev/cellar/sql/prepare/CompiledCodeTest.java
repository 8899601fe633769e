package dev.cellar.sql.prepare;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The generated code's rewrites before it is compiled. */
class CompiledCodeTest {
  private static final String FLAT = "org.apache.calcite.linq4j.Linq4j.concat(java.util.Arrays.asList("
      + "new org.apache.calcite.linq4j.Enumerable[] {";

  @Test
  void aChainOfConcatsOfUnionInputsBecomesOneConcatenation() {
    assertEquals("return v1stashed.modify(root, " + FLAT + "child0, child1, child2, child3})), false, v2stashed);",
        CompiledCode.flatUnions(
            "return v1stashed.modify(root, child0.concat(child1).concat(child2).concat(child3), false, v2stashed);"));
    assertEquals("final Enumerable e = " + FLAT + "child, child4, child5}));\nreturn " + FLAT
        + "child6, child7, child8}));",
        CompiledCode.flatUnions("final Enumerable e = child.concat(child4).concat(child5);\n"
            + "return child6.concat(child7).concat(child8);"));
  }

  @Test
  void twoInputsAndOtherConcatsStayAsTheyAre() {
    String code = "return child0.concat(child1).select(x).concat(child2); s = a.concat(b).concat(c);";
    assertEquals(code, CompiledCode.flatUnions(code));
  }
}
