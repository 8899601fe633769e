package dev.cellar.console.shell;

/**
 * A statement the shell cannot read, or an argument a command cannot take. Carries the offset
 * in the statement of the offending token (or -1 when no single token is at fault), so that
 * the error can be shown with a caret under it.
 */
final class ShellSyntaxException extends RuntimeException {
  private final int offset;
  private final boolean incomplete;
  private final boolean syntax;

  private ShellSyntaxException(String message, int offset, boolean incomplete, boolean syntax) {
    super(message);
    this.offset = offset;
    this.incomplete = incomplete;
    this.syntax = syntax;
  }

  /** The statement is malformed at {@code offset}. */
  static ShellSyntaxException syntax(String message, int offset) {
    return new ShellSyntaxException(message, offset, false, true);
  }

  /** The statement stops in the middle (open string or bracket, trailing comma): more input may complete it. */
  static ShellSyntaxException incomplete(String message, int offset) {
    return new ShellSyntaxException(message, offset, true, true);
  }

  /** A well-formed argument a command cannot take. */
  static ShellSyntaxException argument(String message, int offset) {
    return new ShellSyntaxException(message, offset, false, false);
  }

  /** A well-formed argument a command cannot take, located by the value at fault. */
  static ShellSyntaxException argument(String message, Value at) {
    return argument(message, at == null ? -1 : at.pos());
  }

  /** Offset of the offending token in the statement, or -1. */
  int offset() {
    return offset;
  }

  /** Whether more input could complete the statement. */
  boolean isIncomplete() {
    return incomplete;
  }

  /** Whether this is a syntax error (as opposed to a bad argument of a well-formed statement). */
  boolean isSyntax() {
    return syntax;
  }
}
