#!/usr/bin/env bash
# make bench-reproduce: does a verdict reproduce from one run to the next? (issue 39, item 6.) Two arms, each two
# complete runs of the same cells one after the other (no push: podium-agent run --output):
#   rounds      the agent's default order (interleaved rounds) with nightly's budget: FORKS_ROUNDS JVM starts (3) of
#               REPEATS_ROUNDS repeats (2) of DURATION_ROUNDS (2.5s);
#   sequential  --order sequential with the budget before issue 39: 2 starts of 3 x 3 s repeats, its repeats raised
#               until its plan takes at least the rounds arm's planned time (each arm in the same planned time).
# Then backend/bench/Reproduce.java judges every run alone with the service's comparison engine and prints each
# target's figures and intervals in both runs, Kendall's tau, the pairs decided by each run, decided alike and in
# opposite orders, the ratio coverage and the figure coverage, and the issue's criteria. Not a test: run it on a
# quiet machine (nothing else running); it takes about 4 x the planned time it prints first.
#   TARGETS="jetty undertow tomcat tomcat-vt netty vertx-web helidon-se quarkus-rest" SCENARIOS="plaintext json"
#   VCPUS=1 CONNECTIONS=256 ARMS="rounds sequential" (the order the arms are measured in) KEEP=dir (keep payloads)
set -euo pipefail
source "$(dirname "$0")/agent.sh"
TARGETS=${TARGETS:-jetty undertow tomcat tomcat-vt netty vertx-web helidon-se quarkus-rest}
SCENARIOS=${SCENARIOS:-plaintext json} VCPUS=${VCPUS:-1} CONNECTIONS=${CONNECTIONS:-256}
FORKS_ROUNDS=${FORKS_ROUNDS:-3} REPEATS_ROUNDS=${REPEATS_ROUNDS:-2} DURATION_ROUNDS=${DURATION_ROUNDS:-2.5s}
ARMS=${ARMS:-rounds sequential}
agent_workspace bench-reproduce

common=(--suite "$repo/agent/suite/suite.json" --profile nightly --baseline=false --cost-rungs 0
  --target "${TARGETS// /,}" --scenario "${SCENARIOS// /,}" --vcpus "$VCPUS" --connections "$CONNECTIONS")
declare -A arm
arm[rounds]="--order rounds --forks $FORKS_ROUNDS --repeats $REPEATS_ROUNDS --duration $DURATION_ROUNDS"
planned() { "$agent" plan "${common[@]}" "$@" --json 2>/dev/null | jq '.plannedSeconds'; }
# shellcheck disable=SC2086
target_s=$(planned ${arm[rounds]})
repeats=3
# shellcheck disable=SC2086
while [ "$(planned --order sequential --forks 2 --duration 3s --repeats $repeats | awk -v t="$target_s" '{ print ($1 < t) }')" = 1 ] && [ $repeats -lt 30 ]; do
  repeats=$((repeats + 1))
done
arm[sequential]="--order sequential --forks 2 --duration 3s --repeats $repeats"
for a in $ARMS; do
  # shellcheck disable=SC2086
  echo "arm $a: ${arm[$a]}, planned $(planned ${arm[$a]}) s a run" >&2
done

for a in $ARMS; do
  for i in 1 2; do
    echo "== $a, run $i of 2 ($(date -u +%H:%M:%S))" >&2
    start=$SECONDS
    # shellcheck disable=SC2086
    "$agent" run "${common[@]}" ${arm[$a]} --output "$work/$a-$i.json" >"$work/$a-$i.log" 2>&1 ||
      { echo "bench-reproduce: $a run $i failed:" >&2; tail -20 "$work/$a-$i.log" >&2; exit 1; }
    echo "   $(( SECONDS - start )) s" >&2
  done
done

echo "bench-reproduce on $(git -C "$repo" rev-parse --short HEAD), $(date -u +%Y-%m-%d), targets: $TARGETS; $SCENARIOS at c=$CONNECTIONS, $VCPUS vCPU"
for a in $ARMS; do echo "arm $a: ${arm[$a]}"; done
source "$here/classpath.sh"
classpath=$(compiled_classpath reproduce)
"$JAVA_HOME/bin/java" -cp "$classpath" "$here/Reproduce.java" \
  "$work/rounds-1.json" "$work/rounds-2.json" "$work/sequential-1.json" "$work/sequential-2.json"
