#!/usr/bin/env bash
# `make backup`: dumps the service's database (embedded or PODIUM_DB_URL) with pg_dump in its custom format.
# Usage: ci/backup.sh [file]   (default backups/podium-<UTC time>.dump)
set -euo pipefail
cd "$(dirname "$0")/.."
ci/install-deps.sh pg
source ci/db-env.sh
file=${1:-backups/podium-$(date -u +%Y%m%dT%H%M%SZ).dump}
mkdir -p "$(dirname "$file")"
pg_dump --format=custom --no-owner --file="$file.partial"
mv "$file.partial" "$file"
echo "backup: $PGHOST:$PGPORT/$PGDATABASE -> $file ($(stat -c %s "$file") bytes)"
