/**
 * JMH micro-benchmarks and end-to-end workload runners; see {@code benchmarks/README.md}.
 */
package dev.cellar.benchmarks;
