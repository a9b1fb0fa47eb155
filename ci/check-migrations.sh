#!/usr/bin/env bash
# Released Flyway migrations never change: every file in schema/migrations must be listed in
# schema/migrations.sha256 with the checksum it was released with.
set -euo pipefail
cd "$(dirname "$0")/.."
list=schema/migrations.sha256
status=0
while read -r sum file; do
  if [ ! -f "$file" ]; then
    echo "migrations: $file is listed in $list but missing; a released migration is never deleted" >&2
    status=1
  elif [ "$(sha256sum "$file" | cut -d' ' -f1)" != "$sum" ]; then
    echo "migrations: $file changed after release; add a new migration (V<next>__what.sql) instead" >&2
    status=1
  fi
done < "$list"
for file in schema/migrations/*; do
  if ! grep -q "  $file\$" "$list"; then
    echo "migrations: $file is not in $list; when it is ready to release: sha256sum $file >> $list" >&2
    status=1
  fi
done
[ $status -eq 0 ] && echo "migrations: every released migration is unchanged"
exit $status
