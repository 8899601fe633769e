/**
 * The storage API over an Apache HBase cluster.
 */
package dev.cellar.storage.hbase;
