/**
 * {@code cellar load} and {@code cellar export}: files loaded into and exported from a database
 * by its {@code COPY} statement, with their progress ({@link dev.cellar.console.load.ProgressLine})
 * read from the system table {@code CELLAR.OPERATIONS}.
 */
package dev.cellar.console.load;
