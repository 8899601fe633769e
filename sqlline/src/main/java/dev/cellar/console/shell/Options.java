package dev.cellar.console.shell;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code KEY => value} options of a command, read key by key. {@link #finish} rejects any
 * key no one asked for, naming it, so that a misspelt option is an error rather than ignored.
 */
final class Options {
  private final String command;
  private final Map<String, Value.Pair> remaining = new LinkedHashMap<>();

  /** Options from {@code hash}; {@code null} gives no options. */
  Options(String command, Value.Hash hash) {
    this.command = command;
    if (hash != null) {
      for (Value.Pair p : hash.pairs()) {
        String name = p.name();
        if (name == null) {
          throw ShellSyntaxException.argument("option names must be strings or constants, not " + p.key().kind(),
              p.key());
        }
        if (remaining.put(name, p) != null) {
          throw ShellSyntaxException.argument("option " + name + " is given twice", p.key());
        }
      }
    }
  }

  /** Whether {@code key} is present (and not yet taken). */
  boolean has(String key) {
    return remaining.containsKey(key);
  }

  /** Removes and returns the value of {@code key}, or {@code null}. */
  Value take(String key) {
    Value.Pair p = remaining.remove(key);
    return p == null ? null : p.value();
  }

  String string(String key) {
    Value v = take(key);
    return v == null ? null : Args.text(v, key);
  }

  byte[] bytes(String key) {
    Value v = take(key);
    return v == null ? null : Args.bytes(v, key);
  }

  Long number(String key) {
    Value v = take(key);
    return v == null ? null : Args.number(v, key);
  }

  Boolean bool(String key) {
    Value v = take(key);
    return v == null ? null : Args.bool(v, key);
  }

  /** An array option; a single value counts as one item. */
  List<Value> list(String key) {
    Value v = take(key);
    return v == null ? null : Args.list(v);
  }

  /**
   * Fails on the first option not taken.
   *
   * @param known the options the command accepts, for the message
   */
  void finish(String known) {
    for (Value.Pair p : remaining.values()) {
      throw ShellSyntaxException.argument("unknown option " + p.name() + " for " + command + "; known: " + known,
          p.key());
    }
  }
}
