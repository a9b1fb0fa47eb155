#!/usr/bin/env bash
# The main job on one machine (`make run`): start the results service (embedded PostgreSQL under .podium/),
# generate and enrol a local agent key (reused on later runs), measure the suite's `quick` profile with
# progress shown, push the signed run, print the leaderboard URL, and keep the service up until Ctrl-C.
# PODIUM_PROFILE picks another profile; PODIUM_DETACH=1 leaves the service running in the background and returns.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
JAVA_HOME=$(JAVA_HOME=${JAVA_HOME:-} ci/find-jdk.sh)
export JAVA_HOME
port=${PODIUM_PORT:-8080}
url="http://127.0.0.1:$port"
profile=${PODIUM_PROFILE:-quick}
agent="$root/agent/bin/podium-agent"
jar="$root/backend/target/quarkus-app/quarkus-run.jar"
state="$root/.podium"
export PODIUM_HOME="$state/agent"
mkdir -p "$state" "$PODIUM_HOME"

say() { printf '\n== %s\n' "$*"; }

# The admin token: from the environment, else one generated on the first run and kept (mode 0600).
if [ -z "${PODIUM_ADMIN_TOKEN:-}" ]; then
  if [ ! -s "$state/admin-token" ]; then
    (umask 077; od -An -tx1 -N32 /dev/urandom | tr -d ' \n' > "$state/admin-token")
  fi
  PODIUM_ADMIN_TOKEN=$(cat "$state/admin-token")
fi
export PODIUM_ADMIN_TOKEN PODIUM_PORT=$port

ready() { curl -fs -o /dev/null --max-time 2 "$url/q/health/ready" 2>/dev/null; }

service_pid=""
stop_service() {
  if [ -n "$service_pid" ] && kill -0 "$service_pid" 2>/dev/null; then
    echo "stopping the service (pid $service_pid)"
    kill "$service_pid" && wait "$service_pid" 2>/dev/null || true
  fi
}

if ready; then
  say "a Podium service already answers on $url: using it (it must have been started with the same admin token)"
else
  say "starting the service on $url (log: .podium/service.log, data: .podium/)"
  (cd "$root" && exec "$JAVA_HOME/bin/java" -jar "$jar") > "$state/service.log" 2>&1 &
  service_pid=$!
  trap stop_service EXIT
  deadline=$((SECONDS + 120))
  until ready; do
    if ! kill -0 "$service_pid" 2>/dev/null; then
      echo "the service exited during start-up; its log:" >&2; tail -40 "$state/service.log" >&2; exit 1
    fi
    [ $SECONDS -lt $deadline ] || { echo "the service was not ready within 120 s; see .podium/service.log" >&2; exit 1; }
    sleep 1
  done
  echo "ready after $SECONDS s"
fi

say "this machine's agent key (.podium/agent/agent-key.json): generated once, then reused"
"$agent" keygen --if-missing --name "$(hostname)-local"
"$agent" enroll --server "$url" --admin-token "$PODIUM_ADMIN_TOKEN"

say "measuring the '$profile' profile of the suite (Ctrl-C stops the targets and keeps what is spooled)"
set +e
"$agent" run --suite "$root/agent/suite/suite.json" --profile "$profile" --server "$url"
rc=$?
set -e
case $rc in
  0) ;;
  3) echo "some targets failed their checks (named above); the run holds the others" ;;
  *) echo "podium-agent run failed (exit $rc)" >&2; exit $rc ;;
esac

say "pushing the spool to $url"
"$agent" push --server "$url"

say "done"
echo "leaderboard:  $url/?scenario=plaintext"
echo "API:          $url/api/leaderboard?scenario=plaintext"
echo "runs:         $url/api/runs"
echo "this agent:   agent/bin/podium-agent status --home .podium/agent   (its key and spool; or PODIUM_HOME=$PODIUM_HOME)"
if [ -n "$service_pid" ]; then
  if [ "${PODIUM_DETACH:-0}" = 1 ]; then
    trap - EXIT
    echo "the service keeps running in the background (pid $service_pid); stop it with: kill $service_pid"
  else
    echo "the service keeps running; Ctrl-C stops it"
    wait "$service_pid"
  fi
fi
