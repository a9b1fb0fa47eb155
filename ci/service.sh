# Sourced, from the repository's root, by the scripts that start throwaway services (backup-test.sh,
# shutdown-test.sh, resume-test.sh, load.sh, soak.sh). Sourcing it finds the JDK (JAVA_HOME, else ci/find-jdk.sh),
# unsets PODIUM_DB_URL (a throwaway service keeps its data in its own embedded database) and makes a folder $tmp for
# the caller to remove.
# start_service NAME DATA_DIR [PORT] starts the built service (log: DATA_DIR.NAME.log) on PORT or one the kernel picks,
# waits until it listens, and sets NAME_pid and NAME_url; stop_services stops every service it started, by pid;
# enrol_test_agent URL enrols the test vectors' key.
# Needs the jar.
JAVA_HOME=$(JAVA_HOME=${JAVA_HOME:-} ci/find-jdk.sh)
export JAVA_HOME
unset PODIUM_DB_URL
tmp=$(mktemp -d)
jar=${PODIUM_JAR:-backend/target/quarkus-app/quarkus-run.jar}
started_pids=()

start_service() {
  local name=$1 data=$2 log="$2.$1.log" deadline port
  [ -f "$jar" ] || { echo "no $jar: run make backend first" >&2; return 1; }
  mkdir -p "$(dirname "$data")"
  PODIUM_DATA_DIR=$data PODIUM_PORT=${3:-0} PODIUM_HOST=127.0.0.1 "$JAVA_HOME/bin/java" -jar "$jar" > "$log" 2>&1 &
  local pid=$!
  started_pids+=("$pid")
  deadline=$((SECONDS + 180))
  until port=$(grep -o 'Listening on: http://127.0.0.1:[0-9]*' "$log" | head -1 | sed 's/.*://') && [ -n "$port" ]; do
    kill -0 "$pid" 2>/dev/null || { echo "service $name exited during start; its log:" >&2; tail -30 "$log" >&2; return 1; }
    [ $SECONDS -lt $deadline ] || { echo "service $name not up within 180 s" >&2; return 1; }
    sleep 0.5
  done
  printf -v "${name}_pid" '%s' "$pid"
  printf -v "${name}_url" '%s' "http://127.0.0.1:$port"
}

# enrol_test_agent URL enrols the test vectors' agent key (schema/testdata/keys/test-agent.json) with the admin token,
# so that the vectors' signed runs (schema/testdata/cases.json) are accepted.
enrol_test_agent() {
  curl -fsS -X POST "$1/api/agents" -H "Authorization: Bearer $PODIUM_ADMIN_TOKEN" -H 'Content-Type: application/json' \
    -d "{\"name\":\"test-agent\",\"publicKey\":\"$(jq -r .publicKey schema/testdata/keys/test-agent.json)\"}" >/dev/null
}

stop_services() {
  local pid
  for pid in "${started_pids[@]}"; do
    kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
  done
}
