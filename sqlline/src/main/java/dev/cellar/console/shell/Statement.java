package dev.cellar.console.shell;

import java.util.List;

/**
 * One parsed shell statement: a command name and its arguments.
 *
 * @param command the command's name as written
 * @param pos offset of the name in the statement text
 * @param args the arguments; trailing {@code KEY => value} pairs form one {@link Value.Hash}
 */
record Statement(String command, int pos, List<Value> args) {}
