package dev.cellar.sql.parser;

import java.io.StringReader;
import java.util.Locale;
import org.apache.calcite.sql.parser.SqlAbstractParserImpl;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.parser.SqlParserImplFactory;

/**
 * The parser of every SQL statement of a Cellar connection that is not DDL ({@link CellarSqlParserImpl},
 * generated from Calcite's parser template), and the rule for names that follows from it: a word
 * this parser reserves is a name only when quoted ({@code "SELECT"}), in queries and in DDL
 * alike; any other word, including the keywords it does not reserve ({@code value},
 * {@code user}, {@code date}, {@code year}, ...), is a name unquoted as well.
 */
public final class CellarParser {
  /** Creates Cellar's parser; give it to {@link SqlParser.Config#withParserFactory}. */
  public static final SqlParserImplFactory FACTORY = CellarSqlParserImpl.FACTORY;

  private CellarParser() {}

  /** Calcite's default parser configuration, with Cellar's parser. */
  public static SqlParser.Config config() {
    return withCellarParser(SqlParser.config());
  }

  /** {@code config} with Cellar's parser. */
  public static SqlParser.Config withCellarParser(SqlParser.Config config) {
    return config.withParserFactory(FACTORY);
  }

  /**
   * Whether {@code word} (any case) is reserved by Cellar's parser, so that it is a name only
   * when quoted. Words that are no keyword at all are not reserved.
   */
  public static boolean isReserved(String word) {
    return Reserved.METADATA.isReservedWord(word.toUpperCase(Locale.ROOT));
  }

  /**
   * The words this parser reserves that SQL:92 does not, comma-separated, as JDBC's
   * {@code DatabaseMetaData.getSQLKeywords} lists them.
   */
  public static String jdbcKeywords() {
    return Reserved.METADATA.getJdbcKeywords();
  }

  /** {@code name} as a quoted identifier: {@code "SELECT"}, {@code "a""b"}. */
  public static String quoted(String name) {
    return "\"" + name.replace("\"", "\"\"") + "\"";
  }

  /** The parser's keyword lists, built on first use (by parsing, so not at class loading). */
  private static final class Reserved {
    static final SqlAbstractParserImpl.Metadata METADATA = FACTORY.getParser(new StringReader("")).getMetadata();
  }
}
