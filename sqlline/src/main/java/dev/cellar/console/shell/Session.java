package dev.cellar.console.shell;

import dev.cellar.storage.Admin;
import dev.cellar.storage.CellarStore;
import dev.cellar.storage.Table;

/** What commands run against: the open store and the output. */
final class Session {
  private final CellarStore store;
  private final Output out;

  Session(CellarStore store, Output out) {
    this.store = store;
    this.out = out;
  }

  Admin admin() {
    return store.admin();
  }

  Output out() {
    return out;
  }

  /**
   * The name of an existing table, given as argument {@code i}.
   *
   * @throws ShellSyntaxException {@code Unknown table t!}, pointing at the argument
   */
  String existingTable(Args a, int i) {
    String name = a.string(i, "table name");
    if (!store.admin().tableExists(name)) {
      throw ShellSyntaxException.argument("Unknown table " + name + "!", a.get(i));
    }
    return name;
  }

  /** The table named by argument {@code i}. */
  Table table(Args a, int i) {
    return store.table(existingTable(a, i));
  }
}
