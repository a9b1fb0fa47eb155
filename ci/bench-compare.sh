#!/usr/bin/env bash
# Compares a run with the newest run of main on the same host class through GET /api/diff and prints Markdown
# (for $GITHUB_STEP_SUMMARY and the pull request comment).
#   ci/bench-compare.sh --service URL --run RUN_ID [--main-commits FILE] [--scan N]
#   ci/bench-compare.sh --diff-json FILE          # only render a stored /api/diff answer (the tests use this)
# --main-commits: main's commit hashes, one a line (default: `git rev-list -n 500 origin/main`); a run is "of main"
# when its suite commit is one of them. Exit 0 with a note when no run of main on that host class exists.
set -euo pipefail

service="" run="" commits="" diff_json="" scan=100
while [ $# -gt 0 ]; do
  case "$1" in
    --service) service="${2%/}"; shift 2 ;;
    --run) run="$2"; shift 2 ;;
    --main-commits) commits="$2"; shift 2 ;;
    --diff-json) diff_json="$2"; shift 2 ;;
    --scan) scan="$2"; shift 2 ;;
    *) echo "bench-compare: unknown argument $1" >&2; exit 2 ;;
  esac
done

# The diff as Markdown: the runs, the differing fields, every moved cell (largest effect first, at most 50).
render() {
  jq -r --arg service "$service" '
    def pct: (if . < 0 then "−" else "+" end) + ((if . < 0 then -. else . end) * 10 | round / 10 | tostring) + "%";
    def p: if . < 0.001 then "< 0.001" else (. * 1000 | round / 1000 | tostring) end;
    def num: if . >= 100 then (round | tostring) else (. * 100 | round / 100 | tostring) end;
    def link($id): if $service == "" then $id[0:8] else "[\($id[0:8])](\($service)/runs/\($id))" end;
    "### Benchmark: this run against main",
    "",
    "Run \(link(.b.runId)) (suite \(.b.suiteCommit[0:12])) against \(link(.a.runId)) (suite \(.a.suiteCommit[0:12])) on \(.b.hostClass): \(.compared) cells compared, \(.moved | length) moved (Welch, p < \(.alpha)); \(.onlyInA) only in main, \(.onlyInB) only in this run.",
    (if .sameHostClass then empty else "", "**Different host classes**: a move may be the host’s, not the code’s." end),
    "",
    (if (.moved | length) == 0 then "No cell moved significantly." else
      "| | cell | metric | main | this run | effect | p |",
      "|---|---|---|---:|---:|---:|---:|",
      (.moved[:50][] | "| \(if .improved then "🟢" else "🔴" end) | \(.framework) (\(.ioModel)) \(.scenario) \(.loadModel) \(.connections) conn. \(.vcpus) vCPU | \(.metric) | \(.valueA | num) | \(.valueB | num) | \(.effectPercent | pct) | \(.pValue | p) |"),
      (if (.moved | length) > 50 then "", "… and \((.moved | length) - 50) more." else empty end)
    end),
    (if (.differences | length) == 0 then empty else
      "", "What differs between the two runs:", "",
      (.differences[] | "- `\(.field)`: \(.a // "—") → \(.b // "—")")
    end)
  ' "$1"
}

if [ -n "$diff_json" ]; then
  render "$diff_json"
  exit 0
fi
[ -n "$service" ] && [ -n "$run" ] || { echo "bench-compare: --service and --run are required" >&2; exit 2; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ -n "$commits" ]; then cp "$commits" "$tmp/main"; else git rev-list -n 500 origin/main > "$tmp/main"; fi
get() { curl -fsS --max-time 30 "$service$1"; }

host_class=$(get "/api/runs?size=200" | jq -r --arg id "$run" '.items[] | select(.id == $id) | .hostClass')
[ -n "$host_class" ] || { echo "bench-compare: run $run is not among the service's newest 200 runs" >&2; exit 1; }
base=""
for candidate in $(get "/api/runs?size=200" | jq -r --arg id "$run" --arg hc "$host_class" \
    '.items[] | select(.id != $id and .hostClass == $hc) | .id' | head -n "$scan"); do
  commit=$(get "/api/runs/$candidate" | jq -r .suite.commit)
  if grep -qxF "$commit" "$tmp/main"; then base="$candidate"; break; fi
done
if [ -z "$base" ]; then
  echo "### Benchmark: this run against main"
  echo
  echo "No run of main on $host_class to compare with yet."
  exit 0
fi
get "/api/diff?a=$base&b=$run" > "$tmp/diff.json"
render "$tmp/diff.json"
