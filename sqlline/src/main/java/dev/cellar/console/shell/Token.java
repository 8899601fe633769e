package dev.cellar.console.shell;

/**
 * One token of a shell statement.
 *
 * @param kind what the token is
 * @param text the characters it was read from
 * @param value the literal it denotes: bytes of a string, a {@code Long} or {@code Double};
 *     {@code null} for other kinds
 * @param start offset of its first character
 * @param end offset after its last character
 */
record Token(Kind kind, String text, Object value, int start, int end) {
  /** Token kinds. */
  enum Kind {
    STRING,
    INTEGER,
    FLOAT,
    IDENT,
    ARROW,
    COMMA,
    SEMICOLON,
    LBRACE,
    RBRACE,
    LBRACKET,
    RBRACKET,
    LPAREN,
    RPAREN,
    EOF
  }

  /** How the token is shown in "unexpected ..." messages. */
  String describe() {
    switch (kind) {
      case EOF:
        return "end of input";
      case STRING:
        return "string " + (text.length() > 20 ? text.substring(0, 17) + "..." : text);
      case INTEGER:
      case FLOAT:
        return "number " + text;
      case IDENT:
        return "name '" + text + "'";
      default:
        return "'" + text + "'";
    }
  }
}
