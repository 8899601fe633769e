package dev.cellar.console.shell;

import dev.cellar.console.shell.Token.Kind;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Splits a statement into {@link Token}s: the Ruby literals the HBase shell's commands take.
 *
 * <ul>
 *   <li>{@code 'single'} quotes: only {@code \'} and {@code \\} are escapes, as in Ruby.</li>
 *   <li>{@code "double"} quotes: {@code \n \t \r \0 \s \e \a \b \f \v \\ \"}, {@code \xNN}
 *       (one raw byte, the form {@code toStringBinary} prints), octal {@code \NNN} and
 *       <code>&#92;uNNNN</code> / <code>&#92;u{...}</code>; {@code #{...}} interpolation is rejected.</li>
 *   <li>numbers: {@code 42}, {@code -7}, {@code 1_000}, {@code 0x1F}, {@code 2.5}, {@code 1e3}.</li>
 *   <li>names ({@code VERSIONS}, {@code true}), {@code =>}, {@code , ; { } [ ] ( )}, and
 *       {@code #} comments to the end of the line.</li>
 * </ul>
 */
final class Lexer {
  private final String src;
  private int pos;

  private Lexer(String src) {
    this.src = src;
  }

  /**
   * Tokenizes {@code src}; the list ends with an {@link Kind#EOF} token.
   *
   * @throws ShellSyntaxException at the first character that starts no token; marked
   *     incomplete for an unterminated string
   */
  static List<Token> tokenize(String src) {
    Lexer l = new Lexer(src);
    List<Token> out = new ArrayList<>();
    Token t;
    do {
      t = l.next();
      out.add(t);
    } while (t.kind() != Kind.EOF);
    return out;
  }

  private Token next() {
    skipSpaceAndComments();
    int start = pos;
    if (pos >= src.length()) {
      return new Token(Kind.EOF, "", null, start, start);
    }
    char c = src.charAt(pos);
    switch (c) {
      case '\'':
      case '"':
        return string(c);
      case '=':
        if (pos + 1 < src.length() && src.charAt(pos + 1) == '>') {
          pos += 2;
          return new Token(Kind.ARROW, "=>", null, start, pos);
        }
        throw ShellSyntaxException.syntax("unexpected '='; a hash entry is written KEY => value", start);
      case ',':
        return punct(Kind.COMMA);
      case ';':
        return punct(Kind.SEMICOLON);
      case '{':
        return punct(Kind.LBRACE);
      case '}':
        return punct(Kind.RBRACE);
      case '[':
        return punct(Kind.LBRACKET);
      case ']':
        return punct(Kind.RBRACKET);
      case '(':
        return punct(Kind.LPAREN);
      case ')':
        return punct(Kind.RPAREN);
      default:
        break;
    }
    if (isDigit(c) || ((c == '-' || c == '+') && pos + 1 < src.length() && isDigit(src.charAt(pos + 1)))) {
      return number();
    }
    if (Character.isLetter(c) || c == '_') {
      while (pos < src.length() && (Character.isLetterOrDigit(src.charAt(pos)) || src.charAt(pos) == '_')) {
        pos++;
      }
      String name = src.substring(start, pos);
      return new Token(Kind.IDENT, name, null, start, pos);
    }
    if (c == ':') {
      throw ShellSyntaxException.syntax("unexpected ':'; symbols are not supported, quote the name instead", start);
    }
    throw ShellSyntaxException.syntax("unexpected character '" + printable(c) + "'", start);
  }

  private void skipSpaceAndComments() {
    while (pos < src.length()) {
      char c = src.charAt(pos);
      if (c == '#') {
        while (pos < src.length() && src.charAt(pos) != '\n') {
          pos++;
        }
      } else if (Character.isWhitespace(c)) {
        pos++;
      } else {
        return;
      }
    }
  }

  private Token punct(Kind kind) {
    pos++;
    return new Token(kind, src.substring(pos - 1, pos), null, pos - 1, pos);
  }

  private Token number() {
    int start = pos;
    boolean negative = false;
    if (src.charAt(pos) == '-' || src.charAt(pos) == '+') {
      negative = src.charAt(pos) == '-';
      pos++;
    }
    if (src.startsWith("0x", pos) || src.startsWith("0X", pos)) {
      pos += 2;
      int digits = pos;
      while (pos < src.length() && (Character.digit(src.charAt(pos), 16) >= 0 || src.charAt(pos) == '_')) {
        pos++;
      }
      String hex = src.substring(digits, pos).replace("_", "");
      if (hex.isEmpty()) {
        throw ShellSyntaxException.syntax("hexadecimal number without digits", start);
      }
      return integer(start, (negative ? "-" : "") + hex, 16);
    }
    digits();
    boolean fraction = false;
    if (pos + 1 < src.length() && src.charAt(pos) == '.' && isDigit(src.charAt(pos + 1))) {
      fraction = true;
      pos++;
      digits();
    }
    if (pos < src.length() && (src.charAt(pos) == 'e' || src.charAt(pos) == 'E')) {
      int save = pos;
      pos++;
      if (pos < src.length() && (src.charAt(pos) == '-' || src.charAt(pos) == '+')) {
        pos++;
      }
      if (pos < src.length() && isDigit(src.charAt(pos))) {
        fraction = true;
        digits();
      } else {
        pos = save;
      }
    }
    if (pos < src.length() && (Character.isLetter(src.charAt(pos)) || src.charAt(pos) == '_')) {
      throw ShellSyntaxException.syntax("unexpected '" + src.charAt(pos) + "' after a number", pos);
    }
    String text = src.substring(start, pos).replace("_", "");
    if (fraction) {
      return new Token(Kind.FLOAT, src.substring(start, pos), Double.parseDouble(text), start, pos);
    }
    return integer(start, text, 10);
  }

  private Token integer(int start, String digits, int radix) {
    try {
      return new Token(Kind.INTEGER, src.substring(start, pos), Long.parseLong(digits, radix), start, pos);
    } catch (NumberFormatException e) {
      throw ShellSyntaxException.syntax("number " + src.substring(start, pos) + " does not fit in 64 bits", start);
    }
  }

  private void digits() {
    while (pos < src.length() && (isDigit(src.charAt(pos)) || (src.charAt(pos) == '_' && pos + 1 < src.length()
        && isDigit(src.charAt(pos + 1))))) {
      pos++;
    }
  }

  private Token string(char quote) {
    int start = pos;
    pos++;
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    StringBuilder plain = new StringBuilder();
    while (true) {
      if (pos >= src.length()) {
        throw ShellSyntaxException.incomplete("unterminated string starting here", start);
      }
      char c = src.charAt(pos);
      if (c == quote) {
        pos++;
        flush(plain, bytes);
        return new Token(Kind.STRING, src.substring(start, pos), bytes.toByteArray(), start, pos);
      }
      if (c == '\\' && pos + 1 < src.length()) {
        if (quote == '\'') {
          char n = src.charAt(pos + 1);
          if (n == '\'' || n == '\\') {
            plain.append(n);
            pos += 2;
          } else {
            plain.append(c);
            pos++;
          }
        } else {
          escape(plain, bytes);
        }
        continue;
      }
      if (quote == '"' && c == '#' && pos + 1 < src.length() && src.charAt(pos + 1) == '{') {
        throw ShellSyntaxException.syntax("string interpolation #{...} is not supported; write \\#{ for a literal", pos);
      }
      plain.append(c);
      pos++;
    }
  }

  /** Reads one escape of a double-quoted string, at {@code pos} (a backslash). */
  private void escape(StringBuilder plain, ByteArrayOutputStream bytes) {
    int at = pos;
    char n = src.charAt(pos + 1);
    pos += 2;
    switch (n) {
      case 'n' -> plain.append('\n');
      case 't' -> plain.append('\t');
      case 'r' -> plain.append('\r');
      case 's' -> plain.append(' ');
      case 'e' -> plain.append('\u001b');
      case 'a' -> plain.append('\u0007');
      case 'b' -> plain.append('\b');
      case 'f' -> plain.append('\f');
      case 'v' -> plain.append('\u000b');
      case 'x' -> {
        int v = hexDigits(2);
        if (v < 0) {
          throw ShellSyntaxException.syntax("invalid hex escape: \\x must be followed by one or two hex digits", at);
        }
        flush(plain, bytes);
        bytes.write(v);
      }
      case 'u' -> {
        int cp;
        if (pos < src.length() && src.charAt(pos) == '{') {
          int close = src.indexOf('}', pos);
          if (close < 0) {
            throw ShellSyntaxException.syntax("invalid Unicode escape: missing '}'", at);
          }
          cp = parseCodePoint(src.substring(pos + 1, close).trim(), at);
          pos = close + 1;
        } else {
          if (pos + 4 > src.length()) {
            throw ShellSyntaxException.syntax("invalid Unicode escape: \\u must be followed by four hex digits", at);
          }
          cp = parseCodePoint(src.substring(pos, pos + 4), at);
          pos += 4;
        }
        plain.appendCodePoint(cp);
      }
      default -> {
        if (n >= '0' && n <= '7') {
          int v = n - '0';
          for (int i = 0; i < 2 && pos < src.length() && src.charAt(pos) >= '0' && src.charAt(pos) <= '7'; i++) {
            v = v * 8 + (src.charAt(pos++) - '0');
          }
          flush(plain, bytes);
          bytes.write(v & 0xff);
        } else {
          // Ruby: any other escaped character stands for itself (\\ \" \# \' ...).
          plain.append(n);
        }
      }
    }
  }

  private int hexDigits(int max) {
    int v = 0;
    int n = 0;
    while (n < max && pos < src.length() && Character.digit(src.charAt(pos), 16) >= 0) {
      v = v * 16 + Character.digit(src.charAt(pos), 16);
      pos++;
      n++;
    }
    return n == 0 ? -1 : v;
  }

  private static int parseCodePoint(String hex, int at) {
    try {
      int cp = Integer.parseInt(hex, 16);
      if (hex.isEmpty() || hex.startsWith("-") || hex.startsWith("+") || !Character.isValidCodePoint(cp)) {
        throw new NumberFormatException();
      }
      return cp;
    } catch (NumberFormatException e) {
      throw ShellSyntaxException.syntax("invalid Unicode escape '" + hex + "'", at);
    }
  }

  private static void flush(StringBuilder plain, ByteArrayOutputStream bytes) {
    if (plain.length() > 0) {
      bytes.writeBytes(plain.toString().getBytes(StandardCharsets.UTF_8));
      plain.setLength(0);
    }
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  private static String printable(char c) {
    return c >= ' ' && c < 0x7f ? String.valueOf(c) : String.format(Locale.ROOT, "\\u%04x", (int) c);
  }
}
