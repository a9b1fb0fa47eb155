#!/usr/bin/env bash
# What the GC log costs a JVM target: every suite JVM writes -Xlog:gc,gc+heap=debug to its work folder (allocation
# per request comes from it). Throughput cannot show a cost well under 1% on a VM whose runs differ by 10-20%, so
# this measures the cost per collection instead: a JVM that does nothing but allocate (GcLogCost.java, 1 KiB arrays)
# with the suite's flags on a small heap, pinned to one CPU, with and without the log, alternating over ROUNDS
# rounds; the difference in process CPU time over the collections is what one collection's log lines cost. Multiply
# by a cell's collections per second (its gcCount over its duration, on the run page) for the share of its CPU.
# Settings: ROUNDS (6), ARRAYS allocated a run (20000000), HEAP (64m).
set -euo pipefail
cd "$(dirname "$0")"
JAVA_HOME=$(JAVA_HOME=${JAVA_HOME:-} ../../ci/find-jdk.sh) # the JDK the suite's targets run on
java=$JAVA_HOME/bin/java javac=$JAVA_HOME/bin/javac
[ "$(nproc)" -ge 2 ] || { echo "bench-gclog: needs 2 CPUs (the JVM pinned to one)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$javac" -d "$work" gclog/GcLogCost.java
heap=${HEAP:-64m}
flags=(-Xms"$heap" -Xmx"$heap" -XX:+UseG1GC -XX:ActiveProcessorCount=1) # the suite's, on a heap small enough to collect often
echo "bench-gclog: $("$java" -version 2>&1 | head -1); ${ROUNDS:-6} rounds of ${ARRAYS:-20000000} arrays of 1 KiB on a $heap heap, pinned to CPU 0"
for r in $(seq 1 "${ROUNDS:-6}"); do
  for mode in log nolog; do
    [ $((r % 2)) = 0 ] && mode=$([ $mode = log ] && echo nolog || echo log) # alternate which goes first
    extra=()
    [ $mode = log ] && extra=("-Xlog:gc,gc+heap=debug:file=$work/gc.log:uptime,tags:filecount=0")
    rm -f "$work/gc.log"
    read -r cpu gcs gcms < <(taskset -c 0 "$java" "${flags[@]}" "${extra[@]}" -cp "$work" GcLogCost "${ARRAYS:-20000000}")
    lines=0 bytes=0
    [ -f "$work/gc.log" ] && lines=$(wc -l <"$work/gc.log") && bytes=$(wc -c <"$work/gc.log")
    echo "round $r $mode cpu_ns $cpu collections $gcs log_lines $lines log_bytes $bytes collection_ms $gcms"
  done
done | tee "$work/rounds"
awk '
  { cpu[$3] += $5; n[$3]++; gcs[$3] += $7; lines[$3] += $9; ms[$3] += $13 }
  END {
    if (!n["log"] || !n["nolog"]) exit 1
    dcpu = cpu["log"] / n["log"] - cpu["nolog"] / n["nolog"]
    gc = gcs["log"] / n["log"]
    printf "with the log: %.3f s of CPU a run, %d collections, %.1f log lines a collection\n", cpu["log"] / n["log"] / 1e9, gc, lines["log"] / gcs["log"]
    printf "without it:   %.3f s of CPU a run, %d collections\n", cpu["nolog"] / n["nolog"] / 1e9, gcs["nolog"] / n["nolog"]
    printf "the log costs %.1f us of CPU a collection (%.2f%% of this run'"'"'s CPU)\n", dcpu / gc / 1e3, 100 * dcpu / (cpu["nolog"] / n["nolog"])
    printf "the collections took %.1f us each with the log, %.1f us without (the log lines are written in the pause)\n", 1000 * ms["log"] / gcs["log"], 1000 * ms["nolog"] / gcs["nolog"]
  }' "$work/rounds"
echo "per round, the spread of the difference:"
awk '{ c[$2" "$3] = $5; t[$2" "$3] = $13; g[$2] = $7 } END { for (r = 1; ("" r " log") in c; r++) printf "  round %d: %+.1f us of CPU a collection, %+.1f us of pause\n", r, (c[r" log"] - c[r" nolog"]) / g[r] / 1e3, 1000 * (t[r" log"] - t[r" nolog"]) / g[r] }' "$work/rounds"
