#!/usr/bin/env bash
# Entry point of the agent container (docker compose --profile agent): key on first start (kept in the volume),
# enrolment when PODIUM_ADMIN_TOKEN is given, then one run of $PODIUM_PROFILE pushed to $PODIUM_SERVER.
set -euo pipefail
: "${PODIUM_HOME:=/var/lib/podium}" "${PODIUM_SERVER:=http://backend:8080}" "${PODIUM_PROFILE:=quick}"
export PODIUM_HOME
podium-agent keygen --if-missing --name "${PODIUM_AGENT_NAME:-$(hostname)}"
if [ -n "${PODIUM_ADMIN_TOKEN:-}" ]; then
  podium-agent enroll --server "$PODIUM_SERVER" --admin-token "$PODIUM_ADMIN_TOKEN"
fi
podium-agent run --suite /opt/podium/suite/suite.json --profile "$PODIUM_PROFILE" --server "$PODIUM_SERVER" || [ $? -eq 3 ]
exec podium-agent push --server "$PODIUM_SERVER"
