package dev.cellar.sql.codec;

/**
 * Thrown by the codecs for text that is a number, but one its type cannot hold ({@code
 * 99999999999} for an INTEGER): the caller, which knows the column, says so with SQLState 22003
 * rather than as text that is no number.
 */
public final class ValueOutOfRange extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  ValueOutOfRange(String message) {
    super(message);
  }
}
