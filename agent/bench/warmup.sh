#!/usr/bin/env bash
# make bench-warmup: plaintext at 1 vCPU and 64 connections, two parts. Not a test.
# 1. One `podium-agent run` over every target of TARGETS (default: all, and the nginx baseline), with the warm-up
#    rules of PROFILE (default full: the rules that measure these targets for the board) and REPEATS (3) x DURATION
#    (10s) instead of the profile's repeats, in one JVM start (as the plateau's) and without cost cells. Being one
#    run, its table is a like-for-like comparison: req/s, the warm-up the agent chose, flags, and what a request
#    cost (requests per CPU-second of the target's process tree, the target's CPU use in cores, its mean RSS, MB of
#    RSS per 1,000 req/s, wrk's own CPU use).
# 2. For every target of PLATEAU (default: TARGETS; "none" skips it), the plateau of HOLD seconds (120) of sustained
#    load on a fresh start of the same target, pinned the same way (`podium-agent start`), driven by the same wrk
#    settings in 10 s windows; plateau = mean of the last 3 windows; each window printed with the JIT's compile
#    seconds. The last table puts the agent's figure beside it (ok: agent >= 0.90 x plateau).
set -euo pipefail
cd "$(dirname "$0")/.."
AGENT=$PWD/bin/podium-agent SUITE=${SUITE:-$PWD/suite/suite.json}  # SUITE: another manifest (e.g. with other warm-up rules)
[ -x "$AGENT" ] || { echo "bench-warmup: run make -C agent build first" >&2; exit 1; }
command -v wrk >/dev/null && command -v jq >/dev/null || { echo "bench-warmup: needs wrk and jq (apt-get install -y wrk jq)" >&2; exit 1; }
BASELINE=$(jq -r '.baseline.name' "$SUITE")
TARGETS=${TARGETS:-$(jq -r '.baseline.name, .targets[].name' "$SUITE")}
PLATEAU=${PLATEAU:-$TARGETS}; [ "$PLATEAU" = none ] && PLATEAU=""
HOLD=${HOLD:-120} WINDOW=10 PROFILE=${PROFILE:-full} REPEATS=${REPEATS:-3} DURATION=${DURATION:-10s} CONNECTIONS=64
JSTAT=${JAVA_HOME:+$JAVA_HOME/bin/}jstat
OUT=${OUT:-}   # keep the run's payload (unsigned JSON) here
work=$(mktemp -d) spid=""
cleanup() { if [ -n "$spid" ]; then kill "$spid" 2>/dev/null || true; wait "$spid" 2>/dev/null || true; fi; rm -rf "$work"; }
trap cleanup EXIT
export PODIUM_HOME=$work/home
"$AGENT" keygen >/dev/null
began=$SECONDS

