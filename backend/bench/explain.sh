#!/usr/bin/env bash
# make bench-explain [SCALE=1M]: the plans of every read endpoint's SQL on the benchmarks' data set (Explain.java).
# Loads SCALE (as make bench-read does, into the same folders: /tmp/podium-bench-read for 10.1M, else
# /tmp/podium-bench-read-$SCALE), restarts the service with PostgreSQL's auto_explain loaded, calls each endpoint once
# and prints per endpoint: time, rows, shared buffers hit/read, and the sequential scans of repeats, cells and
# cell_starts (flagged). Afterwards auto_explain is removed again from the data set's configuration. Not a test.
#
# Environment: SCALE (default 10.1M), SEED (1), PODIUM_BENCH_DATA, PODIUM_BENCH_BUILD, PORT (default 18080).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
backend=$(cd "$here/.." && pwd)
repo=$(cd "$backend/.." && pwd)
scale=${SCALE:-10.1M}
if [ "$scale" = 10.1M ]; then data=${PODIUM_BENCH_DATA:-/tmp/podium-bench-read}; else data=${PODIUM_BENCH_DATA:-/tmp/podium-bench-read-$scale}; fi
build=${PODIUM_BENCH_BUILD:-$backend/target}
port=${PORT:-18080}
export JAVA_HOME=${JAVA_HOME:-$("$repo/ci/find-jdk.sh")}
java="$JAVA_HOME/bin/java"

SCALE=$scale PODIUM_BENCH_DATA=$data PODIUM_BENCH_BUILD=$build PORT=$port "$here/read.sh" --load-only >&2
app="$build/quarkus-app"
cp="$app/app/*:$app/lib/main/*"
server=""
start() { # no change-detection sweep while the endpoints are called: its statements would fall into their windows
  PODIUM_PORT=$port PODIUM_HOST=127.0.0.1 PODIUM_DATA_DIR="$data" PODIUM_ADMIN_TOKEN=bench PODIUM_CHANGES_DETECTION_SWEEP_INTERVAL=24h \
    "$java" -Xmx1g -jar "$app/quarkus-run.jar" >>"$data/server.log" 2>&1 &
  server=$!
  local deadline=$((SECONDS + 180))
  until curl -fsS -o /dev/null "http://127.0.0.1:$port/q/health/ready" 2>/dev/null; do
    [ $SECONDS -lt $deadline ] || { echo "bench-explain: the service did not come up" >&2; exit 1; }
    sleep 1
  done
  jdbc="jdbc:postgresql://localhost:$(sed -n 4p "$data/postgres/postmaster.pid")/postgres"
}
explain() { # a just-started service's PostgreSQL may still be settling: a refused connection is tried again
  local i
  for i in 1 2 3; do
    "$java" -cp "$cp" "$here/Explain.java" "$@" && return 0
    sleep 5
  done
  return 1
}
stop() { if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; server=""; fi; }
trap stop EXIT

start
explain --prepare --jdbc "$jdbc"
stop
rm -rf "$data/postgres/explain-log"
start
trap 'stop; start; explain --reset --jdbc "$jdbc"; stop' EXIT
# the service renders every scenario's default board in the background after start: call the endpoints once that is done
deadline=$((SECONDS + 600))
while busy=$(curl -fsS "http://127.0.0.1:$port/q/metrics" | awk '/^podium_read_background_busy / {print $2}') \
    && [ "${busy:-0}" != 0.0 ] && [ "${busy:-0}" != 0 ] && [ $SECONDS -lt $deadline ]; do
  sleep 1
done
explain --measure --jdbc "$jdbc" --url "http://127.0.0.1:$port" --data "$data"
echo "bench-explain: load average $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) CPUs"
