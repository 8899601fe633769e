/**
 * The seed schemas end to end: raw layouts, data generators and queries.
 */
package dev.cellar.examples;
