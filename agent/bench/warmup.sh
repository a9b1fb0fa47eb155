#!/usr/bin/env bash
# make bench-warmup: for every target (TARGETS="a b" for a subset), plaintext at 1 vCPU and 64 connections,
# the figure podium-agent's warm-up + measurement gives (profile PROFILE, default full: the warm-up rules that
# measure these targets for the board; REPEATS (3) x DURATION (10s) instead of the profile's repeats) beside the plateau of
# HOLD seconds (120) of sustained load on a fresh start of the same target, pinned the same way
# (`podium-agent start`), driven by the same wrk settings in 10 s windows; plateau = mean of the last 3 windows.
# Prints every window with the JIT's compile seconds in it (jstat -compiler), then one table. Not a test.
set -euo pipefail
cd "$(dirname "$0")/.."
AGENT=$PWD/bin/podium-agent SUITE=$PWD/suite/suite.json
[ -x "$AGENT" ] || { echo "bench-warmup: run make -C agent build first" >&2; exit 1; }
command -v wrk >/dev/null && command -v jq >/dev/null || { echo "bench-warmup: needs wrk and jq (apt-get install -y wrk jq)" >&2; exit 1; }
TARGETS=${TARGETS:-$(jq -r '.baseline.name, .targets[].name' "$SUITE")}
HOLD=${HOLD:-120} WINDOW=10 PROFILE=${PROFILE:-full} REPEATS=${REPEATS:-3} DURATION=${DURATION:-10s} CONNECTIONS=64
JSTAT=${JAVA_HOME:+$JAVA_HOME/bin/}jstat
work=$(mktemp -d) spid=""
cleanup() { if [ -n "$spid" ]; then kill "$spid" 2>/dev/null || true; wait "$spid" 2>/dev/null || true; fi; rm -rf "$work"; }
trap cleanup EXIT
export PODIUM_HOME=$work/home
"$AGENT" keygen >/dev/null

ncpus() { # how many CPUs a taskset list names ("1", "2-3", "0,2-3")
  local n=0 part; IFS=, read -ra parts <<<"$1"
  for part in "${parts[@]}"; do if [[ $part == *-* ]]; then n=$(( n + ${part#*-} - ${part%-*} + 1 )); else n=$(( n + 1 )); fi; done; echo $n; }

agent_figure() { # "rps warmup flags" of the agent's plaintext cell, or "- - failed"
  if ! "$AGENT" run --suite "$SUITE" --profile "$PROFILE" --target "$1" --scenario plaintext --connections $CONNECTIONS \
       --vcpus 1 --repeats "$REPEATS" --duration "$DURATION" --open-loop=false --baseline=false --output "$work/run.json" >"$work/run.log" 2>&1; then
    sed 's/^/    agent: /' "$work/run.log" | tail -5 >&2; echo "- - failed"; return; fi
  grep -E 'warm-up|repeat' "$work/run.log" | sed 's/^/    agent: /' >&2
  jq -r '.results[0] | "\([.repeats[].requestsPerSecond] | add / length | floor) \(.warmupSeconds) \((.flags // []) | join(",") | if . == "" then "-" else . end)"' "$work/run.json"
}

plateau() { # the mean req/s of the last 3 windows of HOLD s of load on a fresh start
  "$AGENT" start --suite "$SUITE" --target "$1" --vcpus 1 >"$work/start.out" 2>"$work/start.err" & spid=$!
  for _ in $(seq 900); do grep -q '^url=' "$work/start.out" && break
    kill -0 "$spid" 2>/dev/null || { cat "$work/start.err" >&2; spid=""; echo "-"; return; }; sleep 0.2; done
  local line url pid lg threads rates=() i rps jit
  line=$(grep '^url=' "$work/start.out"); url=$(sed 's/.*url=\([^ ]*\).*/\1/' <<<"$line")
  pid=$(sed 's/.*pid=\([0-9]*\).*/\1/' <<<"$line"); lg=$(sed 's/.*loadgen=\([^ ]*\).*/\1/' <<<"$line")
  threads=$(ncpus "$lg"); threads=$(( threads < CONNECTIONS ? threads : CONNECTIONS ))
  for i in $(seq $(( HOLD / WINDOW ))); do
    rps=$(taskset -c "$lg" wrk -t "$threads" -c $CONNECTIONS -d ${WINDOW}s --timeout 2s "$url/plaintext" | awk '/^Requests\/sec:/ {printf "%d", $2}')
    jit=$(taskset -c "$lg" "$JSTAT" -compiler "$pid" 2>/dev/null | awk 'NR==2 {print $4}' || true)
    rates+=("$rps"); echo "    plateau window $i: $rps req/s (JIT ${jit:-n/a} s so far)" >&2
  done
  kill "$spid"; wait "$spid" 2>/dev/null || true; spid=""
  printf '%s\n' "${rates[@]: -3}" | awk '{s += $1} END {printf "%d\n", s / NR}'
}

rows=() began=$SECONDS
for t in $TARGETS; do
  echo "== $t" >&2
  read -r rps warm flags < <(agent_figure "$t")
  plat=$(plateau "$t")
  verdict=$(awk -v a="$rps" -v p="$plat" 'BEGIN { if (a == "-" || p == "-" || p == 0) print "n/a"; else printf "%.2f %s", a / p, (a >= 0.9 * p ? "ok" : "BELOW") }')
  rows+=("$(printf '%-18s %12s %9s %-30s %14s  %s' "$t" "$rps" "$warm" "$flags" "$plat" "$verdict")")
done
echo
printf '%-18s %12s %9s %-30s %14s  %s\n' target "agent req/s" "warm-up s" flags "plateau req/s" "agent/plateau (ok: >= 0.90)"
printf '%s\n' "${rows[@]}"
echo "bench-warmup: $PROFILE profile's warm-up, ${REPEATS}x$DURATION repeats, ${HOLD}s plateau; took $(( (SECONDS - began) / 60 )) min"
