#!/usr/bin/env bash
# `make load`: starts a fresh service (throwaway embedded database, port picked by the kernel, loopback only) and runs
# Load.java against it: 20 agents pushing signed runs with enrolled keys and 200 readers for 60 s. Prints the answers,
# the 5xx count, runs answered 201 vs stored, and read p50/p99; fails on any 5xx or lost run.
# Environment: AGENTS (20), READERS (200), LOAD_SECONDS (60).
set -euo pipefail
cd "$(dirname "$0")/../.."
export PODIUM_ADMIN_TOKEN=load-test-token
source ci/service.sh
trap 'stop_services; rm -rf "$tmp"' EXIT
start_service svc "$tmp/data"
"$JAVA_HOME/bin/java" -cp 'backend/target/quarkus-app/lib/main/*' backend/bench/Load.java --url "$svc_url" \
  --admin-token "$PODIUM_ADMIN_TOKEN" --payload schema/testdata/payloads/valid/minimal.json \
  --agents "${AGENTS:-20}" --readers "${READERS:-200}" --seconds "${LOAD_SECONDS:-60}"
