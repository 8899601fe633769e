package dev.cellar.benchmarks.storage;

import java.lang.management.ManagementFactory;
import java.util.List;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

/**
 * JMH profiler that charges each iteration the CPU time of the whole benchmark JVM (benchmark
 * threads, the engine's background threads, GC and JIT) and reports it per operation, plus
 * operations per CPU-second. On a shared machine, where wall-clock throughput mostly measures
 * how much of a core the benchmark was given, CPU time per operation is the steadier figure.
 *
 * <p>Use with {@code -prof dev.cellar.benchmarks.storage.CpuProfiler}. Like JMH's GC profiler
 * it divides by all operations of the iteration; CPU spent in per-invocation setup (the put
 * benchmarks open a store per invocation) is included.
 */
public final class CpuProfiler implements InternalProfiler {
  private final com.sun.management.OperatingSystemMXBean os =
      (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
  private long cpuStart;
  private long wallStart;

  @Override
  public String getDescription() {
    return "CPU time of the benchmark JVM per operation, operations per CPU-second, cores used";
  }

  @Override
  public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
    cpuStart = os.getProcessCpuTime();
    wallStart = System.nanoTime();
  }

  @Override
  public List<? extends Result> afterIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams,
      IterationResult result) {
    long cpu = os.getProcessCpuTime() - cpuStart;
    long wall = System.nanoTime() - wallStart;
    long ops = result.getMetadata().getAllOps();
    if (cpu <= 0 || wall <= 0 || ops <= 0) {
      return List.of();
    }
    return List.of(
        new ScalarResult("cpu.ns/op", (double) cpu / ops, "ns/op", AggregationPolicy.AVG),
        new ScalarResult("ops/cpu-s", ops / (cpu / 1e9), "ops/cpu-s", AggregationPolicy.AVG),
        new ScalarResult("cores", (double) cpu / wall, "cores", AggregationPolicy.AVG));
  }
}
