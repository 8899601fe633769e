/**
 * Reading at run time: {@link dev.cellar.sql.runtime.CellarEnumerator} runs an access path's
 * scans and gets, {@link dev.cellar.sql.runtime.IndexLookupEnumerator} reads through an index,
 * {@link dev.cellar.sql.runtime.ScanAggregator} and {@link dev.cellar.sql.runtime.LeanFold} aggregate
 * in the scan; checked sums and arithmetic the generated code calls. May import {@code keyrange},
 * {@code profile}, {@code exec}, {@code catalog}, {@code codec} and the storage API.
 */
package dev.cellar.sql.runtime;
