package dev.cellar.console.shell;

/**
 * One shell command: its name, help group, help text and body.
 *
 * @param name the name typed at the prompt
 * @param group the help group: general, ddl, dml or tools
 * @param help the text {@code help "name"} prints: what it does, then examples
 * @param timed whether {@code Took S seconds} follows its output
 * @param body what it does
 */
record CommandSpec(String name, String group, String help, boolean timed, Body body) {
  /** Runs a command. */
  @FunctionalInterface
  interface Body {
    /**
     * Runs the command and prints its output.
     *
     * @return the Ruby value the HBase shell would echo after {@code Took} ({@code => value}),
     *     or {@code null} for none
     */
    String run(Args args, Session session);
  }

  /** A timed command. */
  static CommandSpec of(String name, String group, String help, Body body) {
    return new CommandSpec(name, group, help, true, body);
  }
}
