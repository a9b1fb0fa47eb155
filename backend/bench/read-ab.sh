#!/usr/bin/env bash
# make bench-read-ab BEFORE=<commit>: make bench-read's measurement of this checkout beside an earlier commit of it,
# back to back on one machine, in alternating rounds. Not a test.
#
# Sharing two CPUs between the server and wrk, one build's gzipped figure moved from 25.7k to 42.5k req/s between runs
# of one morning, more than most changes to compare. So here the server and its embedded PostgreSQL run on CPU 0, and wrk (one thread) and
# curl on CPU 1, and the two builds take turns: the earlier one first in odd rounds, this checkout first in even ones.
#
#   1. builds BEFORE in a git worktree under $WORK (once), and this checkout's backend when it has no build (REBUILD=1:
#      always);
#   2. loads make bench-read's data set (SCALE=10.1M by this checkout's Dataset.java; 2,000 runs of 10,100,000 repeat
#      rows by ReadDataset.java before it) with BEFORE's own loader
#      (backend/bench/read.sh --load-only of that commit, so that it fits that commit's schema), once; then copies it
#      for this checkout, whose first start migrates the copy forward;
#   3. settles each copy: each build starts on its own once (this checkout's migrations run, and the envelopes stored
#      verbatim before V29 are deflated), then VACUUM (ANALYZE) of it, so that autovacuum has nothing left of that
#      to do during the rounds;
#   4. ROUNDS rounds: each build serves its copy and backend/bench/read.sh --url measures it (health, the board plain
#      and gzipped, each DURATION seconds at CONNECTIONS connections);
#   5. prints each round, then this checkout against BEFORE per figure: the geometric mean of the rounds' ratios with
#      its 95% interval (Student's t), and the range of the rounds' ratios.
#
# Environment: BEFORE (required: a commit, tag or branch), ROUNDS (default 4), WORK (default /tmp/podium-read-ab),
# RUNS (default 2000), PORT (default 18080), DURATION (default 15), CONNECTIONS (default 64), REBUILD.
# What it keeps in WORK for the next comparison: the worktree (`git worktree list` shows it; `git worktree remove --force
# DIR` and deleting WORK remove all of it), the earlier build's data set, and each comparison's rounds.
set -euo pipefail

# shellcheck source=backend/bench/ab-lib.sh
. "$(dirname "$0")/ab-lib.sh"
ab_start bench-read-ab /tmp/podium-read-ab taskset wrk curl git
"$repo/ci/install-deps.sh" pg  # psql, for VACUUM (ANALYZE) of each copy
runs=${RUNS:-2000} port=${PORT:-18080}
[ "$(nproc)" -ge 2 ] || fail "needs 2 CPUs (the server on one, wrk on the other); this machine has $(nproc)"
java="$JAVA_HOME/bin/java"

# --- 1. the two builds -------------------------------------------------------------------------------------------
tree=$(ab_before_tree "$sha" "$work")
[ -f "$tree/backend/bench/read.sh" ] || fail "$BEFORE has no backend/bench/read.sh (it predates make bench-read)"
ab_this_build
declare -A app=([before]=$tree/backend/target/quarkus-app [after]=$backend/target/quarkus-app)

# --- 2. one data set, a copy each ---------------------------------------------------------------------------------
declare -A data=([before]=$work/data-${sha:0:12} [after]=$work/data-${sha:0:12}-after)
if [ ! -f "${data[before]}/read-dataset-$runs.done" ] && [ ! -f "${data[before]}/dataset-10.1M-seed1.done" ]; then
  echo "bench-read-ab: loading the data set with $BEFORE's loader into ${data[before]} (once; minutes)" >&2
  PODIUM_BENCH_DATA=${data[before]} PORT=$port RUNS=$runs SCALE=10.1M "$tree/backend/bench/read.sh" --load-only >&2
fi
rm -rf "${data[after]}"
need=$(du -sk "${data[before]}" | cut -f1) free=$(df -Pk "$work" | awk 'NR == 2 {print $4}')
[ "$free" -gt $((need * 5 / 4)) ] || fail "the copy of the data set needs about $((need * 5 / 4 / 1048576 + 1)) GB free in $work" \
  "(the set is $((need / 1048576 + 1)) GB; this checkout's migrations grow the copy), and $((free / 1048576)) GB are"
cp -a "${data[before]}" "${data[after]}"  # afresh each time: this checkout may have migrations a former copy lacks

