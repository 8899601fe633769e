/**
 * Regions and their family stores: the write path into memstores, flushes into store files,
 * and the read path that merges memstores and files and applies versions, TTL and delete
 * markers exactly as HBase does.
 */
package dev.cellar.storage.region;
