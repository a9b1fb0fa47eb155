#!/usr/bin/env bash
# docker-compose.yml's read replica. On its first start (an empty volume) a base backup of the primary with the WAL
# streamed beside it (pg_basebackup -R writes standby.signal and primary_conninfo, password included), then PostgreSQL
# as a hot standby that streams from the primary from then on. Runs as the image's postgres user.
set -euo pipefail
: "${PGDATA:=/var/lib/postgresql/data}"
: "${PRIMARY_HOST:?set PRIMARY_HOST to the primary host}"
: "${PRIMARY_PORT:=5432}"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  until pg_basebackup -h "$PRIMARY_HOST" -p "$PRIMARY_PORT" -U "${PGUSER:-podium}" -D "$PGDATA" -R -X stream -c fast; do
    echo "replica: no base backup of $PRIMARY_HOST:$PRIMARY_PORT yet; trying again in 2 s" >&2
    find "$PGDATA" -mindepth 1 -delete
    sleep 2
  done
  chmod 0700 "$PGDATA"
fi
# hot_standby_feedback: a long board query on the replica is not cancelled by the primary's vacuum of rows it reads
exec postgres -D "$PGDATA" -c hot_standby=on -c hot_standby_feedback=on "$@"
