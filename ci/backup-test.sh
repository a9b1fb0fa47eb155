#!/usr/bin/env bash
# Round trip of `make backup` / `make restore`: service A stores the signed runs of the test vectors, is backed up;
# service B starts on an empty database, gets the backup restored, and must serve every run byte for byte, its
# signature verifying (podium-agent verify) against the agent key B now holds; a dump cut short before that is refused
# and leaves B as it was. Loopback only, throwaway data.
set -euo pipefail
cd "$(dirname "$0")/.."
export PODIUM_ADMIN_TOKEN=backup-test-token
agent=agent/bin/podium-agent
source ci/service.sh
trap 'stop_services; rm -rf "$tmp"' EXIT

start_service a "$tmp/a"
enrol_test_agent "$a_url"
for envelope in $(jq -r '.[] | select(.status == 201) | .envelope' schema/testdata/cases.json); do
  curl -fsS -X POST "$a_url/api/runs" -H 'Content-Type: application/json' --data-binary "@schema/testdata/$envelope" >/dev/null
done
ids=$(curl -fsS "$a_url/api/runs?size=100" | jq -r '.items[].id')
stored=$(echo "$ids" | grep -c .)
PODIUM_DATA_DIR=$tmp/a ci/backup.sh "$tmp/podium.dump"

start_service b "$tmp/b"
[ "$(curl -fsS "$b_url/api/runs" | jq '.items | length')" = 0 ] || { echo "service B did not start empty" >&2; exit 1; }
# a dump cut short is refused and changes nothing: service B still has its one run of its own
head -c $(($(stat -c %s "$tmp/podium.dump") * 2 / 3)) "$tmp/podium.dump" > "$tmp/cut.dump"
enrol_test_agent "$b_url"
curl -fsS -X POST "$b_url/api/runs" -H 'Content-Type: application/json' \
  --data-binary "@schema/testdata/$(jq -r '[.[] | select(.status == 201)][0].envelope' schema/testdata/cases.json)" >/dev/null
if PODIUM_DATA_DIR=$tmp/b ci/restore.sh "$tmp/cut.dump" 2>"$tmp/cut.err"; then
  echo "a dump cut short was restored" >&2; exit 1
fi
[ "$(curl -fsS "$b_url/api/runs" | jq '.items | length')" = 1 ] || { echo "a failed restore changed service B" >&2; exit 1; }
PODIUM_DATA_DIR=$tmp/b ci/restore.sh "$tmp/podium.dump"
# the restored tables have the planner's statistics (restore.sh ANALYZEs them): without them reads plan blind
unanalyzed=$(export PODIUM_DATA_DIR=$tmp/b; source ci/db-env.sh; psql -Atc "select string_agg(relname, ', ')
  from pg_stat_user_tables where relname in ('runs', 'cells', 'repeats_history', 'series_points') and last_analyze is null")
[ -z "$unanalyzed" ] || { echo "restore left tables without statistics: $unanalyzed" >&2; exit 1; }

verified=0
for id in $ids; do
  curl -fsS "$a_url/api/runs/$id/envelope" -o "$tmp/a.json"
  curl -fsS "$b_url/api/runs/$id/envelope" -o "$tmp/b.json"
  cmp -s "$tmp/a.json" "$tmp/b.json" || { echo "run $id: the restored envelope differs" >&2; exit 1; }
  agent_id=$(curl -fsS "$b_url/api/runs/$id" | jq -r '.agent.id // .agentId')
  "$agent" verify "$tmp/b.json" --agent "$agent_id" --server "$b_url" >/dev/null
  verified=$((verified + 1))
done
echo "backup round trip: $stored runs stored, backed up, restored into an empty service; $verified byte-identical and verified"
[ "$verified" = "$stored" ] && [ "$stored" -gt 0 ]
