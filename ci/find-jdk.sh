#!/usr/bin/env bash
# Prints the JAVA_HOME to build and run Podium with: $JAVA_HOME when it is 21+, else the newest JDK 21+ under
# /usr/lib/jvm, else fails saying how to get one.
set -euo pipefail

major() { # the feature version of the JDK at $1, or nothing
  local rel="$1/release" v
  [ -x "$1/bin/javac" ] || return 0
  if [ -f "$rel" ]; then
    v=$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$rel")
  else
    v=$("$1/bin/java" -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -1)
  fi
  [ "$v" = "1" ] && v=8
  echo "$v"
}

if [ -n "${JAVA_HOME:-}" ]; then
  v=$(major "$JAVA_HOME")
  if [ -n "$v" ] && [ "$v" -ge 21 ]; then echo "$JAVA_HOME"; exit 0; fi
  echo "find-jdk: JAVA_HOME=$JAVA_HOME is not a JDK 21 or newer (found: ${v:-no javac}); looking under /usr/lib/jvm" >&2
fi

best="" best_v=0
for d in /usr/lib/jvm/*/; do
  d=${d%/}
  [ -L "$d" ] && continue
  v=$(major "$d")
  if [ -n "$v" ] && [ "$v" -ge 21 ] && [ "$v" -gt "$best_v" ]; then best=$d best_v=$v; fi
done
if [ -z "$best" ]; then
  echo "find-jdk: no JDK 21 or newer found (JAVA_HOME unset or older, nothing under /usr/lib/jvm)." >&2
  echo "find-jdk: install one, e.g. 'apt-get install -y openjdk-21-jdk-headless' or Temurin 21+, or set JAVA_HOME." >&2
  exit 1
fi
echo "$best"
