#!/usr/bin/env bash
# make profile TARGET=x SCENARIO=y: starts the target pinned as the agent does (`podium-agent start`), warms it up
# under wrk for WARMUP seconds (60), records DURATION seconds (30) of the same load with JFR (jcmd JFR.start,
# settings=profile), and prints the hot methods (`jfr view hot-methods`) and the top frames aggregated from
# jdk.ExecutionSample. The recording stays under .podium/profiles/ (git-ignored). CONNECTIONS (64), VCPUS (1).
set -euo pipefail
cd "$(dirname "$0")/.."
: "${TARGET:?set TARGET=<a target of agent/suite/suite.json>}"
SCENARIO=${SCENARIO:-plaintext} WARMUP=${WARMUP:-60} DURATION=${DURATION:-30} CONNECTIONS=${CONNECTIONS:-64} VCPUS=${VCPUS:-1}
AGENT=$PWD/bin/podium-agent SUITE=$PWD/suite/suite.json
[ -x "$AGENT" ] || { echo "profile: run make -C agent build first" >&2; exit 1; }
JBIN=${JAVA_HOME:+$JAVA_HOME/bin/}
out=$(cd .. && pwd)/.podium/profiles; mkdir -p "$out"
rec=$out/$TARGET-$SCENARIO-$(date -u +%Y%m%dT%H%M%SZ).jfr
work=$(mktemp -d) spid=""
cleanup() { if [ -n "$spid" ]; then kill "$spid" 2>/dev/null || true; wait "$spid" 2>/dev/null || true; fi; rm -rf "$work"; }
trap cleanup EXIT

"$AGENT" start --suite "$SUITE" --target "$TARGET" --vcpus "$VCPUS" >"$work/start.out" 2>"$work/start.err" & spid=$!
for _ in $(seq 900); do grep -q '^url=' "$work/start.out" && break
  kill -0 "$spid" 2>/dev/null || { cat "$work/start.err" >&2; exit 1; }; sleep 0.2; done
line=$(grep '^url=' "$work/start.out"); echo "profile: $line"
url=$(sed 's/.*url=\([^ ]*\).*/\1/' <<<"$line") pid=$(sed 's/.*pid=\([0-9]*\).*/\1/' <<<"$line") lg=$(sed 's/.*loadgen=\([^ ]*\).*/\1/' <<<"$line")
path=/$SCENARIO; [ "$SCENARIO" = delay ] && path="/delay?ms=100"
threads=$(( $(taskset -c "$lg" nproc) < CONNECTIONS ? $(taskset -c "$lg" nproc) : CONNECTIONS ))
load() { taskset -c "$lg" wrk -t "$threads" -c "$CONNECTIONS" -d "${1}s" --timeout 2s "$url$path" | awk '/^Requests\/sec:/ {print $2 " req/s"}'; }

echo "profile: warming up $TARGET $SCENARIO for ${WARMUP}s: $(load "$WARMUP")"
taskset -c "$lg" "${JBIN}jcmd" "$pid" JFR.start name=podium settings=profile >/dev/null
echo "profile: recording ${DURATION}s: $(load "$DURATION")"
taskset -c "$lg" "${JBIN}jcmd" "$pid" JFR.stop name=podium filename="$rec" >/dev/null
echo "profile: recording at $rec"
echo
"${JBIN}jfr" view --width 160 hot-methods "$rec" || true
echo
echo "Top frames (self samples of jdk.ExecutionSample, every thread):"
"${JBIN}jfr" print --events jdk.ExecutionSample "$rec" | awk '
  /stackTrace = \[/ { top = 1; next }
  top == 1 { sub(/^ +/, ""); sub(/ +line:.*/, ""); n[$0]++; total++; top = 0 }
  END { for (f in n) printf "%6.2f%%  %6d  %s\n", 100 * n[f] / total, n[f], f }' | sort -rn | head -25
echo
echo "By library (on stack: samples with a frame of it anywhere on the stack; self: samples whose top frame is in it):"
"${JBIN}jfr" print --json --stack-depth 128 --events jdk.ExecutionSample "$rec" | python3 -c '
import json, sys
from collections import Counter
KNOWN = ("org.eclipse.jetty", "org.apache.catalina", "org.apache.coyote", "org.apache.tomcat", "org.springframework",
         "reactor.core", "reactor.netty", "io.netty", "io.javalin", "io.vertx", "io.undertow", "io.helidon", "io.quarkus",
         "org.jboss.resteasy", "io.micronaut", "com.linecorp.armeria", "org.apache.pekko", "io.jooby", "io.ktor",
         "kotlinx.coroutines", "org.glassfish.jersey", "io.dropwizard", "com.codahale.metrics", "com.fasterxml.jackson",
         "dev.podium")
def lib(cls):
    if cls.startswith(("java.", "javax.", "jdk.", "sun.", "com.sun.")):
        return "JDK"
    if cls.startswith("kotlin."):
        return "kotlin"
    for k in KNOWN:
        if cls.startswith(k + "."):
            return k
    return ".".join(cls.split(".")[:2])
events = json.load(sys.stdin)["recording"]["events"]
on, top = Counter(), Counter()
for e in events:
    frames = e["values"]["stackTrace"]["frames"] if e["values"].get("stackTrace") else []
    libs = [lib(f["method"]["type"]["name"].replace("/", ".")) for f in frames]
    if not libs:
        continue
    top[libs[0]] += 1
    for l in set(libs):
        on[l] += 1
n = sum(top.values())
print(f"  {n} samples")
for l, c in on.most_common(15):
    print(f"  {100 * c / n:5.1f}% on stack  {100 * top[l] / n:5.1f}% self  {l}")
'
