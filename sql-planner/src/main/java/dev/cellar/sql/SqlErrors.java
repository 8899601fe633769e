package dev.cellar.sql;

import dev.cellar.storage.CellTooLargeException;
import dev.cellar.storage.CorruptionException;
import dev.cellar.storage.NoSuchFamilyException;
import dev.cellar.storage.StorageException;
import dev.cellar.storage.StorageTimeoutException;
import dev.cellar.storage.StoreClosedException;
import dev.cellar.storage.StoreLockedException;
import dev.cellar.storage.TableNotEnabledException;
import dev.cellar.storage.TableNotFoundException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.runtime.CalciteContextException;
import org.apache.calcite.sql.parser.SqlParseException;

/**
 * Gives every failure a {@link SqlState}: Cellar's own errors keep theirs, Calcite's parse and
 * validation errors become class 42, runtime data errors class 22, storage errors their own
 * states. The one place that decides what SQLState a user sees.
 */
public final class SqlErrors {
  private SqlErrors() {}

  /** The user-facing form of {@code t}. */
  public static CellarSqlException translate(Throwable t) {
    for (Throwable c = t; c != null; c = c.getCause()) {
      if (c instanceof CellarSqlException e) {
        return e;
      }
    }
    for (Throwable c = t; c != null; c = c.getCause()) {
      if (c instanceof StackOverflowError) {
        return translateOne(c);
      }
    }
    for (Throwable c = t; c != null; c = c.getCause()) {
      CellarSqlException e = translateOne(c);
      if (e != null) {
        return e;
      }
    }
    return new CellarSqlException(SqlState.INTERNAL_ERROR, "internal error: " + describe(t), t);
  }

  /** Java's own wording of a number parser's failure, and the text it failed on. */
  private static final Pattern JAVA_INPUT =
      Pattern.compile("For input string: \"(.*)\"(?: under radix \\d+)?", Pattern.DOTALL);
  private static final Pattern JAVA_DECIMAL_CHAR =
      Pattern.compile("Character (.+) is neither a decimal digit number.*", Pattern.DOTALL);

  /**
   * The message of a text that is not a number, in the user's terms: the text when the parser
   * names it, rather than the wording of Java's parsers ({@code For input string: "abc"}).
   */
  static String notANumber(String javaMessage) {
    if (javaMessage == null || javaMessage.isEmpty() || javaMessage.startsWith("Index ")
        || javaMessage.startsWith("No digits")) {
      return "invalid number: the text has no digits";
    }
    Matcher m = JAVA_INPUT.matcher(javaMessage);
    if (m.matches()) {
      return "invalid number: '" + m.group(1) + "' is not a number";
    }
    m = JAVA_DECIMAL_CHAR.matcher(javaMessage);
    if (m.matches()) {
      return "invalid number: '" + m.group(1) + "' is not a digit, a decimal point or an exponent";
    }
    return "invalid number: " + javaMessage;
  }

  /**
   * For an integer Java's parsers refused only for its size (its text all digits), the message
   * of 22003; otherwise null.
   */
  static String integerOutOfRange(String javaMessage) {
    Matcher m = javaMessage == null ? null : JAVA_INPUT.matcher(javaMessage);
    if (m != null && m.matches() && m.group(1).matches("[+-]?[0-9]+")) {
      return "numeric value out of range: " + m.group(1) + " does not fit the integer type it is read as";
    }
    return null;
  }

