#!/usr/bin/env bash
# Issue 24's end-to-end test with the real service: a real run (three bench/contractserver targets, real wrk)
# pushing to a throwaway service is SIGKILLed at a random moment after its first target is kept, then
# `run --resume` finishes it. The service must then show one complete run: every planned target done, every
# part's envelope verifying (podium-agent verify), every planned cell stored exactly once. Loopback only.
# (agent/cmd/podium-agent/resume_test.go does the same for SIGTERM and SIGKILL against a stand-in service.)
# Then issue 39's, with real JVM targets: three of the suite's targets in 3 interleaved rounds under a run key,
# SIGKILLed in round 2 (nothing kept yet) and again once its first target is kept, each time resumed by
# `run --resume --run-key` from a fresh agent home with only the key in it (another host of the class): the service
# shows one complete run whose every cell has its 3 starts, one a round, each once, with its round, place and time;
# each round's logged order names the three targets; every repeat carries its steal and CPU share.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v wrk >/dev/null || ci/install-deps.sh wrk
export PODIUM_ADMIN_TOKEN=resume-test-token
agent=$PWD/agent/bin/podium-agent contract=$PWD/agent/bin/contractserver # make agent builds both
source ci/service.sh
trap 'stop_services; rm -rf "$tmp"' EXIT

start_service svc "$tmp/svc"
export PODIUM_HOME=$tmp/home
"$agent" keygen >/dev/null 2>&1
"$agent" enroll --server "$svc_url" --name resume-test >/dev/null 2>&1
targets=""
for t in alpha beta gamma; do
  targets+="${targets:+,}{\"name\":\"$t\",\"framework\":\"F-$t\",\"frameworkVersion\":\"1\",\"ioModel\":\"blocking\",\"start\":[\"$contract\"],\"health\":\"/plaintext\",\"scenarios\":[\"json\",\"plaintext\"]}"
done
cat > "$tmp/suite.json" <<JSON
{"name":"resume-test","version":"1","targets":[$targets],
 "profiles":{"p":{"targets":["alpha","beta","gamma"],"scenarios":["json","plaintext"],"connections":[2],"vcpus":[1],
   "durationSeconds":1,"repeats":1,"warmup":{"windowSeconds":1,"maxSeconds":1,"tolerance":0.5}}}}
JSON
run=("$agent" run --suite "$tmp/suite.json" --profile p --baseline=false --push --server "$svc_url")

"${run[@]}" > "$tmp/first.log" 2>&1 &
pid=$!
deadline=$((SECONDS + 90))
until [ "$(jq '.kept | length' "$PODIUM_HOME/run-state.json" 2>/dev/null || echo 0)" -ge 1 ]; do
  [ $SECONDS -lt $deadline ] || { echo "no target kept within 90 s:" >&2; cat "$tmp/first.log" >&2; exit 1; }
  sleep 0.05
done
sleep "$(awk -v r="$RANDOM" 'BEGIN { printf "%.2f", r / 32767 * 2.5 }')"
kill -KILL "$pid"
wait "$pid" 2>/dev/null || true
kept=$(jq '.kept | length' "$PODIUM_HOME/run-state.json")
[ "$kept" -lt 3 ] || echo "resume-test: the run had finished before the SIGKILL (a busy host); --resume is then refused" >&2

if [ "$kept" -lt 3 ]; then
  # what the killed run kept reaches the service, which shows the run as interrupted
  "$agent" push --server "$svc_url" > "$tmp/push.log" 2>&1 || { cat "$tmp/push.log" >&2; exit 1; }
  curl -fsS "$svc_url/api/runs/$(jq -r .runId "$PODIUM_HOME/run-state.json")/parts" |
    jq -e --argjson kept "$kept" '.status == "interrupted" and (.done | length) >= $kept and (.notMeasured | length) == 3 - (.done | length)' >/dev/null ||
    { echo "the service does not show the killed run as interrupted with its $kept targets" >&2; exit 1; }
  "${run[@]}" --resume > "$tmp/resume.log" 2>&1 || { echo "run --resume failed:" >&2; cat "$tmp/resume.log" >&2; exit 1; }
