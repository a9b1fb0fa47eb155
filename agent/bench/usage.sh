#!/usr/bin/env bash
# Sampling must not cost the target: the same loopback target's throughput with and without the agent's usage
# sampler, interleaved over ROUNDS rounds of DURATION seconds in one run; prints each figure, their ratio and the
# load average. Settings: ROUNDS (6), DURATION seconds (5), CONNECTIONS (64).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v wrk >/dev/null || { echo "bench-usage: wrk is not installed (apt-get install -y wrk)" >&2; exit 1; }
[ "$(nproc)" -ge 2 ] || { echo "bench-usage: needs 2 CPUs" >&2; exit 1; }
go build -o bin/contractserver ./bench/contractserver
go build -o bin/usagebench ./bench/usagebench
exec bin/usagebench -target bin/contractserver -rounds "${ROUNDS:-6}" -duration "${DURATION:-5}s" -connections "${CONNECTIONS:-64}"
