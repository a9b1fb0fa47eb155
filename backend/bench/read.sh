#!/usr/bin/env bash
# Read-API benchmark: loads the benchmarks' data set (Dataset.java: nightly boards at the agent's shape, SCALE repeat
# rows, default 10.1M) once into a data directory, starts the service on it, and measures GET /api/leaderboard next to
# the trivial GET /q/health/live with wrk on the same server (loopback only), plain and with Accept-Encoding: gzip as
# browsers send it. Targets (issue 14): leaderboard >= 0.8 x the health endpoint's requests/s, p99 < 25 ms at 64
# connections. Then the time to compute answers the cache does not hold: the board (issue 44: under 1 s at 100M repeat
# rows) and one series' history (under 200 ms). The first load takes about half an hour at 10.1M (the service ingests every run, signed, through its
# own writer: 6,900 repeat rows/s at SCALE=2M on 2 shared cores) and about 4.5 GB of disk (0.44 KB a repeat row at
# SCALE=1M with the envelopes deflated, V29; 1.0 KB before); later runs reuse it.
#
#   backend/bench/read.sh                      build, load (first time only), serve, measure, stop
#   backend/bench/read.sh --load-only          build, load the dataset into $PODIUM_BENCH_DATA, stop; then serve it with
#                                              PODIUM_DATA_DIR=$PODIUM_BENCH_DATA make -C backend serve
#   backend/bench/read.sh --serve              build, load, keep serving on 127.0.0.1:$PORT until Ctrl-C
#   backend/bench/read.sh --url BASE_URL       measure a server that is already running (no build, no load)
#
# Environment: SCALE (repeat rows of the data set: 1M, 10.1M (default), 100M; it picks the number of nights),
# SEED (default 1), PODIUM_BENCH_DATA (data dir, default /tmp/podium-bench-read, or /tmp/podium-bench-read-$SCALE
# for another SCALE), PODIUM_BENCH_BUILD (build dir, default backend/target), REBUILD=1 (package even when a build
# exists), PORT (default 18080), DURATION (wrk seconds per endpoint, default 15), CONNECTIONS (default 64), THREADS
# (wrk threads, default 2), CLIENTS (runs sent at once while loading, default 2), HOLD_NEWEST=1 (load all but the
# newest night; the same command without it then sends that night alone and prints each run's ingest time). The
# dataset is synthetic, signed with schema/testdata's test key. A load stopped midway resumes where it stopped: run
# the same command again.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
backend=$(cd "$here/.." && pwd)
repo=$(cd "$backend/.." && pwd)
scale=${SCALE:-10.1M}
seed=${SEED:-1}
if [ "$scale" = 10.1M ]; then data=${PODIUM_BENCH_DATA:-/tmp/podium-bench-read}; else data=${PODIUM_BENCH_DATA:-/tmp/podium-bench-read-$scale}; fi
build=${PODIUM_BENCH_BUILD:-$backend/target}
port=${PORT:-18080}
duration=${DURATION:-15}
connections=${CONNECTIONS:-64}
threads=${THREADS:-2}
mode=measure
url=
case "${1:-}" in
  --load-only) mode=load ;;
  --serve) mode=serve ;;
  --url) mode=remote; url=${2:?--url needs a base URL} ;;
  "") ;;
  *) echo "usage: $0 [--load-only | --serve | --url BASE_URL]" >&2; exit 2 ;;
esac
export JAVA_HOME=${JAVA_HOME:-$("$repo/ci/find-jdk.sh")}
java="$JAVA_HOME/bin/java"
leaderboard_path='/api/leaderboard?scenario=plaintext'

wait_up() { # polls the health endpoint until it answers, with a deadline
  local deadline=$((SECONDS + 180))
  until curl -fsS -o /dev/null "$1/q/health/live" 2>/dev/null; do
    [ $SECONDS -lt $deadline ] || { echo "read bench: $1 did not come up in 180 s" >&2; return 1; }
    sleep 1
  done
}