fi
run_id=$(jq -r .runId "$PODIUM_HOME/run-state.json")
curl -fsS "$svc_url/api/runs/$run_id/parts" > "$tmp/parts.json"
jq -e '.status == "complete" and (.done | length) == 3 and (.failed | length) == 0 and (.notMeasured | length) == 0' \
  "$tmp/parts.json" >/dev/null || { echo "the service does not show one complete run:" >&2; cat "$tmp/parts.json" >&2; exit 1; }
: > "$tmp/cells"
for id in $(jq -r '.parts[].id' "$tmp/parts.json"); do
  curl -fsS "$svc_url/api/runs/$id/envelope" -o "$tmp/part.json"
  agent_id=$(curl -fsS "$svc_url/api/runs/$id" | tee "$tmp/detail.json" | jq -r '.agent.id')
  "$agent" verify "$tmp/part.json" --agent "$agent_id" --server "$svc_url" >/dev/null 2>&1 ||
    { echo "part $id does not verify" >&2; exit 1; }
  jq -r '.cells[] | "\(.framework) \(.scenario) \(.connections) \(.vcpus) \(.topology)"' "$tmp/detail.json" >> "$tmp/cells"
done
dups=$(sort "$tmp/cells" | uniq -d)
[ -z "$dups" ] || { echo "cells stored twice: $dups" >&2; exit 1; }
[ "$(sort -u "$tmp/cells" | wc -l)" = 6 ] || { echo "want the 6 planned cells, the service has:" >&2; cat "$tmp/cells" >&2; exit 1; }
echo "resume test: run $run_id SIGKILLed with $kept of 3 targets kept, resumed; the service shows it complete in $(jq '.parts | length' "$tmp/parts.json") parts, each verified, 6 cells once each"

# --- in rounds with real JVM targets, resumed from the service on a "fresh host" (a new agent home holding only the key) ---
# Three of the standard suite's targets (`make suite` builds them) in 3 interleaved rounds under real wrk, each start
# short (1 s repeats, a warm-up of at most 3 s), so the whole part takes a few minutes.
jvm_targets=jdk-httpserver,netty,undertow
key=resume-test-$RANDOM-$RANDOM
rounds=("$agent" run --suite "$PWD/agent/suite/suite.json" --profile quick --target "$jvm_targets" --scenario plaintext
  --connections 16 --vcpus 1 --jvm-mode default --cost-rungs 0 --repeats 2 --duration 1s --forks 3 --order rounds
  --warmup-window 1s --warmup-horizon 2s --warmup-min 1s --warmup-max 3s --baseline=false --push --server "$svc_url"
  --run-key "$key")
