#!/usr/bin/env bash
# make bench-warmup-schedule: the warm-up schedule before and after issue 24, measured back to back. Not a test.
# The same targets (TARGETS, default: every JVM target), scenarios (SCENARIOS, default plaintext json) and
# concurrencies (CONNECTIONS, default 16 64 256) at 1 vCPU in FORKS JVM starts (default: the profile's), with
# PROFILE's warm-up rules (default full), without cost cells or open-loop steps (only closed-loop cells compare):
#   before: --warmup-per cell    (every cell warmed up by the full rule)
#   after:  --warmup-per target  (once per start and scenario, further concurrencies checked)
# both with REPEATS fixed repeats, in the agent's default order (rounds).
# Then, per cell, both figures with their 95% t intervals, whether the intervals overlap (agree), the warm-up each
# cell had and its repeats; and each run's wall time. ORDER=after-first swaps the order (the host may drift).
# KEEP=dir keeps both runs' payloads (before.json, after.json) and logs there.
set -euo pipefail
export LC_ALL=C # sort and join agree on the order of the cell keys
cd "$(dirname "$0")/.."
AGENT=$PWD/bin/podium-agent SUITE=${SUITE:-$PWD/suite/suite.json}
[ -x "$AGENT" ] || { echo "bench-warmup-schedule: run make -C agent build first" >&2; exit 1; }
command -v wrk >/dev/null && command -v jq >/dev/null || { echo "bench-warmup-schedule: needs wrk and jq (apt-get install -y wrk jq)" >&2; exit 1; }
TARGETS=${TARGETS:-$(jq -r '.targets[] | select(.start[0] == "{java}") | .name' "$SUITE")}
SCENARIOS=${SCENARIOS:-plaintext json} CONNECTIONS=${CONNECTIONS:-16 64 256}
PROFILE=${PROFILE:-full} REPEATS=${REPEATS:-5} DURATION=${DURATION:-10s} ORDER=${ORDER:-before-first} FORKS=${FORKS:-}
work=$(mktemp -d)
KEEP=${KEEP:-}
trap '[ -z "$KEEP" ] || { mkdir -p "$KEEP" && cp "$work"/*.json "$work"/*.log "$KEEP"/ 2>/dev/null; }; rm -rf "$work"' EXIT
export PODIUM_HOME=$work/home
"$AGENT" keygen >/dev/null

args=(--suite "$SUITE" --profile "$PROFILE" --baseline=false --vcpus 1 --open-loop=false --cost-rungs 0 --repeats "$REPEATS" --duration "$DURATION")
[ -n "$FORKS" ] && args+=(--forks "$FORKS")
for t in $TARGETS; do args+=(--target "$t"); done
for s in $SCENARIOS; do args+=(--scenario "$s"); done
args+=(--connections "$(echo $CONNECTIONS | tr ' ' ,)")

measure() { # $1: before|after
  local extra=(--warmup-per target)
  [ "$1" = before ] && extra=(--warmup-per cell)
  echo "== $1: ${extra[*]}" >&2
  local began=$SECONDS status=0
  "$AGENT" run "${args[@]}" "${extra[@]}" --output "$work/$1.json" >"$work/$1.log" 2>&1 || status=$?
  echo "$(( SECONDS - began ))" >"$work/$1.seconds"
  [ -s "$work/$1.json" ] || { echo "bench-warmup-schedule: the $1 run wrote no payload (exit $status):" >&2; tail -20 "$work/$1.log" >&2; exit 1; }
}
if [ "$ORDER" = after-first ]; then measure after; measure before; else measure before; measure after; fi

# One line per cell: key, mean, 95% t half-width, warm-up kind, warm-up seconds, repeats (t quantiles for 1-29 df).
cells() {
  jq -r '
    def t: [12.706,4.303,3.182,2.776,2.571,2.447,2.365,2.306,2.262,2.228,2.201,2.179,2.160,2.145,2.131,2.120,2.110,
            2.101,2.093,2.086,2.080,2.074,2.069,2.064,2.060,2.056,2.052,2.048,2.045][(. - 1)] // 1.96;
    .results[] | [.repeats[].requestsPerSecond] as $x | ($x | length) as $n | ($x | add / $n) as $m
    | (if $n > 1 then (([$x[] | (. - $m) * (. - $m)] | add) / ($n - 1) | sqrt) * (($n - 1) | t) / ($n | sqrt) else 0 end) as $h
    | [.framework + "/" + .ioModel + " " + .scenario + " c=" + (.connections | tostring), $m, $h, (.warmup // "-"),
       .warmupSeconds, $n] | @tsv' "$1"
}
cells "$work/before.json" | sort >"$work/before.tsv"
cells "$work/after.json" | sort >"$work/after.tsv"
printf '%-48s %22s %22s %6s %12s %12s %8s\n' cell "before req/s (95%)" "after req/s (95%)" agree "warm-up bef" "warm-up aft" repeats
join -t $'\t' "$work/before.tsv" "$work/after.tsv" | awk -F'\t' '
  { agree = ($2 - $3 <= $7 + $8 && $7 - $8 <= $2 + $3) ? "yes" : "NO"; n++; if (agree == "yes") ok++
    printf "%-48s %12.0f ±%-8.0f %12.0f ±%-8.0f %6s %5.0f s %-5s %5.0f s %-5s %3d/%-3d\n", $1, $2, $3, $7, $8, agree, $5, $4, $10, $9, $6, $11 }
  END { printf "%d of %d cells agree within their intervals\n", ok, n }'
echo "before: $(cat "$work/before.seconds") s, after: $(cat "$work/after.seconds") s (the order: $ORDER)"
