/** {@code cellar lint}: the schema advice on a database's tables, printed for a person or a script. */
package dev.cellar.console.lint;
