package dev.cellar.console.shell;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A literal of the shell's Ruby subset, as the {@link Parser} builds it. Every value keeps the
 * offset in the statement where it starts, so that errors about it can point at it.
 */
sealed interface Value {
  /** Offset of the value's first character in the statement text. */
  int pos();

  /** How the value is named in error messages: "a string", "an array", .... */
  String kind();

  /**
   * A quoted string; its bytes are what Ruby would make of the literal (escapes applied).
   * {@code verbatim} when the literal had no escape, so that character {@code i} of its text
   * is at offset {@code pos + 1 + i} of the statement.
   */
  record Str(byte[] bytes, int pos, boolean verbatim) implements Value {
    /** The bytes decoded as UTF-8: table, family and setting names. */
    String text() {
      return new String(bytes, StandardCharsets.UTF_8);
    }

    @Override
    public String kind() {
      return "a string";
    }
  }

  /** A whole number. */
  record Int(long value, int pos) implements Value {
    @Override
    public String kind() {
      return "a number";
    }
  }

  /** A number with a fraction or exponent. */
  record Flt(double value, int pos) implements Value {
    @Override
    public String kind() {
      return "a number";
    }
  }

  /** {@code true} or {@code false}. */
  record Bool(boolean value, int pos) implements Value {
    @Override
    public String kind() {
      return "a boolean";
    }
  }

  /** {@code nil}. */
  record Nil(int pos) implements Value {
    @Override
    public String kind() {
      return "nil";
    }
  }

  /**
   * A bare upper-case name such as {@code VERSIONS}. As in the HBase shell, where each such
   * constant holds its own name, it stands for the string of its name.
   */
  record Const(String name, int pos) implements Value {
    @Override
    public String kind() {
      return "a constant";
    }
  }

  /** {@code [v, ...]}. */
  record Arr(List<Value> items, int pos) implements Value {
    @Override
    public String kind() {
      return "an array";
    }
  }

  /** {@code {k => v, ...}}, or the bare {@code k => v, ...} pairs that end an argument list. */
  record Hash(List<Pair> pairs, int pos) implements Value {
    @Override
    public String kind() {
      return "a hash";
    }
  }

  /** One {@code key => value} entry of a {@link Hash}. */
  record Pair(Value key, Value value) {
    /** The key as a name: a string's text or a constant's name; {@code null} for other keys. */
    String name() {
      if (key instanceof Str s) {
        return s.text();
      }
      if (key instanceof Const c) {
        return c.name();
      }
      return null;
    }
  }
}
