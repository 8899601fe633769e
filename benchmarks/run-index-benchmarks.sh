#!/usr/bin/env bash
# Builds the benchmark jar, loads the Sales tables (once per row count, shared with
# run-sql-benchmarks.sh) and runs IndexBenchmark: lookups through an index on product_id, building
# it, and inserts with and without it, on Cellar and on SQLite (about 8 minutes on 2 cores).
# Usage: benchmarks/run-index-benchmarks.sh [rows] [extra JMH options]
# e.g.   benchmarks/run-index-benchmarks.sh 100000 -wi 1 -i 1 -w 2s -r 2s
# Runs with CpuProfiler (CPU time per op, ops per CPU-second); prints the load average before and after.
set -euo pipefail
cd "$(dirname "$0")/.."
rows="${1:-1000000}"
shift || true
mvn -q -B -DskipTests -Dcellar.skipDriverJar=true package -pl benchmarks -am
java -Xms4g -Xmx4g -Dorg.slf4j.simpleLogger.defaultLogLevel=warn -cp benchmarks/target/benchmarks.jar \
  dev.cellar.benchmarks.sql.SaleDatabases "$rows"
echo "load before: $(cat /proc/loadavg)"
java -jar benchmarks/target/benchmarks.jar 'dev.cellar.benchmarks.sql.IndexBenchmark' -p rows="$rows" \
  -f 1 -wi 2 -i 3 -w 5s -r 5s -prof dev.cellar.benchmarks.storage.CpuProfiler \
  -rf json -rff benchmarks/target/index-results.json "$@"
echo "load after: $(cat /proc/loadavg)"
