#!/usr/bin/env bash
# `make soak`: 4 agents (own enrolled keys) push 1,000 signed runs, retrying as the agent does, while the service is
# killed with SIGKILL and restarted on the same data and port twice (its orphaned PostgreSQL is recovered by the next
# start). Then exactly 1,000 runs must be stored, none twice, each byte-identical and verifying. Loopback only,
# throwaway data, bounded to 10 minutes. Environment: RUNS (1000), AGENTS (4), KILL_AFTER (seconds, 15).
set -euo pipefail
cd "$(dirname "$0")/.."
export PODIUM_ADMIN_TOKEN=soak-test-token
source ci/service.sh
soak_pid=""
trap '[ -n "$soak_pid" ] && kill "$soak_pid" 2>/dev/null; stop_services; rm -rf "$tmp"' EXIT
# a port fixed for the three lives of the service, so the pushers find it again; free now, picked at run time
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
start_service s1 "$tmp/data" "$port"
"$JAVA_HOME/bin/java" -cp 'backend/target/quarkus-app/lib/main/*' backend/bench/Soak.java --url "$s1_url" \
  --admin-token "$PODIUM_ADMIN_TOKEN" --payload schema/testdata/payloads/valid/minimal.json \
  --agents "${AGENTS:-4}" --runs "${RUNS:-1000}" --minutes 10 &
soak_pid=$!
for life in 2 3; do
  sleep "${KILL_AFTER:-15}"
  previous=$(eval echo "\$s$((life - 1))_pid")
  kill -KILL "$previous"
  down=$SECONDS
  echo "soak: service killed with SIGKILL (pid $previous); restarting on port $port"
  start_service "s$life" "$tmp/data" "$port"
  echo "soak: service listening again after $((SECONDS - down)) s"
done
wait "$soak_pid"
soak_pid=""
