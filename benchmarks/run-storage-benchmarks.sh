#!/usr/bin/env bash
# Builds the benchmark jar and runs the storage benchmarks (about 8 minutes on 2 cores).
# Usage: benchmarks/run-storage-benchmarks.sh [extra JMH options, e.g. -prof gc]
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -q -B -DskipTests package -pl benchmarks -am
mkdir -p benchmarks/target
java -jar benchmarks/target/benchmarks.jar 'dev.cellar.benchmarks.storage.*' \
  -f 1 -wi 2 -i 3 -w 5s -r 5s \
  -rf json -rff benchmarks/target/storage-results.json "$@"
