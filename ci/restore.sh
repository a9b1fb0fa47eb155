#!/usr/bin/env bash
# `make restore FILE=...`: replaces the service's database (embedded or PODIUM_DB_URL) with a dump from backup.sh, in
# one transaction (a failed restore changes nothing). The service reads the restored runs at once, no restart needed.
set -euo pipefail
cd "$(dirname "$0")/.."
file=${1:?usage: ci/restore.sh <file from make backup>}
[ -s "$file" ] || { echo "restore: $file is missing or empty" >&2; exit 1; }
ci/install-deps.sh pg
source ci/db-env.sh
# One transaction: psql stops at the first error, and the commit is sent only once pg_restore has read the whole dump
# (a dump cut short, or a file that is no dump, ends psql's input with the transaction open: PostgreSQL rolls it
# back, and pg_restore's failure is the script's). pg_restore --clean drops
# object by object, and a partition's constraints inherited from its partitioned table (repeats, V31) cannot be
# dropped on their own: the partitioned tables go first, with their partitions.
# The indexes are built after the data: with PostgreSQL's default 64 MB of sort memory, one over 100M repeat rows
# sorts on disk in many passes. PODIUM_RESTORE_MEMORY (default 512MB) is what each index build may use, this
# transaction only.
memory=${PODIUM_RESTORE_MEMORY:-512MB}
[[ "$memory" =~ ^[0-9]+(kB|MB|GB)$ ]] || { echo "restore: PODIUM_RESTORE_MEMORY must be like 512MB, not $memory" >&2; exit 1; }
{
  echo "begin;"
  echo "set local maintenance_work_mem = '$memory';"
  echo "do \$\$ declare t text; begin for t in select c.relname from pg_class c where c.relkind = 'p'"
  echo "  and c.relnamespace = 'public'::regnamespace loop execute format('drop table if exists %I cascade', t); end loop;"
  echo "end \$\$;"
  # pg_restore leaves the planner no statistics of the restored tables, and autovacuum gathers them only later: until
  # then a read picks plans blind (at 100M repeat rows, boards not cached took 0.4-1.6 s instead of 40 ms, a nightly
  # run's ingest 518 ms instead of 136). ANALYZE samples each table (8 s at 100M), committed with the tables.
  pg_restore --clean --if-exists --no-owner --file=- "$file" && printf 'analyze;\ncommit;\n'
} | psql --quiet --no-psqlrc --set ON_ERROR_STOP=1 --dbname="$PGDATABASE" >/dev/null
echo "restore: $file -> $PGHOST:$PGPORT/$PGDATABASE"
