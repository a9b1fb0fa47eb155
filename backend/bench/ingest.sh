#!/usr/bin/env bash
# Ingest benchmark: starts the service (embedded PostgreSQL in its own temporary data dir, its own port), then
# IngestBench.java enrols the test key, posts signed runs of 1,000 cells x 5 repeats (~2 MB envelopes, so the run size
# limit is raised) and prints repeats/s next to PostgreSQL's own COPY rate for the same rows. Loopback only, bounded.
#
#   backend/bench/ingest.sh        (make -C backend bench)
#
# Environment: PORT (default: a free port), RUNS (measured runs, default 8), WARMUP (runs posted first and not measured,
# default 30: the JIT is still compiling the ingest path over the first ones), CELLS (1000), REPEATS (5), CLIENTS
# (concurrent posts, default 1), PODIUM_BENCH_BUILD (build dir, default backend/target).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
backend=$(cd "$here/.." && pwd)
repo=$(cd "$backend/.." && pwd)
build=${PODIUM_BENCH_BUILD:-$backend/target}
# a free port unless PORT is given: other services may be running on this machine
port=${PORT:-$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}
export JAVA_HOME=${JAVA_HOME:-$("$repo/ci/find-jdk.sh")}
java="$JAVA_HOME/bin/java"

if [ ! -f "$build/quarkus-app/quarkus-run.jar" ] || [ -n "${REBUILD:-}" ]; then
  "$repo/mvnw" -B -ntp -q -f "$backend/pom.xml" -Dpodium.build.dir="$build" package -DskipTests
fi
app="$build/quarkus-app"
data=$(mktemp -d /tmp/podium-bench-ingest.XXXXXX)
PODIUM_PORT=$port PODIUM_HOST=127.0.0.1 PODIUM_DATA_DIR="$data" PODIUM_ADMIN_TOKEN=bench \
  QUARKUS_LOG_CATEGORY__DEV_PODIUM_RUN__LEVEL=${PODIUM_BENCH_LOG_LEVEL:-INFO} PODIUM_MAX_RUN_BYTES=$((16 * 1024 * 1024)) "$java" -Xmx1g -jar "$app/quarkus-run.jar" >"$data/server.log" 2>&1 &
server=$!
cleanup() {
  kill "$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
  [ -z "${KEEP_LOG:-}" ] || cp "$data/server.log" "$KEEP_LOG"
  rm -rf "$data"
}
trap cleanup EXIT
base="http://127.0.0.1:$port"
deadline=$((SECONDS + 120))
until curl -fsS -o /dev/null "$base/q/health/ready" 2>/dev/null; do
  if [ $SECONDS -ge $deadline ] || ! kill -0 "$server" 2>/dev/null; then
    echo "ingest bench: the service did not become ready; its log:" >&2
    tail -40 "$data/server.log" >&2
    exit 1
  fi
  sleep 1
done
pg_port=$(sed -n 4p "$data/postgres/postmaster.pid")
"$java" -cp "$app/app/*:$app/lib/main/*" "$here/IngestBench.java" \
  --url "$base" --admin-token bench --jdbc "jdbc:postgresql://localhost:$pg_port/postgres" \
  --key "$repo/schema/testdata/keys/test-agent.json" \
  --runs "${RUNS:-8}" --warmup "${WARMUP:-30}" --cells "${CELLS:-1000}" --repeats "${REPEATS:-5}" --clients "${CLIENTS:-1}"
