#!/usr/bin/env bash
# Conformance check of the suite over real HTTP: starts the reference service, then each target of suite.json in turn
# (and the nginx baseline), waits for its health path, checks every scenario it lists (status, content type, body;
# delay waits at least N ms; proxy really reached the reference service) and stops it, whatever happened.
#   ./check.sh [--suite suite.json] [--target NAME]...
# Exits non-zero when any check fails; ends with the line "check: N passed, N failed".
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
suite=$here/suite.json
only=()
while [ $# -gt 0 ]; do
  case "$1" in
    --suite) suite=$(cd "$(dirname "$2")" && pwd)/$(basename "$2"); shift 2 ;;
    --target) only+=("$2"); shift 2 ;;
    *) echo "usage: $0 [--suite suite.json] [--target NAME]..." >&2; exit 2 ;;
  esac
done
suite_dir=$(dirname "$suite")
java_home=${JAVA_HOME:-$("$here/../../ci/find-jdk.sh")} || exit 2
java=$java_home/bin/java
health_deadline=${CHECK_HEALTH_SECONDS:-90}
delay_ms=${CHECK_DELAY_MS:-250}
vcpus=$(nproc)
passed=0 failed=0
pids=()
work=$(mktemp -d)
cleanup() {
  for pid in "${pids[@]}"; do stop "$pid"; done
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

pass() { passed=$((passed + 1)); echo "  ok    $1"; }
fail() { failed=$((failed + 1)); echo "  FAIL  $1"; }

# stop PID: TERM to the process group, KILL after 10 s.
stop() {
  kill -TERM -- "-$1" 2>/dev/null || return 0
  for _ in $(seq 100); do kill -0 -- "-$1" 2>/dev/null || return 0; sleep 0.1; done
  kill -KILL -- "-$1" 2>/dev/null || true
}

# start JSON-OBJECT LOGFILE: expands the placeholders of .start, runs it in its own process group, prints its pid.
start() {
  local spec=$1 log=$2 port artifact dir arg
  port=$(jq -r '.port' <<<"$spec")
  artifact=$(jq -r '.artifact // ""' <<<"$spec")
  dir=$(mktemp -d "$work/run.XXXX")
  local -a cmd=()
  while IFS= read -r arg; do
    if [ "$arg" = "{jvmFlags}" ]; then
      while IFS= read -r flag; do cmd+=("$flag"); done < <(jq -r '.jvmFlags[]' "$suite")
      cmd+=("-XX:ActiveProcessorCount=$vcpus")
      continue
    fi
    arg=${arg//\{java\}/$java}
    arg=${arg//\{artifact\}/$suite_dir/$artifact}
    arg=${arg//\{suiteDir\}/$suite_dir}
    arg=${arg//\{workDir\}/$dir}
    arg=${arg//\{port\}/$port}
    cmd+=("$arg")
  done < <(jq -r '.start[]' <<<"$spec")
  (cd "$dir" && PORT=$port PODIUM_REFERENCE_URL=$reference_url exec setsid "${cmd[@]}") >"$log" 2>&1 </dev/null &
  echo $!
}

# wait_healthy PORT PATH PID: polls until 200, the process dies, or the deadline passes.
wait_healthy() {
  local deadline=$((SECONDS + health_deadline))
  while [ $SECONDS -lt $deadline ]; do
    kill -0 "$3" 2>/dev/null || return 1
    [ "$(curl -s -o /dev/null -w '%{http_code}' --max-time 2 "http://127.0.0.1:$1$2")" = 200 ] && return 0
    sleep 0.2
  done
  return 1
}

# expect NAME URL STATUS CONTENT-TYPE BODY: one request, compared byte for byte (a charset suffix is allowed).
expect() {
  local name=$1 url=$2 status=$3 type=$4 body=$5 out got_status got_type got_body
  out=$(curl -s --max-time 10 -o "$work/body" -w '%{http_code} %{content_type}' "$url") || true
  got_status=${out%% *}
  got_type=${out#* }
  got_body=$(cat "$work/body" 2>/dev/null)
  local base_type=${got_type%%;*}
  if [ "$got_status" != "$status" ]; then
    fail "$name: status $got_status, want $status (body: ${got_body:0:200})"
  elif [ "${base_type,,}" != "$type" ]; then
    fail "$name: content type '$got_type', want $type"
  elif [ "$got_body" != "$body" ] || [ "$(wc -c <"$work/body")" != "${#body}" ]; then
    fail "$name: body '${got_body:0:200}', want '$body'"
  else
    pass "$name"
  fi
}

reference_requests() { curl -s --max-time 5 "http://127.0.0.1:$reference_port/stats" | jq -r '.requests'; }

check_target() {
  local spec=$1 name port health pid log
  name=$(jq -r '.name' <<<"$spec")
  port=$(jq -r '.port' <<<"$spec")
  health=$(jq -r '.health' <<<"$spec")
  log=$work/$name.log
  echo "$name ($(jq -r '"\(.framework) \(.frameworkVersion // "") \(.ioModel)"' <<<"$spec"), port $port)"
  local artifact; artifact=$(jq -r '.artifact // ""' <<<"$spec")
  if [ -n "$artifact" ] && [ ! -f "$suite_dir/$artifact" ]; then
    fail "$name: artifact $artifact is missing (make build)"
    return
  fi
  local started=$SECONDS
  pid=$(start "$spec" "$log")
  pids+=("$pid")
  if ! wait_healthy "$port" "$health" "$pid"; then
    fail "$name: $health did not answer 200 within ${health_deadline}s; its output:"
    tail -20 "$log" | sed 's/^/        /'
    stop "$pid"
    return
  fi
  echo "  started in $((SECONDS - started))s"
  local base=http://127.0.0.1:$port scenario
  for scenario in $(jq -r '.scenarios[]' <<<"$spec"); do
    case "$scenario" in
      plaintext) expect "$name plaintext" "$base/plaintext" 200 text/plain 'Hello, World!' ;;
      json) expect "$name json" "$base/json" 200 application/json '{"message":"Hello, World!"}' ;;
      proxy)
        local before after
        before=$(reference_requests)
        expect "$name proxy" "$base/proxy" 200 application/json "$reference_body"
        after=$(reference_requests)
        if [ -n "$before" ] && [ -n "$after" ] && [ "$after" -gt "$before" ]; then
          pass "$name proxy reached the reference service ($before -> $after)"
        else
          fail "$name proxy did not reach the reference service (requests $before -> $after)"
        fi ;;
      delay)
        local t0 t1 elapsed
        t0=$(date +%s%N)
        expect "$name delay" "$base/delay?ms=$delay_ms" 200 text/plain 'Hello, World!'
        t1=$(date +%s%N)
        elapsed=$(((t1 - t0) / 1000000))
        if [ "$elapsed" -ge "$delay_ms" ]; then
          pass "$name delay waited ${elapsed}ms >= ${delay_ms}ms"
        else
          fail "$name delay answered after ${elapsed}ms, before ${delay_ms}ms"
        fi ;;
      *) fail "$name: unknown scenario $scenario" ;;
    esac
  done
  stop "$pid"
}

selected() {
  [ ${#only[@]} -eq 0 ] && return 0
  local n; for n in "${only[@]}"; do [ "$n" = "$1" ] && return 0; done
  return 1
}

reference_body='{"id":1,"message":"Hello from the reference service"}'
reference_spec=$(jq -c '.reference' "$suite")
reference_port=$(jq -r '.port' <<<"$reference_spec")
reference_url=http://127.0.0.1:$reference_port/reference
echo "reference service (port $reference_port)"
ref_pid=$(start "$reference_spec" "$work/reference.log")
pids+=("$ref_pid")
if ! wait_healthy "$reference_port" "$(jq -r '.health' <<<"$reference_spec")" "$ref_pid"; then
  fail "reference service did not start"; cat "$work/reference.log"
  echo "check: $passed passed, $failed failed"; exit 1
fi
expect "reference" "$reference_url" 200 application/json "$reference_body"

while IFS= read -r spec; do
  selected "$(jq -r '.name' <<<"$spec")" && check_target "$spec"
done < <(jq -c '.targets[]' "$suite"; jq -c '.baseline // empty' "$suite")

echo "check: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
