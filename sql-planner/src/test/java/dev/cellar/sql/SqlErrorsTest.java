package dev.cellar.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cellar.storage.StorageException;
import dev.cellar.storage.StorageTimeoutException;
import org.junit.jupiter.api.Test;

class SqlErrorsTest {
  @Test
  void storageErrorsKeepTheirStates() {
    StorageTimeoutException timeout = new StorageTimeoutException("HBase did not answer in time: cannot scan table 'S'", null);
    CellarSqlException t = SqlErrors.translate(new RuntimeException("wrapped", timeout));
    assertEquals("HYT00", t.sqlState());
    assertEquals(timeout.getMessage(), t.getMessage());
    assertEquals("58030", SqlErrors.translate(new StorageException("disk failed")).sqlState());
  }
  private static NumberFormatException thrownBy(Runnable parse) {
    try {
      parse.run();
    } catch (NumberFormatException e) {
      return e;
    }
    throw new AssertionError("the parser accepted its text");
  }

  /** Text that is not a number: 22018, its message in the user's terms, not in Java's parsers'. */
  @Test
  void textThatIsNotANumberIsNamedWithoutJavasWording() {
    String[] expected = {
        "invalid number: 'abc' is not a number",
        "invalid number: '1.5x' is not a number",
        "invalid number: 'z' is not a digit, a decimal point or an exponent",
        "invalid number: the text has no digits"};
    NumberFormatException[] thrown = {
        thrownBy(() -> Integer.parseInt("abc")),
        thrownBy(() -> Double.parseDouble("1.5x")),
        thrownBy(() -> new java.math.BigDecimal("zz")),
        thrownBy(() -> new java.math.BigDecimal(""))};
    for (int i = 0; i < expected.length; i++) {
      CellarSqlException e = SqlErrors.translate(new RuntimeException("wrapped", thrown[i]));
      assertEquals("22018", e.sqlState());
      assertEquals(expected[i], e.getMessage(), thrown[i].getMessage());
    }
    CellarSqlException big = SqlErrors.translate(thrownBy(() -> Long.parseLong("99999999999999999999")));
    assertEquals("22003", big.sqlState());
    assertEquals("numeric value out of range: 99999999999999999999 does not fit the integer type it is read as",
        big.getMessage());
    assertEquals("invalid number: spaces around the number",
        SqlErrors.translate(new NumberFormatException("spaces around the number")).getMessage());
  }
}
