#!/usr/bin/env bash
# Builds the benchmark jar and runs the storage benchmarks (about 9 minutes on 2 cores).
# Usage: benchmarks/run-storage-benchmarks.sh [benchmark regexp] [extra JMH options]
# e.g.   benchmarks/run-storage-benchmarks.sh 'GetBenchmark' -prof stack
# Runs with -prof gc (bytes allocated per op) and CpuProfiler (CPU time per op, ops per CPU-second).
# The load average is printed before and after: other processes on the machine skew wall-clock figures.
set -euo pipefail
cd "$(dirname "$0")/.."
filter="${1:-dev.cellar.benchmarks.storage.(Put|Get|Scan|SyncedWrite)Benchmark}"
shift || true
mvn -q -B -DskipTests package -pl benchmarks -am
echo "load before: $(cat /proc/loadavg)"
java -jar benchmarks/target/benchmarks.jar "$filter" \
  -f 1 -wi 2 -i 3 -w 5s -r 5s -prof gc -prof dev.cellar.benchmarks.storage.CpuProfiler \
  -rf json -rff benchmarks/target/storage-results.json "$@"
echo "load after: $(cat /proc/loadavg)"
