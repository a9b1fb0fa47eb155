#!/usr/bin/env bash
# Sanity figures per target, nginx baseline included: not a benchmark (podium-agent run is), a quick look that every
# target holds up under load. Each target is pinned to CPU 0 with -XX:ActiveProcessorCount=1, wrk (one thread) and
# the reference service to CPU 1. Per target: plaintext at 64 connections (3 s warm-up, 3 s measured), then proxy
# and delay?ms=100 at 256 connections (3 s each), printing requests/s and wrk's errors (socket errors + non-2xx).
#   ./sanity.sh [TARGET...]      (default: every target of suite.json, then the baseline)
# Loopback only and bounded: at most 12 s of wrk per target.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
suite=$here/suite.json
java=${JAVA_HOME:-$("$here/../../ci/find-jdk.sh")}/bin/java
work=$(mktemp -d)
pid="" ref=""
stop() { kill -TERM -- "-$1" 2>/dev/null; for _ in $(seq 50); do kill -0 -- "-$1" 2>/dev/null || return 0; sleep 0.1; done; kill -KILL -- "-$1" 2>/dev/null; }
trap '[ -n "$pid" ] && stop "$pid"; [ -n "$ref" ] && stop "$ref"; rm -rf "$work"' EXIT
command -v wrk >/dev/null || { echo "sanity: wrk is missing (apt-get install -y wrk)" >&2; exit 2; }

free_port() { # a port nothing listens on now (the manifest fixes none), below the ephemeral range
  python3 -c 'import random, socket
for _ in range(100):
    p = random.randint(20000, 31999); s = socket.socket()
    try: s.bind(("127.0.0.1", p)); s.close(); print(p); break
    except OSError: s.close()'
}

healthy() { # PORT PATH
  for _ in $(seq 450); do
    [ "$(curl -s -o /dev/null -w '%{http_code}' --max-time 1 "http://127.0.0.1:$1$2")" = 200 ] && return 0
    sleep 0.2
  done
  return 1
}

# load CONNECTIONS URL: "requests/s errors" from one 3 s wrk run.
load() {
  taskset -c 1 wrk -t1 -c"$1" -d3s --timeout 5s "$2" 2>/dev/null | awk '
    /Requests\/sec/ { rps = $2 }
    /Non-2xx/ { errors += $NF }
    /Socket errors/ { gsub(",", ""); errors += $4 + $6 + $8 + $10 }
    END { printf "%.0f %d", rps, errors }'
}

names=("$@")
[ ${#names[@]} -gt 0 ] || mapfile -t names < <(jq -r '.targets[].name, (.baseline.name // empty)' "$suite")

ref_port=$(free_port)
(cd "$work" && PORT=$ref_port exec setsid taskset -c 1 "$java" -jar "$here/$(jq -r .reference.artifact "$suite")") >"$work/reference.log" 2>&1 </dev/null &
ref=$!
healthy "$ref_port" /stats || { echo "sanity: the reference service did not start" >&2; exit 1; }

printf '%-18s %-20s %-16s %12s %18s %18s\n' target framework ioModel 'plaintext/s' 'proxy/s (errors)' 'delay/s (errors)'
for name in "${names[@]}"; do
  spec=$(jq -c --arg n "$name" '[.targets[], .baseline] | map(select(. != null and .name == $n)) | first' "$suite")
  [ "$spec" != null ] || { echo "sanity: no target $name" >&2; continue; }
  port=$(free_port)
  while IFS= read -r f; do # files the agent renders per start (nginx.conf: {port}, {vcpus})
    sed -e "s/{port}/$port/g" -e "s/{vcpus}/1/g" "$here/$f" >"$work/$(basename "$f")"
  done < <(jq -r '.render // [] | .[]' <<<"$spec")
  cmd=()
  while IFS= read -r arg; do
    if [ "$arg" = "{jvmFlags}" ]; then
      mapfile -t -O ${#cmd[@]} cmd < <(jq -r '.jvmFlags[]' "$suite"); cmd+=(-XX:ActiveProcessorCount=1); continue
    fi
    arg=${arg//\{java\}/$java}; arg=${arg//\{artifact\}/$here/$(jq -r '.artifact // ""' <<<"$spec")}
    arg=${arg//\{suiteDir\}/$here}; arg=${arg//\{workDir\}/$work}; arg=${arg//\{port\}/$port}; arg=${arg//\{vcpus\}/1}
    cmd+=("$arg")
  done < <(jq -r '.start[]' <<<"$spec")
  (cd "$work" && PORT=$port PODIUM_REFERENCE_URL=http://127.0.0.1:$ref_port/reference exec setsid taskset -c 0 "${cmd[@]}") \
    >"$work/$name.log" 2>&1 </dev/null &
  pid=$!
  if ! healthy "$port" "$(jq -r .health <<<"$spec")"; then
    printf '%-18s did not start\n' "$name"; stop "$pid"; pid=""; continue
  fi
  base=http://127.0.0.1:$port
  load 64 "$base/plaintext" >/dev/null
  read -r plain _ < <(load 64 "$base/plaintext")
  proxy="-" delay="-"
  if jq -e '.scenarios | index("proxy")' <<<"$spec" >/dev/null; then read -r r e < <(load 256 "$base/proxy"); proxy="$r ($e)"; fi
  if jq -e '.scenarios | index("delay")' <<<"$spec" >/dev/null; then read -r r e < <(load 256 "$base/delay?ms=100"); delay="$r ($e)"; fi
  printf '%-18s %-20s %-16s %12s %18s %18s\n' "$name" "$(jq -r .framework <<<"$spec")" "$(jq -r .ioModel <<<"$spec")" "$plain" "$proxy" "$delay"
  stop "$pid"; pid=""
done