  private static CellarSqlException translateOne(Throwable c) {
    String msg = c.getMessage() == null ? c.getClass().getSimpleName() : c.getMessage();
    if (c instanceof SqlParseException p) {
      // without a message, the parser failed combining operators it had read (BETWEEN 1 AND NOT 3)
      String m = c.getMessage() == null ? "an operator of the statement is missing an operand or is out of place"
          : msg.replace("\n", " ").replaceAll("\\s+", " ");
      int cut = m.indexOf("Was expecting");
      if (cut > 0) {
        m = m.substring(0, cut).trim();
      }
      if (!m.contains("line ") && p.getPos() != null) {
        m = m + " (at line " + p.getPos().getLineNum() + ", column " + p.getPos().getColumnNum() + ")";
      }
      return new CellarSqlException(SqlState.SYNTAX_ERROR, "Syntax error: " + m, c);
    }
    if (c instanceof CalciteContextException v) {
      String inner = v.getCause() != null && v.getCause().getMessage() != null ? v.getCause().getMessage() : msg;
      return new CellarSqlException(validationState(inner), msg, c);
    }
    if (c instanceof TableNotFoundException) {
      return new CellarSqlException(SqlState.TABLE_NOT_FOUND, msg, c);
    }
    if (c instanceof NoSuchFamilyException) {
      return new CellarSqlException(SqlState.FAMILY_NOT_FOUND, msg, c);
    }
    if (c instanceof StoreClosedException || c instanceof TableNotEnabledException) {
      return new CellarSqlException(SqlState.CONNECTION_DOES_NOT_EXIST, msg, c);
    }
    if (c instanceof StoreLockedException) {
      return new CellarSqlException(SqlState.CONNECTION_FAILED, msg, c);
    }
    if (c instanceof CorruptionException) {
      return new CellarSqlException(SqlState.DATA_CORRUPTED, msg, c);
    }
    if (c instanceof CellTooLargeException) {
      return new CellarSqlException(SqlState.STRING_TRUNCATION, msg, c);
    }
    if (c instanceof StorageTimeoutException) {
      return new CellarSqlException(SqlState.TIMEOUT, msg, c);
    }
    if (c instanceof StorageException) {
      return new CellarSqlException(SqlState.STORAGE_ERROR, msg, c);
    }
    if (c instanceof ArithmeticException a) {
      return arithmetic(a);
    }
    if (c instanceof NumberFormatException) {
      String tooLarge = integerOutOfRange(c.getMessage());
      if (tooLarge != null) {
        return new CellarSqlException(SqlState.NUMERIC_OUT_OF_RANGE, tooLarge, c);
      }
      return new CellarSqlException(SqlState.INVALID_CHARACTER_VALUE_FOR_CAST, notANumber(c.getMessage()), c);
    }
    if (c instanceof java.time.DateTimeException) {
      return new CellarSqlException(SqlState.INVALID_DATETIME, msg, c);
    }
    if (c instanceof IllegalArgumentException && c.getStackTrace().length > 0
        && c.getStackTrace()[0].getClassName().equals("org.apache.calcite.avatica.util.DateTimeUtils")) {
      // a cast of text to a date, time or timestamp ("Value of DAY field is out of range in '2024-13-45'")
      return new CellarSqlException(SqlState.INVALID_DATETIME, "invalid date or time: " + msg, c);
    }
    if (c instanceof NoClassDefFoundError && msg.startsWith("Could not initialize class")) {
      // a class of a statement's compiled code whose initialization failed in an earlier run (it
      // ran out of stack, or a constant failed); the driver then drops its compiled code
      return new CellarSqlException(SqlState.STATEMENT_TOO_COMPLEX, "statement too complex: its compiled code "
          + "failed to initialize in an earlier run (too deep for the thread's stack, or a constant that cannot be "
          + "computed); it is compiled anew when the statement is prepared again", c);
    }
    if (c instanceof StackOverflowError) {
      return new CellarSqlException(SqlState.STATEMENT_TOO_COMPLEX, "statement too complex: it ran out of stack "
          + "(a join of very many tables, or expressions nested very deep); run the JVM with a larger thread stack, "
          + "e.g. -Xss16m", c);
    }
    if (msg.startsWith(GENERATED_CODE_FAILED) && tooLarge(c)) {
      // the Java code Calcite generates for the statement's expressions passed the JVM's 64 KB per method
      return new CellarSqlException(SqlState.STATEMENT_TOO_COMPLEX, "statement too complex: the code generated for "
          + "its expressions is too large (an IN list or a chain of ORs of many hundred values over a column "
          + "outside the key, or very many expressions); use fewer values, or a key column, which takes IN lists "
          + "of any length", c);
    }
    if (c.getClass() == RuntimeException.class && msg.startsWith("while converting ")) {
      // Calcite's SQL-to-relational conversion gave up on an expression the validator let through
      return new CellarSqlException(SqlState.FEATURE_NOT_SUPPORTED, "cannot plan this statement: "
          + msg.substring("while converting ".length()), c);
    }
    if (c instanceof RelOptPlanner.CannotPlanException) {
      return new CellarSqlException(SqlState.FEATURE_NOT_SUPPORTED, "cannot plan this statement", c);
    }
    if (c instanceof UnsupportedOperationException) {
      if (c.getMessage() == null) {
        // thrown bare while a call is typed (PERCENTILE_CONT(0.5) without WITHIN GROUP)
        return new CellarSqlException(SqlState.FEATURE_NOT_SUPPORTED, "not supported: a function called in a form it "
            + "does not take (check its arguments, and WITHIN GROUP (ORDER BY ...) for PERCENTILE_CONT and "
            + "PERCENTILE_DISC)", c);
      }
      // Calcite's "needToImplement" names its own class first: "class ...SqlBasicCall: TABLE `T`"
      return new CellarSqlException(SqlState.FEATURE_NOT_SUPPORTED,
          "not supported: " + msg.replaceFirst("^class [\\w.$]+: ", ""), c);
    }
    if (c instanceof java.sql.SQLException && "Connection closed".equals(msg)) {
      // a statement of a connection closed meanwhile, found closed by Calcite's connection
      return new CellarSqlException(SqlState.CONNECTION_DOES_NOT_EXIST, "connection closed", c);
    }
    if (c instanceof IllegalArgumentException && msg.startsWith("row key of ") && c.getStackTrace().length > 0
        && c.getStackTrace()[0].getClassName().startsWith("dev.cellar.storage.")) {
      // a row's or an index entry's key past the store's limit (an index on a huge constant)
      return new CellarSqlException(SqlState.STRING_TRUNCATION, msg + ": the values of a key or of an index's "
          + "columns are too long", c);
    }
    if (c instanceof IllegalArgumentException && c.getStackTrace().length > 0
        && c.getStackTrace()[0].getClassName().startsWith("dev.cellar.sql.codec.")) {
      // a value with no stored form, compared with stored ones ("string has an unpaired surrogate")
      return new CellarSqlException(SqlState.DATA_EXCEPTION, "invalid value: " + msg, c);
    }
    if (c.getClass().getName().equals("org.apache.calcite.runtime.CalciteException")) {
      SqlState state = runtimeState(msg);
      return new CellarSqlException(state, state == SqlState.DIVISION_BY_ZERO ? DIVISION_BY_ZERO : msg, c);
    }
    return null;
  }

