# Sourced first by the bench scripts that measure with the agent without pushing (coverage.sh, reproduce.sh): sets
# here (this folder), backend, repo and JAVA_HOME (ci/find-jdk.sh unless set), and defines agent_workspace NAME, which
# sets agent (the built podium-agent; without one, NAME's error and exit 1), work (KEEP, else a temporary folder
# removed at exit) and PODIUM_HOME in it, holding the agent's key.
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
backend=$(cd "$here/.." && pwd)
repo=$(cd "$backend/.." && pwd)
export JAVA_HOME=${JAVA_HOME:-$("$repo/ci/find-jdk.sh")}

agent_workspace() {
  agent=$repo/agent/bin/podium-agent
  [ -x "$agent" ] || { echo "$1: run make agent suite first" >&2; exit 1; }
  work=${KEEP:-$(mktemp -d)}
  mkdir -p "$work"
  [ -n "${KEEP:-}" ] || trap 'rm -rf "$work"' EXIT
  export PODIUM_HOME=$work/home
  mkdir -p "$PODIUM_HOME"
  "$agent" keygen --if-missing >/dev/null
}