measure() { # $1 base URL
  command -v wrk >/dev/null || { echo "read bench: wrk is not installed (apt-get install -y wrk)" >&2; exit 1; }
  local base=$1 out
  curl -fsS -o /dev/null -w "leaderboard first answer: %{time_total} s (rendered at start, or waited for)\n" "$base$leaderboard_path"
  # the service renders every scenario's default board in the background after start: measure once that is done
  local deadline=$((SECONDS + 300)) busy
  while busy=$(curl -fsS "$base/q/metrics" | awk '/^podium_read_background_busy / {print $2}') && [ "${busy:-0}" != 0.0 ] && [ "${busy:-0}" != 0 ]; do
    [ $SECONDS -lt $deadline ] || { echo "read bench: background rendering still busy after 300 s" >&2; break; }
    sleep 1
  done
  wrk -t"$threads" -c"$connections" -d5s "$base$leaderboard_path" >/dev/null  # warm-up (JIT), discarded
  wrk -t"$threads" -c"$connections" -d5s "$base/q/health/live" >/dev/null
  out=$(mktemp -d)
  wrk -t"$threads" -c"$connections" -d"${duration}s" --latency "$base/q/health/live" >"$out/health"
  wrk -t"$threads" -c"$connections" -d"${duration}s" --latency "$base$leaderboard_path" >"$out/leaderboard"
  # what browsers and most HTTP libraries send: the cached answer goes out gzipped (rendered once, not per request)
  wrk -t"$threads" -c"$connections" -d"${duration}s" --latency -H 'Accept-Encoding: gzip' "$base$leaderboard_path" >"$out/gzip"
  local h l p99 g gp99
  h=$(awk '/^Requests\/sec/ {print $2}' "$out/health")
  l=$(awk '/^Requests\/sec/ {print $2}' "$out/leaderboard")
  p99=$(awk '$1 == "99%" {print $2}' "$out/leaderboard")
  g=$(awk '/^Requests\/sec/ {print $2}' "$out/gzip")
  gp99=$(awk '$1 == "99%" {print $2}' "$out/gzip")
  local plain_bytes gzip_bytes
  plain_bytes=$(curl -fsS -o /dev/null -w '%{size_download}' "$base$leaderboard_path")
  gzip_bytes=$(curl -fsS -o /dev/null -H 'Accept-Encoding: gzip' -w '%{size_download}' "$base$leaderboard_path")
  local misses=""
  for sla in 191 192 193 194 195; do  # distinct queries: each one is computed, not served from the cache
    misses+=$(curl -fsS -o /dev/null -w " %{time_total}" "$base$leaderboard_path&sla=$sla")
  done
  echo "leaderboard answers computed on a warm server (cache misses), seconds:$misses"
  # one series' history: the board's first row's target on its host class and vCPUs, computed each time (the window
  # differs, so no answer comes from the cache)
  local series history=""
  series=$(curl -fsS "$base$leaderboard_path" | python3 -c '
import json, sys, urllib.parse
b = json.load(sys.stdin)
if b["rows"]:
    r = b["rows"][0]
    print(urllib.parse.urlencode({"framework": r["framework"], "ioModel": r["ioModel"], "hostClass": b["hostClass"], "vcpus": b["vcpus"]}))')
  if [ -n "$series" ]; then
    for window in 6 7 8 9 10; do
      history+=$(curl -fsS -o /dev/null -w " %{time_total}" "$base/api/history?scenario=plaintext&$series&window=$window")
    done
    echo "one series' history ($series, cache misses), seconds:$history"
  fi
  echo "--- /q/health/live";  sed -n '/Latency Distribution/,/Requests\/sec/p' "$out/health"
  echo "--- $leaderboard_path ($plain_bytes bytes)"; sed -n '/Latency Distribution/,/Requests\/sec/p' "$out/leaderboard"
  echo "--- $leaderboard_path with Accept-Encoding: gzip ($gzip_bytes bytes)"; sed -n '/Latency Distribution/,/Requests\/sec/p' "$out/gzip"
  awk -v h="$h" -v l="$l" -v p="$p99" -v g="$g" -v gp="$gp99" -v c="$connections" 'BEGIN {
    printf "read bench: health %.0f req/s; leaderboard %.0f req/s plain, ratio %.2f, p99 %s; %.0f req/s gzipped (as browsers ask), ratio %.2f, p99 %s (targets: ratio >= 0.8, p99 < 25ms at %d connections)\n", h, l, l / h, p, g, g / h, gp, c }'
  echo "read bench: load average $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) CPUs (other work on the machine skews both figures)"
  rm -rf "$out"
}

if [ "$mode" = remote ]; then
  wait_up "$url"
  measure "$url"
  exit 0
fi

if [ ! -f "$build/quarkus-app/quarkus-run.jar" ] || [ -n "${REBUILD:-}" ]; then
  "$repo/mvnw" -B -ntp -q -f "$backend/pom.xml" -Dpodium.build.dir="$build" package -DskipTests
fi
app="$build/quarkus-app"
load() { # $1 base URL, $2 JDBC URL of its database (to skip the runs already stored)
  "$java" -cp "$app/app/*:$app/lib/main/*" "$here/Dataset.java" --url "$1" --admin-token bench \
    --key "$repo/schema/testdata/keys/test-agent.json" --suite "$repo/agent/suite/suite.json" --scale "$scale" \
    --seed "$seed" --clients "${CLIENTS:-2}" --jdbc "$2" ${HOLD_NEWEST:+--hold-newest}
}
mkdir -p "$data"
# the loader's runs are signed by one key from one address, as fast as the service takes them: no write limits
PODIUM_PORT=$port PODIUM_HOST=127.0.0.1 PODIUM_DATA_DIR="$data" PODIUM_ADMIN_TOKEN=bench PODIUM_MAX_RUN_BYTES=$((16 * 1024 * 1024)) \
  PODIUM_WRITES_PER_MINUTE_PER_ADDRESS=0 PODIUM_WRITES_PER_MINUTE_PER_KEY=0 "$java" -Xmx1g -jar "$app/quarkus-run.jar" >"$data/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; wait $server 2>/dev/null || true' EXIT
base="http://127.0.0.1:$port"
wait_up "$base" || { tail -30 "$data/server.log" >&2; exit 1; }

marker="$data/dataset-$scale-seed$seed.done"
if [ ! -f "$marker" ]; then
  if ls "$data"/*.done >/dev/null 2>&1; then
    echo "read bench: $data holds another dataset ($(ls "$data"/*.done | xargs -n1 basename)); remove it or set PODIUM_BENCH_DATA" >&2
    exit 1
  fi
  echo "read bench: loading SCALE=$scale (seed $seed) into $data, once (minutes at 10.1M)" >&2
  load "$base" "jdbc:postgresql://localhost:$(sed -n 4p "$data/postgres/postmaster.pid")/postgres"
  [ -n "${HOLD_NEWEST:-}" ] || touch "$marker"
fi

case "$mode" in
  load) echo "read bench: dataset loaded in $data (serve it with: PODIUM_DATA_DIR=$data make -C backend serve)" ;;
  serve) echo "read bench: serving $data on $base (Ctrl-C stops)"; wait $server ;;
  measure) measure "$base" ;;
esac
