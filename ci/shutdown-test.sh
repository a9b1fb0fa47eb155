#!/usr/bin/env bash
# SIGTERM to the service on its embedded PostgreSQL (make run's default): for its shutdown delay it still answers,
# stores and serves, and its PostgreSQL stops only after the application. A run posted 2 s after SIGTERM (a 5 s
# delay) must be answered 201 and be there after a restart on the same data; the service must exit by itself and
# leave no PostgreSQL running. Before ServiceDatabase, zonky's JVM hook stopped PostgreSQL at once and that post
# failed. Loopback only, throwaway data.
set -euo pipefail
cd "$(dirname "$0")/.."
export PODIUM_ADMIN_TOKEN=shutdown-test-token PODIUM_SHUTDOWN_DELAY=5S
source ci/service.sh
trap 'stop_services; rm -rf "$tmp"' EXIT

start_service a "$tmp/data"
enrol_test_agent "$a_url"
mapfile -t envelopes < <(jq -r '.[] | select(.status == 201) | .envelope' schema/testdata/cases.json | head -2)
post() { curl -sS -o "$tmp/answer.json" -w '%{http_code}' -X POST "$a_url/api/runs" -H 'Content-Type: application/json' \
  --data-binary "@schema/testdata/$1"; }
[ "$(post "${envelopes[0]}")" = 201 ] || { echo "the first run was not stored:" >&2; cat "$tmp/answer.json" >&2; exit 1; }
postmaster=$(head -1 "$tmp/data/postgres/postmaster.pid")

kill -TERM "$a_pid"
sleep 2
kill -0 "$a_pid" 2>/dev/null || { echo "the service exited within 2 s of SIGTERM, before its 5 s delay:" >&2; tail -20 "$tmp/data.a.log" >&2; exit 1; }
code=$(post "${envelopes[1]}")
[ "$code" = 201 ] || { echo "a run posted 2 s after SIGTERM, in the shutdown delay, was answered $code:" >&2
  cat "$tmp/answer.json" >&2; echo; tail -20 "$tmp/data.a.log" >&2; exit 1; }
listed=$(curl -fsS "$a_url/api/runs" | jq '.items | length')
[ "$listed" = 2 ] || { echo "in the shutdown delay the service lists $listed runs, not 2" >&2; exit 1; }

deadline=$((SECONDS + 60))
while kill -0 "$a_pid" 2>/dev/null; do
  [ $SECONDS -lt $deadline ] || { echo "the service still runs 60 s after SIGTERM" >&2; exit 1; }
  sleep 0.2
done
# a postmaster whose parent is gone may stay a zombie until init reaps it: that one has stopped
state=$(awk '{print $3}' "/proc/$postmaster/stat" 2>/dev/null || true)
[ -z "$state" ] || [ "$state" = Z ] || { echo "PostgreSQL ($postmaster) still runs after the service exited" >&2; exit 1; }
grep -q 'the embedded PostgreSQL stopped' "$tmp/data.a.log" ||
  { echo "the service did not say it stopped its PostgreSQL:" >&2; tail -20 "$tmp/data.a.log" >&2; exit 1; }

start_service b "$tmp/data"
kept=$(curl -fsS "$b_url/api/runs" | jq '.items | length')
[ "$kept" = 2 ] || { echo "after a restart the service holds $kept runs, not the 2 it answered 201" >&2; exit 1; }
echo "shutdown: a run sent in the 5 s delay after SIGTERM was stored (201) and kept across a restart; PostgreSQL stopped after the service"
