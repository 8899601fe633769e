/**
 * The console: SQLLine on the driver and the storage shell.
 */
package dev.cellar.console;
