#!/usr/bin/env bash
# A throwaway PostgreSQL for working on a target's db routes by hand (podium-agent starts its own for runs):
# initdb in a temporary directory, a free loopback port, schema.sql loaded; prints the PODIUM_TARGET_DB_*
# variables a target reads, then waits; Ctrl-C (or kill) stops it and removes the directory.
#   agent/suite/db/pg-dev.sh            (as root it runs PostgreSQL as the postgres user)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -x "$bin/postgres" ] || { echo "pg-dev: no PostgreSQL server: apt-get install -y postgresql" >&2; exit 1; }
dir=$(mktemp -d) run=()
if [ "$(id -u)" = 0 ]; then chown postgres: "$dir"; run=(runuser -u postgres --); fi
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
cleanup() { jobs -p | xargs -r kill 2>/dev/null; "${run[@]}" "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true; rm -rf "$dir"; }
trap cleanup EXIT; trap "exit 130" INT TERM
"${run[@]}" "$bin/initdb" -D "$dir/data" -U podium --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
"${run[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w \
  -o "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories=$dir -c max_connections=200" start >/dev/null
"$bin/psql" -q -h 127.0.0.1 -p "$port" -U podium -d postgres -c 'CREATE DATABASE hello_world' >/dev/null
"$bin/psql" -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$port" -U podium -d hello_world -f "$here/schema.sql" >/dev/null
cat <<OUT
export PODIUM_TARGET_DB_HOST=127.0.0.1 PODIUM_TARGET_DB_PORT=$port PODIUM_TARGET_DB_NAME=hello_world
export PODIUM_TARGET_DB_USER=podium PODIUM_TARGET_DB_PASSWORD=podium PODIUM_TARGET_DB_POOL=16
OUT
echo "pg-dev: PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port; Ctrl-C stops it" >&2
while :; do sleep 3600 & wait $!; done
