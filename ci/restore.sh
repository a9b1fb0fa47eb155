#!/usr/bin/env bash
# `make restore FILE=...`: replaces the service's database (embedded or PODIUM_DB_URL) with a dump from backup.sh, in
# one transaction (a failed restore changes nothing). The service reads the restored runs at once, no restart needed.
set -euo pipefail
cd "$(dirname "$0")/.."
file=${1:?usage: ci/restore.sh <file from make backup>}
[ -s "$file" ] || { echo "restore: $file is missing or empty" >&2; exit 1; }
ci/install-deps.sh pg
source ci/db-env.sh
pg_restore --clean --if-exists --no-owner --single-transaction --exit-on-error --dbname="$PGDATABASE" "$file"
echo "restore: $file -> $PGHOST:$PGPORT/$PGDATABASE"