  /**
   * Whether the compiler's failure {@code t} is a method past the JVM's 64 KB, rather than code
   * that does not compile (a planner defect, left an internal error).
   */
  private static boolean tooLarge(Throwable t) {
    for (Throwable c = t; c != null; c = c.getCause()) {
      if (c.getMessage() != null && c.getMessage().contains("beyond 64 KB")) {
        return true;
      }
    }
    return false;
  }

  /** How Calcite's failure to compile the code it generated for a statement begins. */
  private static final String GENERATED_CODE_FAILED = "Error while compiling generated Java code";

  /** The message of every division by zero, however it was found. */
  public static final String DIVISION_BY_ZERO = "division by zero";

  /** A division by zero (SQLState 22012). */
  public static CellarSqlException divisionByZero() {
    return new CellarSqlException(SqlState.DIVISION_BY_ZERO, DIVISION_BY_ZERO);
  }

  /**
   * A result of {@code operation} ({@code +}, {@code ABS}, {@code SUM}) that {@code type} cannot
   * hold (SQLState 22003).
   */
  public static CellarSqlException outOfRange(String operation, String type) {
    return new CellarSqlException(SqlState.NUMERIC_OUT_OF_RANGE,
        "numeric value out of range: the result of " + operation + " does not fit in " + type);
  }

