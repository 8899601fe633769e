package dev.cellar.console.shell;

import dev.cellar.storage.Bytes;
import java.util.List;

/**
 * The arguments of one statement, with typed accessors that fail with a message naming the
 * argument and the offset of the value at fault.
 */
final class Args {
  private final Statement statement;

  Args(Statement statement) {
    this.statement = statement;
  }

  /** The command name as written. */
  String command() {
    return statement.command();
  }

  int size() {
    return statement.args().size();
  }

  /** The argument at {@code i}, or {@code null} past the end. */
  Value get(int i) {
    return i < size() ? statement.args().get(i) : null;
  }

  List<Value> all() {
    return statement.args();
  }

  /** Offset where the command's name starts. */
  int pos() {
    return statement.pos();
  }

  /**
   * Checks the argument count.
   *
   * @throws ShellSyntaxException Ruby's "wrong number of arguments (given n, expected m)"
   */
  Args arity(int min, int max) {
    if (size() < min || size() > max) {
      String expected = min == max ? Integer.toString(min) : max == Integer.MAX_VALUE ? min + "+" : min + ".." + max;
      Value at = size() > max ? get(max) : null;
      throw ShellSyntaxException.argument("wrong number of arguments (given " + size() + ", expected " + expected + ")",
          at == null ? pos() : at.pos());
    }
    return this;
  }

  /** A string argument decoded as UTF-8 (names). */
  String string(int i, String what) {
    return text(require(i, what), what);
  }

  /** A byte-string argument (rows, columns, values); a number stands for its decimal digits, as Ruby's to_s. */
  byte[] bytes(int i, String what) {
    return bytes(require(i, what), what);
  }

  /** A whole-number argument. */
  long number(int i, String what) {
    return number(require(i, what), what);
  }

  /** The argument at {@code i} if it is a hash, else {@code null}. */
  Value.Hash hashOrNull(int i) {
    return get(i) instanceof Value.Hash h ? h : null;
  }

  private Value require(int i, String what) {
    Value v = get(i);
    if (v == null) {
      throw ShellSyntaxException.argument("missing " + what, pos());
    }
    return v;
  }

  /** A name: the text of a string or constant. */
  static String text(Value v, String what) {
    if (v instanceof Value.Str s) {
      return s.text();
    }
    if (v instanceof Value.Const c) {
      return c.name();
    }
    throw ShellSyntaxException.argument(what + " must be a string, not " + v.kind(), v);
  }

  /** Bytes of a string, or a number's decimal digits. */
  static byte[] bytes(Value v, String what) {
    if (v instanceof Value.Str s) {
      return s.bytes();
    }
    if (v instanceof Value.Int n) {
      return Bytes.toBytes(Long.toString(n.value()));
    }
    throw ShellSyntaxException.argument(what + " must be a string, not " + v.kind(), v);
  }

  /** A whole number; a string of digits is accepted too, as the HBase shell's settings are. */
  static long number(Value v, String what) {
    if (v instanceof Value.Int n) {
      return n.value();
    }
    if (v instanceof Value.Str s) {
      try {
        return Long.parseLong(s.text().trim());
      } catch (NumberFormatException e) {
        throw ShellSyntaxException.argument(what + " must be a whole number, not '" + s.text() + "'", v);
      }
    }
    throw ShellSyntaxException.argument(what + " must be a whole number, not " + v.kind(), v);
  }

  /** A boolean; the strings 'true' and 'false' are accepted too. */
  static boolean bool(Value v, String what) {
    if (v instanceof Value.Bool b) {
      return b.value();
    }
    if (v instanceof Value.Str s && (s.text().equalsIgnoreCase("true") || s.text().equalsIgnoreCase("false"))) {
      return Boolean.parseBoolean(s.text());
    }
    throw ShellSyntaxException.argument(what + " must be true or false, not " + describe(v), v);
  }

  /** The text the HBase shell would pass on for a setting value: strings, numbers and booleans. */
  static String scalar(Value v, String what) {
    if (v instanceof Value.Str s) {
      return s.text();
    }
    if (v instanceof Value.Int n) {
      return Long.toString(n.value());
    }
    if (v instanceof Value.Bool b) {
      return Boolean.toString(b.value());
    }
    if (v instanceof Value.Const c) {
      return c.name();
    }
    throw ShellSyntaxException.argument(what + " must be a string, number or boolean, not " + v.kind(), v);
  }

  /** An array's items; a single value counts as an array of one. */
  static List<Value> list(Value v) {
    return v instanceof Value.Arr a ? a.items() : List.of(v);
  }

  private static String describe(Value v) {
    return v instanceof Value.Str s ? "'" + s.text() + "'" : v.kind();
  }
}
