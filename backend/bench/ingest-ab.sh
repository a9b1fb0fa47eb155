#!/usr/bin/env bash
# make bench-ingest-ab BEFORE=<commit>: make bench-ingest of this checkout beside an earlier commit of it, back to back
# on one machine, in alternating rounds. Not a test.
#
# The ingest rate moves with the machine (two rounds of one build have differed by half at a load average of 20), so
# the two builds take turns, the earlier one first in odd rounds, this checkout first in even ones, and each round
# also measures PostgreSQL's own COPY of the same rows, which neither build's code touches: what COPY does between
# rounds is the machine, not the change.
#
#   1. builds BEFORE in a git worktree under $WORK (once), and this checkout's backend when it has no build (REBUILD=1:
#      always);
#   2. ROUNDS rounds: each build serves a fresh embedded PostgreSQL and this checkout's IngestBench posts the same signed
#      runs to it (backend/bench/ingest.sh with PODIUM_BENCH_BUILD: RUNS measured runs of CELLS cells x REPEATS
#      repeats after WARMUP);
#   3. prints each round, then this checkout against BEFORE: ingest repeats/s and COPY repeats/s, each the geometric
#      mean of the rounds' ratios with its 95% interval (Student's t) and their range.
#
# Environment: BEFORE (required: a commit, tag or branch), ROUNDS (default 4), WORK (default /tmp/podium-ingest-ab),
# RUNS, WARMUP, CELLS, REPEATS, CLIENTS (as make bench-ingest), REBUILD.
# What it keeps in WORK: the worktree (`git worktree list` shows it; `git worktree remove --force DIR` and deleting WORK
# remove all of it) and each comparison's rounds.
set -euo pipefail

# shellcheck source=backend/bench/ab-lib.sh
. "$(dirname "$0")/ab-lib.sh"
ab_start bench-ingest-ab /tmp/podium-ingest-ab curl git

# --- 1. the two builds -------------------------------------------------------------------------------------------
tree=$(ab_before_tree "$sha" "$work")
ab_this_build
declare -A build=([before]=$tree/backend/target [after]=$backend/target)

# --- 2. alternating rounds ----------------------------------------------------------------------------------------
out=$work/rounds-$(date +%Y%m%d-%H%M%S)
mkdir -p "$out"
for r in $(seq 1 "$rounds"); do
  for b in $(ab_order "$r"); do
    echo "bench-ingest-ab: round $r of $rounds, $b ($(date +%T), load average $(cut -d' ' -f1 /proc/loadavg))" >&2
    PODIUM_BENCH_BUILD=${build[$b]} KEEP_LOG=$out/server-$r-$b.log "$here/ingest.sh" >"$out/round-$r-$b.txt" \
      || fail "round $r, $b: the measurement failed (its output and the server's log: $out)"
  done
done

# --- 3. the comparison --------------------------------------------------------------------------------------------
figures() { # round file -> "ingest copy" (repeats/s)
  awk '/^ingest  \(POST/ || /^COPY / { for (i = 1; i <= NF; i++) if ($i == "repeats/s") v[++n] = $(i - 1) }
       END { print v[1], v[2] }' "$1"
}
echo "make bench-ingest, this checkout ($(git -C "$repo" rev-parse --short HEAD)$(git -C "$repo" diff --quiet HEAD -- backend || echo ', with changes')) against $BEFORE (${sha:0:12}), rounds: $rounds"
printf '%-6s %-7s %16s %16s\n' round build "ingest repeats/s" "COPY repeats/s"
for r in $(seq 1 "$rounds"); do
  for b in before after; do
    read -r i c < <(figures "$out/round-$r-$b.txt")
    [ -n "$i" ] && [ -n "$c" ] || fail "round $r, $b printed no figures (its output: $out/round-$r-$b.txt)"
    printf '%-6s %-7s %16s %16s\n' "$r" "$b" "$i" "$c"
    echo "$r $b $i $c" >>"$out/figures"
  done
done
ab_compare "$out/figures" "$rounds" ingest COPY
echo "each round's output and server log: $out"