  /**
   * Java's arithmetic errors: a division by zero (the one arithmetic error Java raises by itself,
   * and the one it may raise without a message), or an overflow of the checked arithmetic of
   * Calcite's runtime ({@code SqlFunctions.checkedPlus} and the others, found on the stack),
   * named by operator and type.
   */
  private static CellarSqlException arithmetic(ArithmeticException a) {
    String msg = a.getMessage() == null ? "" : a.getMessage();
    String lower = msg.toLowerCase(Locale.ROOT);
    if (msg.isEmpty() || lower.contains("zero") || lower.contains("division undefined")) {
      return new CellarSqlException(SqlState.DIVISION_BY_ZERO, DIVISION_BY_ZERO, a);
    }
    String type = lower.startsWith("long overflow") ? "BIGINT"
        : lower.startsWith("integer overflow") ? lower.contains("tinyint") ? "TINYINT"
        : lower.contains("smallint") ? "SMALLINT" : "INTEGER" : null;
    String operation = null;
    for (StackTraceElement f : a.getStackTrace()) {
      if (f.getClassName().equals("org.apache.calcite.runtime.SqlFunctions") && f.getMethodName().startsWith("checked")) {
        operation = switch (f.getMethodName()) {
          case "checkedPlus" -> "+";
          case "checkedMinus" -> "-";
          case "checkedMultiply" -> "*";
          case "checkedDivide" -> "/";
          case "checkedUnaryMinus" -> "unary -";
          default -> null;
        };
        break;
      }
    }
    if (type != null && operation != null) {
      CellarSqlException e = outOfRange(operation, type);
      e.initCause(a);
      return e;
    }
    return new CellarSqlException(SqlState.NUMERIC_OUT_OF_RANGE, "numeric value out of range: " + msg, a);
  }

  private static SqlState validationState(String m) {
    if (m.matches("(?s)(Object|Table) '.*' not found.*")) {
      return SqlState.TABLE_NOT_FOUND;
    }
    if (m.matches("(?s)Column '.*' not found.*") || m.startsWith("Unknown target column")) {
      return SqlState.COLUMN_NOT_FOUND;
    }
    if (m.contains("does not allow NULLs")) {
      return SqlState.NOT_NULL_VIOLATION;
    }
    if (m.startsWith("Numeric literal") && m.contains("out of range")) {
      return SqlState.NUMERIC_OUT_OF_RANGE;
    }
    if (m.contains("Illegal DATE literal") || m.contains("Illegal TIME literal")
        || m.contains("Illegal TIMESTAMP literal")) {
      return SqlState.INVALID_DATETIME;
    }
    return SqlState.SYNTAX_ERROR;
  }

  private static SqlState runtimeState(String m) {
    String lower = m.toLowerCase(Locale.ROOT);
    if (lower.contains("division by zero") || lower.contains("/ by zero") || lower.contains("division undefined")) {
      return SqlState.DIVISION_BY_ZERO;
    }
    if (lower.contains("out of range") || lower.contains("overflow")) {
      return SqlState.NUMERIC_OUT_OF_RANGE;
    }
    if (lower.contains("cast") || lower.contains("invalid")) {
      return SqlState.INVALID_CHARACTER_VALUE_FOR_CAST;
    }
    return SqlState.DATA_EXCEPTION;
  }

  private static String describe(Throwable t) {
    return t.getClass().getSimpleName() + (t.getMessage() == null ? "" : ": " + t.getMessage());
  }
}