fresh_home() { # $1: name; a new home with only the agent's key
  export PODIUM_HOME=$tmp/$1; mkdir -p "$PODIUM_HOME"; cp "$tmp/home/agent-key.json" "$PODIUM_HOME/"
}
kill_when() { # $1: what to wait for (a jq test on the state, or a log line); the run is SIGKILLed then
  "${rounds[@]}" "${@:2}" > "$tmp/rounds.log" 2>&1 &
  local pid=$! deadline=$((SECONDS + 300))
  until eval "$1"; do
    kill -0 "$pid" 2>/dev/null || { echo "the run ended before it could be killed ($1):" >&2; cat "$tmp/rounds.log" >&2; exit 1; }
    [ $SECONDS -lt $deadline ] || { echo "not reached within 300 s: $1" >&2; cat "$tmp/rounds.log" >&2; exit 1; }
    sleep 0.05
  done
  kill -KILL "$pid"; wait "$pid" 2>/dev/null || true
}
fresh_home rounds-1
kill_when 'grep -q "round 2 of 3" "$tmp/rounds.log"'
grep -q "round 1 of 3 on 1 vCPUs: " "$tmp/rounds.log" || { echo "the run did not say its first round's order" >&2; exit 1; }
fresh_home rounds-2 # nothing was kept: the run is measured from the start under the same id, killed once a target is kept
kill_when '[ "$(jq ".kept | length" "$PODIUM_HOME/run-state.json" 2>/dev/null || echo 0)" -ge 1 ]' --resume
grep -q "holds no part of run" "$tmp/rounds.log" || { echo "--resume did not say the service held nothing yet:" >&2; cat "$tmp/rounds.log" >&2; exit 1; }
cp "$tmp/rounds.log" "$tmp/rounds-2.log"
rounds_id=$(jq -r .runId "$PODIUM_HOME/run-state.json")
"$agent" push --server "$svc_url" > "$tmp/push.log" 2>&1 || { cat "$tmp/push.log" >&2; exit 1; }
fresh_home rounds-3
"${rounds[@]}" --resume > "$tmp/rounds-resume.log" 2>&1 || { echo "run --resume --run-key failed:" >&2; cat "$tmp/rounds-resume.log" >&2; exit 1; }
grep -q "resuming run $rounds_id .* from what" "$tmp/rounds-resume.log" ||
  { echo "--resume did not continue run $rounds_id from the service:" >&2; cat "$tmp/rounds-resume.log" >&2; exit 1; }
curl -fsS "$svc_url/api/runs/$rounds_id/parts" > "$tmp/parts.json"
jq -e '.status == "complete" and (.done | length) == 3 and (.notMeasured | length) == 0' "$tmp/parts.json" >/dev/null ||
  { echo "the service does not show the run in rounds complete:" >&2; cat "$tmp/parts.json" >&2; exit 1; }
: > "$tmp/cells.json"
for id in $(jq -r '.parts[].id' "$tmp/parts.json"); do
  curl -fsS "$svc_url/api/runs/$id" | jq -c '.cells[]' >> "$tmp/cells.json"
done
# one cell per target, each once, with its 3 starts (one a round, each with its place in the round and its time, the
# rounds in time order) and its 6 repeats (2 a start), each with the host's steal and the target's CPU share
jq -se '
  (map(.framework + " " + .ioModel) | unique | length) == 3 and length == 3 and all(.[];
    ([.starts[].round] | sort) == [0, 1, 2] and
    all(.starts[]; .order >= 0 and .order < 3 and .startedAt != null) and
    ([.starts | sort_by(.round)[].startedAt] | . == sort) and
    (.repeats | length) == 6 and all(.repeats[]; .stealShare != null and .targetCpuShare != null))' "$tmp/cells.json" >/dev/null ||
  { echo "want 3 cells of 3 starts in rounds 0, 1, 2 (round, place, time) and 6 repeats with steal and CPU share each:" >&2
    jq -c '{framework, ioModel, starts, repeats: [.repeats[] | {fork, stealShare, targetCpuShare}]}' "$tmp/cells.json" >&2; exit 1; }
# the attempt that ran until a target was kept went through all three rounds: each round's order names the three targets
for r in 1 2 3; do
  line=$(grep -m1 "round $r of 3 on 1 vCPUs: " "$tmp/rounds-2.log") || { echo "no order for round $r:" >&2; cat "$tmp/rounds-2.log" >&2; exit 1; }
  for t in ${jvm_targets//,/ }; do
    [[ "$line" == *"$t"* ]] || { echo "round $r's order lacks $t: $line" >&2; exit 1; }
  done
done
echo "resume test in rounds (real JVM targets $jvm_targets): run $rounds_id killed in round 2 and again with a target kept, resumed twice from fresh homes by its run key; complete, 3 cells of 3 starts (rounds 0, 1, 2) once each, every repeat with steal and CPU share"
