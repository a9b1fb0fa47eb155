# Sourced by backup.sh and restore.sh: points libpq's PG* variables at the service's database. With PODIUM_DB_URL
# (jdbc:postgresql://host:port/db) that external database; otherwise the embedded one of the running service under
# PODIUM_DATA_DIR (default .podium), whose port its postmaster.pid names.
if [ -n "${PODIUM_DB_URL:-}" ]; then
  rest=${PODIUM_DB_URL#jdbc:postgresql://}
  rest=${rest%%\?*}
  hostport=${rest%%/*}
  export PGDATABASE=${rest#*/}
  export PGHOST=${hostport%%:*}
  if [ "$hostport" != "$PGHOST" ]; then export PGPORT=${hostport#*:}; else export PGPORT=5432; fi
  export PGUSER=${PODIUM_DB_USER:-podium} PGPASSWORD=${PODIUM_DB_PASSWORD:-}
else
  pidfile="${PODIUM_DATA_DIR:-.podium}/postgres/postmaster.pid"
  if [ ! -s "$pidfile" ] || ! kill -0 "$(head -1 "$pidfile")" 2>/dev/null; then
    echo "no running embedded PostgreSQL under ${PODIUM_DATA_DIR:-.podium}/postgres: start the service (make serve)" \
      "or set PODIUM_DB_URL" >&2
    exit 1
  fi
  export PGHOST=127.0.0.1 PGPORT=$(sed -n 4p "$pidfile") PGDATABASE=postgres PGUSER=postgres PGPASSWORD=postgres
fi
# Debian's client tools, whichever major version is newest (pg_dump reads older servers)
for bin in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do PATH="$bin:$PATH"; break; done
export PATH
