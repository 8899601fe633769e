/**
 * Planner rules, one per access path or pushdown: filters into key ranges and storage filters,
 * projections, limits, reversed scans, index order, aggregates in the scan, lookup joins,
 * semi-joins, snapshot reads, and the converter rule. {@link dev.cellar.sql.rules.CellarRules}
 * lists them. May import {@code rel}, {@code keyrange}, {@code schema}, {@code exec},
 * {@code catalog} and {@code codec}.
 */
package dev.cellar.sql.rules;
