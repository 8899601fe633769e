package dev.cellar.console.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jline.reader.Candidate;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.impl.completer.StringsCompleter;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Completion through JLine's line reader on a terminal over streams, as on a terminal: keys in,
 * the line read out. Names (tables, columns, aliases) come before keywords.
 */
class NameCompleterTest {
  static Connection c;

  @BeforeAll
  static void open() throws Exception {
    c = DriverManager.getConnection("jdbc:cellar:mem:completion;shutdown=true");
    try (Statement s = c.createStatement()) {
      s.execute("CREATE TABLE sale (id INTEGER PRIMARY KEY, product VARCHAR, price INTEGER)");
      s.execute("CREATE TABLE shop (id INTEGER PRIMARY KEY, name VARCHAR, address VARCHAR)");
    }
  }

  @AfterAll
  static void close() throws Exception {
    c.close();
  }

  /** What SQLLine offers: keywords and functions, tables. */
  private static StringsCompleter sqlLine() {
    return new StringsCompleter(List.of(
        new Candidate("SAFE_CAST", "SAFE_CAST", null, "Function", null, null, true),
        new Candidate("SAFE_OFFSET", "SAFE_OFFSET", null, "Function", null, null, true),
        new Candidate("SAVEPOINT", "SAVEPOINT", null, "Keyword", null, null, true),
        new Candidate("SELECT", "SELECT", null, "Keyword", null, null, true),
        new Candidate("SALE", "SALE", null, "Table", ".", null, false)));
  }

  /** The line read after typing {@code keys} (with {@code \t} for Tab) and Enter. */
  private static String typed(String keys) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (Terminal t = TerminalBuilder.builder().streams(new ByteArrayInputStream(
        (keys + "\r\r").getBytes(StandardCharsets.UTF_8)), out).type("xterm").size(new org.jline.terminal.Size(120, 40))
        .build()) {
      LineReader r = LineReaderBuilder.builder().terminal(t).completer(new NameCompleter(sqlLine(), () -> c))
          .option(LineReader.Option.AUTO_LIST, false).option(LineReader.Option.AUTO_MENU, true)
          .option(LineReader.Option.CASE_INSENSITIVE, true).build();
      String line = r.readLine("> ");
      return line;
    }
  }

  @Test
  void tableNamesComeBeforeKeywords() throws Exception {
    assertEquals("SELECT * FROM SALE", typed("SELECT * FROM sa\t"));
    // no name fits: keywords and functions
    assertEquals("SELECT * FROM SAFE_CAST", typed("SELECT * FROM safe_c\t").trim());
    assertEquals("SELECT * FROM SHOP", typed("SELECT * FROM sh\t"));
  }

  @Test
  void aliasesAndTheirColumns() throws Exception {
    // Ctrl-B moves the cursor back over " FROM ..." to complete the select list
    assertEquals("SELECT s.ADDRESS FROM shop s", typed("SELECT s.ad FROM shop s" + "\u0002".repeat(" FROM shop s".length()) + "\t"));
    assertEquals("SELECT PRODUCT FROM sale", typed("SELECT pro FROM sale" + "\u0002".repeat(" FROM sale".length()) + "\t"));
    assertEquals("SELECT sale.PRICE FROM sale", typed("SELECT sale.pri FROM sale" + "\u0002".repeat(" FROM sale".length()) + "\t"));
    assertEquals("SELECT x.NAME FROM sale JOIN shop AS x ON x.id = sale.id",
        typed("SELECT x.na FROM sale JOIN shop AS x ON x.id = sale.id" + "\u0002".repeat(" FROM sale JOIN shop AS x ON x.id = sale.id".length()) + "\t"));
  }

  @Test
  void theTablesAStatementNames() {
    assertEquals(Map.of("SHOP", "SHOP", "S", "SHOP", "SALE", "SALE", "X", "SALE"),
        NameCompleter.references("SELECT * FROM shop s JOIN sale AS x ON x.id = s.id WHERE 1 = 1"));
    assertEquals(Map.of("SALE", "SALE", "T", "SALE", "SHOP", "SHOP"),
        NameCompleter.references("SELECT * FROM sale t, shop WHERE t.id = 1"));
    assertEquals(Map.of("My Table", "My Table"), NameCompleter.references("UPDATE \"My Table\" SET a = 1"));
    List<String> none = new ArrayList<>(NameCompleter.references("SELECT 'from x' AS y").keySet());
    assertEquals(List.of(), none);
  }
}
