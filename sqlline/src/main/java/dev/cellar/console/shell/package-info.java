/**
 * {@code cellar shell}: the HBase shell's syntax over an embedded Cellar store.
 *
 * <p>Input is the part of Ruby the HBase shell's commands are written in: {@link Lexer} makes
 * {@link Token}s, {@link Parser} makes {@link Statement}s of {@link Value}s, and errors carry
 * the offset of the offending token ({@link ShellSyntaxException}). {@link Commands} maps names
 * to {@link CommandSpec}s, grouped as in HBase's help: {@link TableCommands} (ddl),
 * {@link DataCommands} (dml) and {@link RegionCommands} (tools); {@link FilterParser} reads the
 * filter language of {@code FILTER => "..."}. {@link Shell} is the loop,
 * {@link Output} prints in the HBase shell's format, and {@link ShellMain} is the entry point
 * of {@code cellar shell}. The supported commands are listed in {@code sqlline/docs/shell.md}.
 */
package dev.cellar.console.shell;
