package dev.cellar.sql.codec;

/**
 * Thrown by the codecs for a value of a Java class that is no value of the type it is given for
 * (a String for a BIGINT column): the caller, which knows the column, says so in SQL terms.
 */
public final class WrongValueType extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  WrongValueType(String message) {
    super(message);
  }
}
