/**
 * Calcite adapter: catalog, column mapping, key codecs, planner rules, DDL and DML.
 */
package dev.cellar.sql;
