/**
 * Plans run without generated code: {@link dev.cellar.sql.interp.PlanInterpreter} evaluates the
 * simple plans of most ad-hoc statements (one table's storage request or a {@code VALUES}, under
 * filters, projections, aggregates, sorts and limits) with the runtime methods the generated code calls, so
 * that a statement of a shape never seen before needs no Java compiled for it. May use
 * {@code rel} (the storage request) and {@code runtime}.
 */
package dev.cellar.sql.interp;
