package dev.cellar.console.shell;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class ParserTest {
  private static Statement one(String src) {
    List<Statement> s = Parser.parse(src);
    assertEquals(1, s.size(), src);
    return s.get(0);
  }

  private static String text(Value v) {
    return ((Value.Str) v).text();
  }

  private static ShellSyntaxException error(String src) {
    return assertThrows(ShellSyntaxException.class, () -> Parser.parse(src), src);
  }

  @Test
  void commandWithStringsAndTrailingPairsFormingOneHash() {
    Statement s = one("create 't1', 'f1', SPLITS => ['10', '20', '30', '40']");
    assertEquals("create", s.command());
    assertEquals(3, s.args().size());
    assertEquals("t1", text(s.args().get(0)));
    Value.Hash h = assertInstanceOf(Value.Hash.class, s.args().get(2));
    assertEquals(1, h.pairs().size());
    assertEquals("SPLITS", h.pairs().get(0).name());
    Value.Arr splits = assertInstanceOf(Value.Arr.class, h.pairs().get(0).value());
    assertEquals(List.of("10", "20", "30", "40"), splits.items().stream().map(ParserTest::text).toList());
  }

  @Test
  void hashesNumbersBooleansAndConstants() {
    Statement s = one("create 't', {NAME => 'f', VERSIONS => 1, TTL => '18000', BLOCKCACHE => false, X => nil},"
        + " {NAME => 'g', TTL => -5, RATIO => 0.25, BIG => 1_000_000, HEX => 0x1F,}");
    Value.Hash f = (Value.Hash) s.args().get(1);
    assertEquals(List.of("NAME", "VERSIONS", "TTL", "BLOCKCACHE", "X"),
        f.pairs().stream().map(Value.Pair::name).toList());
    assertEquals(1L, ((Value.Int) f.pairs().get(1).value()).value());
    assertFalse(((Value.Bool) f.pairs().get(3).value()).value());
    assertInstanceOf(Value.Nil.class, f.pairs().get(4).value());
    Value.Hash g = (Value.Hash) s.args().get(2);
    assertEquals(-5L, ((Value.Int) g.pairs().get(1).value()).value());
    assertEquals(0.25, ((Value.Flt) g.pairs().get(2).value()).value());
    assertEquals(1_000_000L, ((Value.Int) g.pairs().get(3).value()).value());
    assertEquals(31L, ((Value.Int) g.pairs().get(4).value()).value());
  }

  @Test
  void stringKeysAsInAlterDelete() {
    Value.Hash h = (Value.Hash) one("alter 't1', 'delete' => 'f1'").args().get(1);
    assertEquals("delete", h.pairs().get(0).name());
  }

  @Test
  void singleQuotesKeepBackslashesButDoubleQuotesDecodeEscapes() {
    Statement s = one("put 't', '\\x00\\'q\\\\', \"\\x00\\xff\\n\\t\\\"\\u00e9\\101\", \"a\\#{b}\"");
    assertArrayEquals("\\x00'q\\".getBytes(StandardCharsets.UTF_8), ((Value.Str) s.args().get(1)).bytes());
    assertArrayEquals(new byte[] {0, (byte) 0xff, '\n', '\t', '"', (byte) 0xc3, (byte) 0xa9, 'A'},
        ((Value.Str) s.args().get(2)).bytes());
    assertEquals("a#{b}", text(s.args().get(3)));
  }

  @Test
  void utf8TextIsKept() {
    assertEquals("中国好声音", text(one("get 'file', \"中国好声音\"").args().get(1)));
  }

  @Test
  void parenthesesSemicolonsAndComments() {
    List<Statement> s = Parser.parse("get('t1', 'r1'); list # all tables\n;scan 't1'");
    assertEquals(List.of("get", "list", "scan"), s.stream().map(Statement::command).toList());
    assertEquals(2, s.get(0).args().size());
    assertTrue(Parser.parse("   # just a comment").isEmpty());
  }

  @Test
  void offsetsOfValuesPointAtTheirFirstCharacter() {
    Statement s = one("scan 't1', {LIMIT => 5}");
    assertEquals(0, s.pos());
    assertEquals(5, s.args().get(0).pos());
    Value.Hash h = (Value.Hash) s.args().get(1);
    assertEquals(11, h.pos());
    assertEquals(12, h.pairs().get(0).key().pos());
    assertEquals(21, h.pairs().get(0).value().pos());
  }

  @Test
  void missingCommaPointsAtTheSecondValue() {
    ShellSyntaxException e = error("create 't2' 'f1'");
    assertEquals(12, e.offset());
    assertFalse(e.isIncomplete());
    assertTrue(e.getMessage().contains("unexpected string 'f1'"), e.getMessage());
  }

  @Test
  void strayClosingBracePointsAtTheBrace() {
    ShellSyntaxException e = error("create 't1', 'f1'}");
    assertEquals(17, e.offset());
  }

  @Test
  void missingArrowPointsAtTheTokenAfterTheKey() {
    ShellSyntaxException e = error("create 't1', {NAME 'f1'}");
    assertEquals(19, e.offset());
    assertTrue(e.getMessage().contains("'=>'"), e.getMessage());
  }

  @Test
  void singleEqualsAndUnknownCharacters() {
    assertEquals(19, error("create 't1', {NAME = 'f1'}").offset());
    assertEquals(14, error("put 't', 'r', @x").offset());
    assertEquals(14, error("get 't', 'r', :sym").offset());
  }

  @Test
  void lowerCaseBareWordsAreUndefinedNames() {
    ShellSyntaxException e = error("get 't1', row1");
    assertEquals(10, e.offset());
    assertTrue(e.getMessage().contains("undefined name 'row1'"), e.getMessage());
  }

  @Test
  void plainArgumentAfterPairsIsAnError() {
    assertEquals(27, error("create 't1', NAME => 'f1', 'f2'").offset());
  }

  @Test
  void badEscapesAndNumbers() {
    assertEquals(10, error("get 't', \"\\xzz\"").offset());
    assertEquals(9, error("get 't', 99999999999999999999").offset());
    assertEquals(11, error("get 't', 12abc").offset());
    assertEquals(10, error("get 't', \"#{x}\"").offset());
  }

  @Test
  void unfinishedInputIsIncomplete() {
    for (String src : List.of("scan 't1', {LIMIT => 5", "get 't1',", "create 't1', ['a',", "put 't', 'it''s",
        "get('t1'", "scan 't1', {LIMIT =>", "put 't', 'r', 'f:q', 'multi")) {
      assertTrue(error(src).isIncomplete(), src);
    }
    assertFalse(error("scan 't1', {LIMIT => 5]").isIncomplete());
  }

  @Test
  void unterminatedStringPointsAtItsQuote() {
    assertEquals(9, error("get 't', 'r").offset());
  }
}
