#!/usr/bin/env bash
# A plaintext requests/s sanity figure per target, nginx baseline included: not a benchmark (podium-agent run is).
# Each target is pinned to CPU 0 with -XX:ActiveProcessorCount=1, wrk to CPU 1; a 3 s warm-up, then 3 s measured.
#   ./sanity.sh [TARGET...]      (default: every target of suite.json, then the baseline)
# Loopback only, bounded: one wrk of 3 s + 3 s per target.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
suite=$here/suite.json
java=${JAVA_HOME:-$("$here/../../ci/find-jdk.sh")}/bin/java
work=$(mktemp -d)
pid=""
trap '[ -n "$pid" ] && kill -KILL -- "-$pid" 2>/dev/null; rm -rf "$work"' EXIT
command -v wrk >/dev/null || { echo "sanity: wrk is missing (apt-get install -y wrk)" >&2; exit 2; }

names=("$@")
[ ${#names[@]} -gt 0 ] || mapfile -t names < <(jq -r '.targets[].name, (.baseline.name // empty)' "$suite")

printf '%-20s %-22s %-16s %12s\n' target framework ioModel 'plaintext/s'
for name in "${names[@]}"; do
  spec=$(jq -c --arg n "$name" '[.targets[], .baseline] | map(select(. != null and .name == $n)) | first' "$suite")
  [ "$spec" != null ] || { echo "sanity: no target $name" >&2; continue; }
  port=$(jq -r .port <<<"$spec")
  cmd=()
  while IFS= read -r arg; do
    if [ "$arg" = "{jvmFlags}" ]; then
      mapfile -t -O ${#cmd[@]} cmd < <(jq -r '.jvmFlags[]' "$suite"); cmd+=(-XX:ActiveProcessorCount=1); continue
    fi
    arg=${arg//\{java\}/$java}; arg=${arg//\{artifact\}/$here/$(jq -r '.artifact // ""' <<<"$spec")}
    arg=${arg//\{suiteDir\}/$here}; arg=${arg//\{workDir\}/$work}; arg=${arg//\{port\}/$port}
    cmd+=("$arg")
  done < <(jq -r '.start[]' <<<"$spec")
  (cd "$work" && PORT=$port PODIUM_REFERENCE_URL=http://127.0.0.1:9090/reference exec setsid taskset -c 0 "${cmd[@]}") >"$work/$name.log" 2>&1 </dev/null &
  pid=$!
  for _ in $(seq 300); do
    [ "$(curl -s -o /dev/null -w '%{http_code}' --max-time 1 "http://127.0.0.1:$port/plaintext")" = 200 ] && break
    sleep 0.2
  done
  taskset -c 1 wrk -t1 -c64 -d3s "http://127.0.0.1:$port/plaintext" >/dev/null 2>&1
  rps=$(taskset -c 1 wrk -t1 -c64 -d3s "http://127.0.0.1:$port/plaintext" 2>/dev/null | awk '/Requests\/sec/ {printf "%.0f", $2}')
  printf '%-20s %-22s %-16s %12s\n' "$name" "$(jq -r .framework <<<"$spec")" "$(jq -r .ioModel <<<"$spec")" "${rps:-failed}"
  kill -TERM -- "-$pid" 2>/dev/null
  for _ in $(seq 50); do kill -0 -- "-$pid" 2>/dev/null || break; sleep 0.1; done
  kill -KILL -- "-$pid" 2>/dev/null
  pid=""
done
