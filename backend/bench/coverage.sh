#!/usr/bin/env bash
# make bench-coverage: measures the same cells TRIES times (default 4) with FORKS JVM starts each (default 3), as
# `podium-agent run` does (no push), then prints how often a 95% interval covers the next figure: one-start intervals
# against the next JVM start, multi-start intervals (the service's t-forks rule) against the next run
# (backend/bench/Coverage.java, with the service's own statistics). Not a test: run it on a quiet machine.
#   TARGETS="vertx-web tomcat helidon-se quarkus-rest" SCENARIO=plaintext VCPUS=1 CONNECTIONS=64 REPEATS=3 FORKS=3 TRIES=4
#   KEEP=dir keeps the payloads (default: a temporary folder, removed at the end)
set -euo pipefail
source "$(dirname "$0")/agent.sh"
TARGETS=${TARGETS:-vertx-web tomcat helidon-se quarkus-rest}
SCENARIO=${SCENARIO:-plaintext} VCPUS=${VCPUS:-1} CONNECTIONS=${CONNECTIONS:-64}
REPEATS=${REPEATS:-3} FORKS=${FORKS:-3} TRIES=${TRIES:-4}
agent_workspace bench-coverage

files=()
for i in $(seq "$TRIES"); do
  echo "== run $i of $TRIES: ${TARGETS// /,} $SCENARIO, $VCPUS vCPU, c=$CONNECTIONS, $FORKS starts x $REPEATS repeats" >&2
  start=$SECONDS
  "$agent" run --suite "$repo/agent/suite/suite.json" --profile quick --baseline=false \
    --target "${TARGETS// /,}" --scenario "$SCENARIO" --vcpus "$VCPUS" --connections "$CONNECTIONS" \
    --repeats "$REPEATS" --forks "$FORKS" --output "$work/run-$i.json" \
    >"$work/run-$i.log" 2>&1 || { echo "bench-coverage: run $i failed:" >&2; tail -20 "$work/run-$i.log" >&2; exit 1; }
  echo "   $(( SECONDS - start )) s" >&2
  files+=("$work/run-$i.json")
done

source "$here/classpath.sh"
classpath=$(compiled_classpath coverage)
"$JAVA_HOME/bin/java" -cp "$classpath" "$here/Coverage.java" "${files[@]}"
