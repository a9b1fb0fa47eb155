#!/usr/bin/env bash
# Change-point scorer: compiles the service's classes, then runs ChangeScore.java (the service's own detector) on the
# annotated series of a TCPD-format folder and on synthetic histories with run-to-run noise. A pure computation: no
# service, no network, no timing; the figures do not depend on the machine's load.
#
#   backend/bench/changes.sh --data /path/to/tcpd-dev [--seeds 100] [--max-p 0.001] [--min-effect-percent 5]
#                            [--min-segment 3] [--window 50] [--method both|edivisive|binseg|either]
#   (make bench-changes DATA=/path/to/tcpd-dev ARGS='--seeds 30')
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
backend=$(cd "$here/.." && pwd)
repo=$(cd "$backend/.." && pwd)
export JAVA_HOME=${JAVA_HOME:-$("$repo/ci/find-jdk.sh")}
source "$here/classpath.sh"
classpath=$(compiled_classpath changes)
exec "$JAVA_HOME/bin/java" -cp "$classpath" "$here/ChangeScore.java" "$@"