# --- 3. alternating rounds ----------------------------------------------------------------------------------------
server=""
stop() { if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; server=""; fi; }
trap stop EXIT
serve() { # build -> starts it on its copy (server on CPU 0), its log in $log
  PODIUM_PORT=$port PODIUM_HOST=127.0.0.1 PODIUM_DATA_DIR=${data[$1]} \
    taskset -c 0 "$java" -Xmx1g -jar "${app[$1]}/quarkus-run.jar" >"$log" 2>&1 &
  server=$!
}
out=$work/rounds-$(date +%Y%m%d-%H%M%S)
mkdir -p "$out"

# Each copy settles before the rounds. A build newer than V29 deflates the envelopes stored verbatim before it, in the
# background after its start: 6,072 runs, 2 minutes alone on this set; unsettled, rounds 1 to 5 of 8 measured that
# beside the board (the unchanged /q/health/live at half its speed) and rounds 6 to 8 were at par. So each build starts
# once on its copy (its migrations, V30 and V31 here, run then too) and finishes that; VACUUM (ANALYZE) then takes the
# dead rows and statistics those rewrites left, which autovacuum would otherwise get to during the rounds.
for b in before after; do
  echo "bench-read-ab: settling $b's copy (its migrations and envelope deflation, then VACUUM (ANALYZE); $(date +%T))" >&2
  log=$out/server-settle-$b.log
  serve "$b"
  for _ in $(seq 1 1200); do
    curl -fsS -o /dev/null "http://127.0.0.1:$port/q/health/live" 2>/dev/null && break
    kill -0 "$server" 2>/dev/null || { tail -20 "$log" >&2; fail "$b's server did not start (its log: $log)"; }
    sleep 1
  done
  # a build that deflates the envelopes stored before V29 does so in the background after its start, one run per
  # transaction (minutes on this set, and what rounds 1 to 5 of 8 measured once): wait for its last line
  sleep 15
  if grep -q 'hold their envelope verbatim' "$log"; then
    until grep -q -E 'envelopes: (deflated [0-9]+ of [0-9]+ runs in|stopped)' "$log"; do
      kill -0 "$server" 2>/dev/null || { tail -20 "$log" >&2; fail "$b's server stopped while settling (its log: $log)"; }
      sleep 5
    done
  fi
  (PODIUM_DATA_DIR=${data[$b]} && export PODIUM_DATA_DIR && . "$repo/ci/db-env.sh" && psql -qX -c 'vacuum (analyze)') >&2 \
    || fail "VACUUM (ANALYZE) of $b's copy failed"
  stop
done

for r in $(seq 1 "$rounds"); do
  for b in $(ab_order "$r"); do
    echo "bench-read-ab: round $r of $rounds, $b ($(date +%T), load average $(cut -d' ' -f1 /proc/loadavg))" >&2
    log=$out/server-$r-$b.log
    serve "$b"
    taskset -c 1 env THREADS=1 "$here/read.sh" --url "http://127.0.0.1:$port" >"$out/round-$r-$b.txt" \
      || { tail -20 "$log" >&2; fail "round $r, $b: the measurement failed (its output: $out)"; }
    stop
  done
done

# --- 4. the comparison --------------------------------------------------------------------------------------------
figures() { # round file -> "health plain gzip health-p99 plain-p99 gzip-p99"
  awk '/^read bench: health/ {
    for (i = 1; i <= NF; i++) {
      if ($i == "health") h = $(i + 1)
      if ($i == "leaderboard") p = $(i + 1)
      if ($i == "gzipped") g = $(i - 2)
      if ($i == "p99") { q[++n] = $(i + 1); sub(/[;,]$/, "", q[n]) }
    }
  }
  /^--- \/q\/health/ { s = 1 } s && $1 == "99%" { hp = $2; s = 0 }
  END { print h, p, g, hp, q[1], q[2] }' "$1"
}
echo "make bench-read, this checkout ($(git -C "$repo" rev-parse --short HEAD)$(git -C "$repo" diff --quiet HEAD -- backend || echo ', with changes')) against $BEFORE (${sha:0:12}): server on CPU 0, wrk on CPU 1, rounds: $rounds"
printf '%-6s %-7s %10s %10s %10s   %s\n' round build health plain gzipped "p99 health / plain / gzipped"
for r in $(seq 1 "$rounds"); do
  for b in before after; do
    read -r h p g hp pp gp < <(figures "$out/round-$r-$b.txt")
    printf '%-6s %-7s %10s %10s %10s   %s / %s / %s\n' "$r" "$b" "$h" "$p" "$g" "$hp" "$pp" "$gp"
    echo "$r $b $h $p $g" >>"$out/figures"
  done
done
ab_compare "$out/figures" "$rounds" health plain gzipped
echo "each round's output and server log: $out"
