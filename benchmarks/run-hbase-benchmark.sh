#!/usr/bin/env bash
# Builds the benchmarks and the HBase modules and runs HBaseSaleBenchmark: a local HBase in the
# benchmark's JVM, the sale workload through jdbc:cellar:hbase: and by hand with hbase-client.
# Usage: benchmarks/run-hbase-benchmark.sh [rows [seconds per round]]   (default 1000000 5)
# e.g.   benchmarks/run-hbase-benchmark.sh 100000 2
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -q -B -DskipTests -Dcellar.skipDriverJar=true package -pl benchmarks -am
# HBase's JVM flags for Java 17, as the sandbox's launcher uses them
flags="$(cat hbase-sandbox/target/jvm-flags.txt)"
# shellcheck disable=SC2086
exec java -Xms4g -Xmx4g $flags -Dorg.slf4j.simpleLogger.defaultLogLevel=warn \
  -cp "benchmarks/target/classes:$(cat benchmarks/target/hbase-classpath.txt)" \
  dev.cellar.benchmarks.sql.HBaseSaleBenchmark "$@"