ncpus() { # how many CPUs a taskset list names ("1", "2-3", "0,2-3")
  local n=0 part; IFS=, read -ra parts <<<"$1"
  for part in "${parts[@]}"; do if [[ $part == *-* ]]; then n=$(( n + ${part#*-} - ${part%-*} + 1 )); else n=$(( n + 1 )); fi; done; echo $n; }

# --- 1. one agent run over every target -------------------------------------------------------------------
targets=() with_baseline=false
for t in $TARGETS; do if [ "$t" = "$BASELINE" ]; then with_baseline=true; else targets+=(--target "$t"); fi; done
if [ ${#targets[@]} -eq 0 ]; then targets=(--target "$BASELINE"); with_baseline=false; fi
echo "== one run: ${TARGETS//$'\n'/ } (plaintext, 1 vCPU, $CONNECTIONS connections, $PROFILE warm-up, ${REPEATS}x$DURATION)" >&2
status=0
"$AGENT" run --suite "$SUITE" --profile "$PROFILE" "${targets[@]}" --baseline=$with_baseline --scenario plaintext \
  --connections $CONNECTIONS --vcpus 1 --repeats "$REPEATS" --duration "$DURATION" --open-loop=false --forks 1 --cost-rungs 0 \
  --output "$work/run.json" 2>&1 | tee "$work/run.log" | grep --line-buffered -E 'warm-up|repeat|FAIL|fail|==' | sed 's/^/    agent: /' >&2 \
  || status=$?
[ -s "$work/run.json" ] || { echo "bench-warmup: the agent's run wrote no payload (exit $status); its log:" >&2; tail -20 "$work/run.log" >&2; exit 1; }
[ -n "$OUT" ] && cp "$work/run.json" "$OUT"

# The cell of target $1 in the run: matched by the manifest's framework name and I/O model.
cell() {
  local sel='.targets[] | select(.name == $t)'; [ "$1" = "$BASELINE" ] && sel=.baseline
  jq -c --arg t "$1" --slurpfile run "$work/run.json" "$sel"' | . as $m
    | [$run[0].results[] | select(.framework == $m.framework and .ioModel == $m.ioModel and .scenario == "plaintext")][0] // empty' "$SUITE"
}

# "rps warm-up flags req/cpu-s cores rss-MB MB/1k wrk-cores" of one cell (means over its repeats)
figures() {
  jq -r '
    def mean(f): ([.repeats[] | f] | add / length);
    (mean(.requestsPerSecond)) as $rps
    | ([.repeats[] | .usage.targetCpuUserSeconds + .usage.targetCpuSystemSeconds] | add) as $cpu
    | ([.repeats[].requests] | add) as $req
    | ([.repeats[].usage.wallSeconds] | add) as $wall
    | (mean(.usage.targetRssMeanBytes) / 1048576) as $rss
    | "\($rps | floor) \(.warmupSeconds // "-") \((.flags // []) | join(",") | if . == "" then "-" else . end) "
      + "\(if $cpu > 0 then $req / $cpu | floor else "-" end) \($cpu / $wall * 100 | floor / 100) \($rss | floor) "
      + "\(if $rps > 0 then $rss / ($rps / 1000) * 100 | floor / 100 else "-" end) "
      + "\(([.repeats[].usage.generatorCpuSeconds] | add) / $wall * 100 | floor / 100)"' <<<"$1"
}

declare -A agent_rps
cost_rows=()
for t in $TARGETS; do
  c=$(cell "$t")
  if [ -z "$c" ]; then cost_rows+=("$(printf '%-18s %10s  (not measured: see the agent log above)' "$t" -)"); agent_rps[$t]="-"; continue; fi
  read -r rps warm flags rpc cores rss mbk wrkc < <(figures "$c")
  agent_rps[$t]=$rps
  cost_rows+=("$(printf '%-18s %10s %8s %-32s %12s %6s %7s %9s %6s' "$t" "$rps" "$warm" "$flags" "$rpc" "$cores" "$rss" "$mbk" "$wrkc")")
done
echo
printf '%-18s %10s %8s %-32s %12s %6s %7s %9s %6s\n' target "req/s" "warm-up" flags "req/CPU-s" cores "RSS MB" "MB/1k r/s" "wrk"
printf '%s\n' "${cost_rows[@]}"
echo "(one run, $(( (SECONDS - began) / 60 )) min: req/s = mean of ${REPEATS}x$DURATION repeats; cores = the target's CPU seconds per wall second, of 1 pinned;"
echo " wrk = the load generator's CPU seconds per wall second, of the CPUs it had)"

# --- 2. the plateau of a long run on a fresh start -----------------------------------------------------------
plateau() { # the mean req/s of the last 3 windows of HOLD s of load on a fresh start
  "$AGENT" start --suite "$SUITE" --target "$1" --vcpus 1 >"$work/start.out" 2>"$work/start.err" & spid=$!
  for _ in $(seq 900); do grep -q '^url=' "$work/start.out" && break
    kill -0 "$spid" 2>/dev/null || { cat "$work/start.err" >&2; spid=""; echo "-"; return; }; sleep 0.2; done
  local line url pid lg threads rates=() i rps jit
  line=$(grep '^url=' "$work/start.out"); url=$(sed 's/.*url=\([^ ]*\).*/\1/' <<<"$line")
  pid=$(sed 's/.*pid=\([0-9]*\).*/\1/' <<<"$line"); lg=$(sed 's/.*loadgen=\([^ ]*\).*/\1/' <<<"$line")
  threads=$(ncpus "$lg"); threads=$(( threads < CONNECTIONS ? threads : CONNECTIONS ))
  for i in $(seq $(( HOLD / WINDOW ))); do
    taskset -c "$lg" wrk -t "$threads" -c $CONNECTIONS -d ${WINDOW}s --timeout 2s "$url/plaintext" >"$work/wrk.out"
    rps=$(awk '/^Requests\/sec:/ {printf "%d", $2}' "$work/wrk.out")
    errs=$(grep -E '^ *(Non-2xx|Socket errors)' "$work/wrk.out" | sed 's/^ *//' | paste -sd';' || true)
    jit=$(taskset -c "$lg" "$JSTAT" -compiler "$pid" 2>/dev/null | awk 'NR==2 {print $4}' || true)
    rates+=("$rps"); echo "    plateau window $i: $rps req/s (JIT ${jit:-n/a} s so far)${errs:+ ERRORS: $errs}" >&2
  done
  kill "$spid"; wait "$spid" 2>/dev/null || true; spid=""
  printf '%s\n' "${rates[@]: -3}" | awk '{s += $1} END {printf "%d\n", s / NR}'
}

[ -z "$PLATEAU" ] && { echo "bench-warmup: plateau check skipped (PLATEAU=none); took $(( (SECONDS - began) / 60 )) min"; exit 0; }
rows=()
for t in $PLATEAU; do
  echo "== plateau: $t" >&2
  rps=${agent_rps[$t]:-"-"}
  plat=$(plateau "$t")
  verdict=$(awk -v a="$rps" -v p="$plat" 'BEGIN { if (a == "-" || p == "-" || p == 0) print "n/a"; else printf "%.2f %s", a / p, (a >= 0.9 * p ? "ok" : "BELOW") }')
  rows+=("$(printf '%-18s %12s %14s  %s' "$t" "$rps" "$plat" "$verdict")")
done
echo
printf '%-18s %12s %14s  %s\n' target "agent req/s" "plateau req/s" "agent/plateau (ok: >= 0.90)"
printf '%s\n' "${rows[@]}"
echo "bench-warmup: $PROFILE profile's warm-up, ${REPEATS}x$DURATION repeats, ${HOLD}s plateau; took $(( (SECONDS - began) / 60 )) min"
