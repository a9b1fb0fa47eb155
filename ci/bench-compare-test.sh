#!/usr/bin/env bash
# Checks the Markdown ci/bench-compare.sh renders from a stored /api/diff answer (ci/testdata/diff.json).
set -euo pipefail
cd "$(dirname "$0")"
out=$(./bench-compare.sh --diff-json testdata/diff.json)
expect() { grep -qxF -- "$1" <<<"$out" || { echo "bench-compare-test: missing line: $1"; echo "$out"; exit 1; }; }
expect "### Benchmark: this run against main"
expect "Run 00000000 (suite fedcba987654) against 00000000 (suite 0123456789ab) on Test CPU @ 3.00GHz · 4 vCPU · 16 GiB: 3 cells compared, 2 moved (Welch, p < 0.05); 0 only in main, 1 only in this run."
expect "| 🔴 | Netty (non-blocking) plaintext closed 256 conn. 2 vCPU | throughput | 100000 | 85000 | −15% | < 0.001 |"
expect "| 🟢 | Vert.x Web (non-blocking) plaintext closed 256 conn. 2 vCPU | p99 | 4.2 | 3.87 | −7.9% | 0.012 |"
expect '- `frameworkVersion:Netty`: 4.2.7.Final → 4.2.8.Final'
expect '- `frameworkVersion:Jetty`: — → 12.0.16'
# nothing moved: said in words, no table
none=$(jq '.moved = []' testdata/diff.json | ./bench-compare.sh --diff-json /dev/stdin)
grep -qxF "No cell moved significantly." <<<"$none" || { echo "bench-compare-test: no 'nothing moved' line"; exit 1; }
! grep -q '^| ' <<<"$none" || { echo "bench-compare-test: a table with nothing in it"; exit 1; }
echo "bench-compare-test: ok"
