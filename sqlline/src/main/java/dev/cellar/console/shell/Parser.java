package dev.cellar.console.shell;

import dev.cellar.console.shell.Token.Kind;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Parses shell input into {@link Statement}s. The grammar is the part of Ruby the HBase shell's
 * commands are written in:
 *
 * <pre>
 * input     := statement? (';' statement?)*
 * statement := NAME ( '(' arguments? ')' | arguments? )
 * arguments := argument (',' argument)*
 * argument  := value | value '=>' value          -- trailing pairs form one hash
 * value     := STRING | NUMBER | NAME | array | hash
 * array     := '[' (value (',' value)* ','?)? ']'
 * hash      := '{' (value '=>' value (',' value '=>' value)* ','?)? '}'
 * </pre>
 *
 * Names as values: {@code true}, {@code false}, {@code nil}, or an upper-case constant such as
 * {@code VERSIONS} (which stands for its own name). Errors carry the offending token's offset;
 * input that ends in the middle of a statement is reported as incomplete.
 */
final class Parser {
  private final List<Token> tokens;
  private int i;

  private Parser(List<Token> tokens) {
    this.tokens = tokens;
  }

  /**
   * Parses every statement of {@code src}.
   *
   * @throws ShellSyntaxException at the offending token
   */
  static List<Statement> parse(String src) {
    Parser p = new Parser(Lexer.tokenize(src));
    return p.input();
  }

  private List<Statement> input() {
    List<Statement> out = new ArrayList<>();
    while (true) {
      Token t = peek();
      if (t.kind() == Kind.EOF) {
        return out;
      }
      if (t.kind() == Kind.SEMICOLON) {
        i++;
        continue;
      }
      out.add(statement());
      Token end = peek();
      if (end.kind() == Kind.SEMICOLON) {
        i++;
      } else if (end.kind() != Kind.EOF) {
        throw unexpected(end, "',' or the end of the command");
      }
    }
  }

  private Statement statement() {
    Token name = peek();
    if (name.kind() != Kind.IDENT) {
      throw unexpected(name, "a command name such as create, put, get or scan (try help)");
    }
    i++;
    List<Value> args = new ArrayList<>();
    Token t = peek();
    if (t.kind() == Kind.LPAREN && t.start() == name.end()) {
      i++;
      if (peek().kind() != Kind.RPAREN) {
        arguments(args, Kind.RPAREN);
      }
      expect(Kind.RPAREN, "',' or ')'");
    } else if (startsValue(t)) {
      arguments(args, Kind.EOF);
    }
    return new Statement(name.text(), name.start(), args);
  }

  private void arguments(List<Value> args, Kind closer) {
    Value.Hash trailing = null;
    while (true) {
      Value v = value();
      if (peek().kind() == Kind.ARROW) {
        i++;
        Value val = value();
        if (trailing == null) {
          trailing = new Value.Hash(new ArrayList<>(), v.pos());
          args.add(trailing);
        }
        trailing.pairs().add(new Value.Pair(v, val));
      } else {
        if (trailing != null) {
          throw ShellSyntaxException.syntax("a plain argument cannot follow KEY => value pairs; put the pairs last"
              + " or in braces { }", v.pos());
        }
        args.add(v);
      }
      Token sep = peek();
      if (sep.kind() != Kind.COMMA) {
        if (sep.kind() == Kind.EOF && closer != Kind.EOF) {
          throw ShellSyntaxException.incomplete("unclosed '(' of the argument list", sep.start());
        }
        return;
      }
      i++;
      if (peek().kind() == Kind.EOF) {
        throw ShellSyntaxException.incomplete("argument list ends with ','", peek().start());
      }
    }
  }

  private Value value() {
    Token t = next();
    switch (t.kind()) {
      case STRING:
        byte[] bytes = (byte[]) t.value();
        boolean verbatim = new String(bytes, StandardCharsets.UTF_8).length() == t.text().length() - 2;
        return new Value.Str(bytes, t.start(), verbatim);
      case INTEGER:
        return new Value.Int((Long) t.value(), t.start());
      case FLOAT:
        return new Value.Flt((Double) t.value(), t.start());
      case IDENT:
        return name(t);
      case LBRACKET:
        return array(t);
      case LBRACE:
        return hash(t);
      case EOF:
        throw ShellSyntaxException.incomplete("expected a value", t.start());
      default:
        throw unexpected(t, "a value (a 'string', a number, [array] or {hash})");
    }
  }

  private Value name(Token t) {
    switch (t.text()) {
      case "true":
        return new Value.Bool(true, t.start());
      case "false":
        return new Value.Bool(false, t.start());
      case "nil":
        return new Value.Nil(t.start());
      default:
        if (Character.isUpperCase(t.text().charAt(0))) {
          return new Value.Const(t.text(), t.start());
        }
        throw ShellSyntaxException.syntax("undefined name '" + t.text() + "'; quote strings as '" + t.text() + "'",
            t.start());
    }
  }

  private Value array(Token open) {
    List<Value> items = new ArrayList<>();
    while (true) {
      if (peek().kind() == Kind.RBRACKET) {
        i++;
        return new Value.Arr(items, open.start());
      }
      items.add(value());
      Token sep = next();
      if (sep.kind() == Kind.RBRACKET) {
        return new Value.Arr(items, open.start());
      }
      if (sep.kind() == Kind.EOF) {
        throw ShellSyntaxException.incomplete("unclosed '['", open.start());
      }
      if (sep.kind() != Kind.COMMA) {
        throw unexpected(sep, "',' or ']'");
      }
    }
  }

  private Value hash(Token open) {
    List<Value.Pair> pairs = new ArrayList<>();
    while (true) {
      if (peek().kind() == Kind.RBRACE) {
        i++;
        return new Value.Hash(pairs, open.start());
      }
      Value key = value();
      Token arrow = next();
      if (arrow.kind() == Kind.EOF) {
        throw ShellSyntaxException.incomplete("unclosed '{'", open.start());
      }
      if (arrow.kind() != Kind.ARROW) {
        throw unexpected(arrow, "'=>' after the hash key");
      }
      pairs.add(new Value.Pair(key, value()));
      Token sep = next();
      if (sep.kind() == Kind.RBRACE) {
        return new Value.Hash(pairs, open.start());
      }
      if (sep.kind() == Kind.EOF) {
        throw ShellSyntaxException.incomplete("unclosed '{'", open.start());
      }
      if (sep.kind() != Kind.COMMA) {
        throw unexpected(sep, "',' or '}'");
      }
    }
  }

  private static boolean startsValue(Token t) {
    switch (t.kind()) {
      case STRING:
      case INTEGER:
      case FLOAT:
      case IDENT:
      case LBRACKET:
      case LBRACE:
        return true;
      default:
        return false;
    }
  }

  private Token peek() {
    return tokens.get(i);
  }

  private Token next() {
    Token t = tokens.get(i);
    if (t.kind() != Kind.EOF) {
      i++;
    }
    return t;
  }

  private void expect(Kind kind, String what) {
    Token t = next();
    if (t.kind() != kind) {
      throw unexpected(t, what);
    }
  }

  private static ShellSyntaxException unexpected(Token t, String expected) {
    if (t.kind() == Kind.EOF) {
      return ShellSyntaxException.incomplete("unexpected end of input, expected " + expected, t.start());
    }
    return ShellSyntaxException.syntax("unexpected " + t.describe() + ", expected " + expected, t.start());
  }
}
