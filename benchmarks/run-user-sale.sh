#!/usr/bin/env bash
# Builds the benchmark jar and runs UserSaleWorkload: the sale table as a user makes it (plain DDL,
# JDBC batches of 1,000 in purchase order, close and reopen), Cellar and SQLite in the same run.
# Usage: benchmarks/run-user-sale.sh [rows] [--engines cellar,sqlite] [--seconds S]
# e.g.   benchmarks/run-user-sale.sh 100000 --seconds 2      (about a minute)
# Prints the load average before and after.
set -euo pipefail
cd "$(dirname "$0")/.."
rows="${1:-1000000}"
shift || true
mvn -q -B -DskipTests -Dcellar.skipDriverJar=true package -pl benchmarks -am
echo "load before: $(cat /proc/loadavg)"
java -Xmx1g -Dorg.slf4j.simpleLogger.defaultLogLevel=warn -cp benchmarks/target/benchmarks.jar \
  dev.cellar.benchmarks.sql.UserSaleWorkload "$rows" "$@"
echo "load after: $(cat /proc/loadavg)"
