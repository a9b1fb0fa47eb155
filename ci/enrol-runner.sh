#!/usr/bin/env bash
# Prepares this host as a Podium benchmark agent: generates its key if missing, records the server URL,
# and enrols the key (with PODIUM_ADMIN_TOKEN) or prints the curl an administrator runs. See ci/enrol-runner.md.
set -euo pipefail
cd "$(dirname "$0")/.."
server="" name="$(hostname)"
while [ $# -gt 0 ]; do
  case "$1" in
    --server) server=$2; shift 2 ;;
    --name) name=$2; shift 2 ;;
    -h|--help) sed -n '2,3p' "$0"; echo "usage: ci/enrol-runner.sh --server URL [--name NAME]"; exit 0 ;;
    *) echo "enrol-runner: unknown argument $1 (try --help)" >&2; exit 2 ;;
  esac
done
[ -n "$server" ] || { echo "enrol-runner: --server URL is required" >&2; exit 2; }
agent=agent/bin/podium-agent
[ -x "$agent" ] || { echo "enrol-runner: $agent is missing: run 'make agent' first" >&2; exit 1; }
home=${PODIUM_HOME:-$HOME/.podium}
mkdir -p "$home"
"$agent" keygen --if-missing --name "$name"
printf '{"server": "%s"}\n' "$server" > "$home/config.json"
if [ -n "${PODIUM_ADMIN_TOKEN:-}" ]; then
  "$agent" enroll --server "$server" --admin-token "$PODIUM_ADMIN_TOKEN" --name "$name"
else
  "$agent" enroll --server "$server" --name "$name"
fi
