#!/usr/bin/env bash
# make bench-quick: runs the quick profile TRIES times (5) back to back on this host, exactly as `make run` measures
# it (no push), and prints how long each run took and whether each run ranked the frameworks in the same order as
# the run before it. Not a test.
# Order: per cell kind (scenario, connections, vCPUs), targets sorted by throughput; two runs disagree when some pair
# of targets is in the opposite order in the two runs and the pair's 95% Student's t intervals are apart in both
# (the board shows a pair whose intervals overlap as a tie, so swapping a tie is no disagreement).
# SERVER=http://127.0.0.1:8080 also pushes each run there, signed with the agent home that `make run` enrolled
# (AGENT_HOME, default .podium/agent): the tries land on that service's board as ordinary runs.
set -euo pipefail
cd "$(dirname "$0")/.."
AGENT=$PWD/bin/podium-agent SUITE=${SUITE:-$PWD/suite/suite.json}
[ -x "$AGENT" ] || { echo "bench-quick: run make -C agent build first" >&2; exit 1; }
TRIES=${TRIES:-5} PROFILE=${PROFILE:-quick}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
SERVER=${SERVER:-}
if [ -n "$SERVER" ]; then
  export PODIUM_HOME=${AGENT_HOME:-$(cd .. && pwd)/.podium/agent}
  [ -s "$PODIUM_HOME/agent-key.json" ] || { echo "bench-quick: no agent key in $PODIUM_HOME: run make run first, or set AGENT_HOME" >&2; exit 1; }
else
  export PODIUM_HOME=$work/home
  "$AGENT" keygen >/dev/null
fi

for i in $(seq "$TRIES"); do
  echo "== try $i of $TRIES: podium-agent run --profile $PROFILE" >&2
  start=$SECONDS
  "$AGENT" run --suite "$SUITE" --profile "$PROFILE" --output "$work/run-$i.json" >"$work/run-$i.log" 2>&1 \
    || { echo "bench-quick: try $i failed:" >&2; tail -20 "$work/run-$i.log" >&2; exit 1; }
  echo $(( SECONDS - start )) >"$work/secs-$i"
  echo "   $(( SECONDS - start )) s" >&2
  if [ -n "$SERVER" ]; then "$AGENT" push --server "$SERVER" >&2 || { echo "bench-quick: push to $SERVER failed" >&2; exit 1; }; fi
done

python3 - "$work" "$TRIES" <<'PY'
import json, math, statistics, sys
from itertools import combinations
work, tries = sys.argv[1], int(sys.argv[2])
T975 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262}

def board(path):
    """{(scenario, connections, vcpus): {target: (mean, low, high)}} of one run."""
    cells = {}
    for c in json.load(open(path))["results"]:
        if c.get("loadModel") != "closed":
            continue
        rps = [r["requestsPerSecond"] for r in c["repeats"]]
        m = statistics.fmean(rps)
        h = T975.get(len(rps) - 1, 1.96) * statistics.stdev(rps) / math.sqrt(len(rps)) if len(rps) > 1 else 0
        name = f'{c["framework"]} ({c["ioModel"]})'
        cells.setdefault((c["scenario"], c["connections"], c["vcpus"]), {})[name] = (m, m - h, m + h)
    return cells

def apart(a, b):
    return a[2] < b[1] or b[2] < a[1]

runs = [board(f"{work}/run-{i}.json") for i in range(1, tries + 1)]
secs = [int(open(f"{work}/secs-{i}").read()) for i in range(1, tries + 1)]
for i, (run, s) in enumerate(zip(runs, secs), 1):
    print(f"try {i}: {s // 60} min {s % 60:02d} s")
    for kind, rows in sorted(run.items()):
        order = sorted(rows, key=lambda t: -rows[t][0])
        print(f"   {kind[0]} c={kind[1]} {kind[2]} vCPU: " + " > ".join(f"{t} {rows[t][0]:,.0f}" for t in order))
same = 0
for i in range(1, tries):
    a, b, swaps = runs[i - 1], runs[i], []
    for kind in sorted(set(a) & set(b)):
        for x, y in combinations(sorted(set(a[kind]) & set(b[kind])), 2):
            ax, ay, bx, by = a[kind][x], a[kind][y], b[kind][x], b[kind][y]
            if (ax[0] - ay[0]) * (bx[0] - by[0]) < 0 and apart(ax, ay) and apart(bx, by):
                swaps.append(f"{kind[0]} c={kind[1]}: {x} vs {y}")
    same += not swaps
    print(f"tries {i} and {i + 1}: " + ("same order (ties allowed)" if not swaps else "DIFFERENT: " + "; ".join(swaps)))
print(f"bench-quick: {same} of {tries - 1} consecutive pairs in the same order; runs took "
      f"{min(secs)} to {max(secs)} s (target: at most 240 s)")
PY
