#!/usr/bin/env bash
# Measures podium-agent against wrk run by hand with the same settings (threads, connections, duration,
# CPU pinning) on the same trivial loopback target, and the agent's own peak RSS (VmHWM) during a run.
# Prints both requests/s and their ratio (target: within 3%) and the peak RSS (target: under 30 MB).
# Settings: CONNECTIONS (64), DURATION seconds (5), REPEATS rounds (3), PORT (18181), OPEN_RATE (500: step 10 of the 1-vCPU step function).
set -euo pipefail
cd "$(dirname "$0")/.."
CONNECTIONS=${CONNECTIONS:-64} DURATION=${DURATION:-5} REPEATS=${REPEATS:-3} PORT=${PORT:-18181} OPEN_RATE=${OPEN_RATE:-500}
command -v wrk >/dev/null || { echo "measure: wrk is not installed (apt-get install -y wrk)" >&2; exit 1; }
[ "$(nproc)" -ge 2 ] || { echo "measure: needs 2 CPUs" >&2; exit 1; }
AGENT=$PWD/bin/podium-agent TARGET=$PWD/bin/contractserver
[ -x "$AGENT" ] && [ -x "$TARGET" ] || { echo "measure: run make build first" >&2; exit 1; }
# The agent's default layout on this host, which the hand run copies.
LAST=$(( $(nproc) - 1 )) HALF=$(( $(nproc) / 2 ))
LG_CPUS="$HALF-$LAST"; [ "$HALF" -eq "$LAST" ] && LG_CPUS=$LAST
SERVER_CPU=0 THREADS=$(( $(nproc) - HALF ))
work=$(mktemp -d) pid=""
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
export PODIUM_HOME=$work/home
"$AGENT" keygen >/dev/null

wait_up() { for _ in $(seq 100); do curl -fsS -o /dev/null "http://127.0.0.1:$PORT/plaintext" 2>/dev/null && return 0; sleep 0.1; done; echo "target did not start" >&2; exit 1; }

cat > "$work/suite.json" <<JSON
{"name": "bench", "version": "0",
 "targets": [{"name": "go", "framework": "Go net/http", "frameworkVersion": "$(go env GOVERSION)", "ioModel": "virtual-threads",
              "start": ["$TARGET"], "port": $PORT, "health": "/plaintext", "scenarios": ["plaintext", "delay"]}],
 "profiles": {"bench": {"targets": ["go"], "scenarios": ["plaintext"], "connections": [$CONNECTIONS], "vcpus": [1],
              "durationSeconds": $DURATION, "repeats": 1, "delayMs": 100,
              "warmup": {"windowSeconds": 2, "maxSeconds": 8, "tolerance": 0.03}}}}
JSON

# Polls VmHWM (the kernel's peak resident set) of a running process; prints the last value seen.
peak_rss() { local p=$1 hwm=0 v; while kill -0 "$p" 2>/dev/null; do
  v=$(awk '/^VmHWM:/ {print $2}' "/proc/$p/status" 2>/dev/null || true); [ -n "$v" ] && hwm=$v; sleep 0.2; done; echo "$hwm"; }

hand_round() { # prints requests/s of one wrk run by hand against a freshly started target
  # Same session as the agent's target (no setsid): with CFS autogroups a new session would get its own CPU share.
  env PORT=$PORT taskset -c $SERVER_CPU "$TARGET" & pid=$!   # env and taskset exec: $pid is the target
  trap 'kill $pid 2>/dev/null' EXIT                           # this runs in a subshell: stop it here too
  wait_up
  taskset -c "$LG_CPUS" wrk -t "$THREADS" -c "$CONNECTIONS" -d 4s "http://127.0.0.1:$PORT/plaintext" >/dev/null
  taskset -c "$LG_CPUS" wrk -t "$THREADS" -c "$CONNECTIONS" -d "${DURATION}s" "http://127.0.0.1:$PORT/plaintext" >"$work/hand.txt" & wpid=$!
  peak_rss $wpid >/dev/null   # the same polling as during the agent's run, so both carry its cost
  wait $wpid; awk '/^Requests\/sec:/ {print $2}' "$work/hand.txt"
  kill "$pid"; wait "$pid" 2>/dev/null || true; pid=""
}

agent_round() { # prints requests/s of one podium-agent run; keeps the peak RSS in $work/kb
  "$AGENT" run --suite "$work/suite.json" --profile bench --output "$work/closed.json" >"$work/run.log" 2>&1 & apid=$!
  peak_rss $apid >"$work/kb"; wait $apid || { cat "$work/run.log" >&2; exit 1; }
  python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['results'][0]['repeats'][0]['requestsPerSecond'])" "$work/closed.json"
}

# Interleaved rounds, the order swapped every round, so that drift in the machine's load hits both alike.
echo "hand:  taskset -c $LG_CPUS wrk -t $THREADS -c $CONNECTIONS -d ${DURATION}s (after a 4 s warm-up), target on CPU $SERVER_CPU"
echo "agent: podium-agent run --connections $CONNECTIONS --duration ${DURATION}s --repeats 1 (warm-up until stable), same pinning"
hand=() agent=() closed_kb=0
for round in $(seq "$REPEATS"); do
  if (( round % 2 )); then h=$(hand_round); a=$(agent_round); else a=$(agent_round); h=$(hand_round); fi
  kb=$(cat "$work/kb"); closed_kb=$(( kb > closed_kb ? kb : closed_kb ))
  echo "round $round: hand $h req/s, agent $a req/s"
  hand+=("$h") agent+=("$a")
done

echo "open loop: podium-agent run --scenario delay --rate $OPEN_RATE (fortio in-process, 100 ms delay), for the RSS"
"$AGENT" run --suite "$work/suite.json" --profile bench --scenario delay --rate "$OPEN_RATE" --output "$work/open.json" >"$work/open.log" 2>&1 & apid=$!
open_kb=$(peak_rss $apid); wait $apid || { cat "$work/open.log"; exit 1; }
agent="${agent[*]}"

python3 - "$closed_kb" "$open_kb" "${hand[*]}" "$agent" <<'PY'
import statistics, sys
closed_kb, open_kb = int(sys.argv[1]), int(sys.argv[2])
hand = [float(x) for x in sys.argv[3].split()]
agent = [float(x) for x in sys.argv[4].split()]
h, a = statistics.mean(hand), statistics.mean(agent)
ratio = a / h
per_round = statistics.median(x / y for x, y in zip(agent, hand))
print()
print(f"wrk by hand      {h:12,.0f} req/s (mean of {len(hand)} rounds)")
print(f"podium-agent     {a:12,.0f} req/s (mean of {len(agent)} rounds)")
print(f"ratio agent/hand {ratio:12.3f}   ({'within' if abs(ratio-1) <= 0.03 else 'OUTSIDE'} 3%); median of per-round ratios {per_round:.3f}")
load = open("/proc/loadavg").read().split()[0]
print(f"load average     {load:>12}   (on {__import__('os').cpu_count()} CPUs: other work on the host shows up as noise in both)")
print(f"agent peak RSS   {closed_kb/1024:9.1f} MB closed loop, {open_kb/1024:.1f} MB with fortio open loop   "
      f"({'under' if max(closed_kb, open_kb) < 30*1024 else 'OVER'} 30 MB)")
PY
