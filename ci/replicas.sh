#!/usr/bin/env bash
# `make replicas`: the service as two replicas on one external PostgreSQL (Debian's server binaries, a throwaway
# cluster), nginx in front, everything on loopback ports the kernel picks, throwaway data, each wait bounded (a replica gets READY_TIMEOUT, 300 s, to be ready).
# Each phase is a function; PHASES="..." runs a subset in order (start is needed by the others):
#   start      both replicas started at the same moment on an empty database: both healthy, every migration once
#   coherence  a run pushed to A is on B's leaderboard within the read cache's interval (+ rendering)
#   limits     a flood of one key's runs and one of one address's writes, spread over A and B: held to the configured
#              rate of one bucket, not twice it
#   rolling    4 agents push and 50 readers (2 reads a second each) read through nginx while A, then B, is stopped with SIGTERM and started
#              again (each waited for until ready): 0 failed reads, 0 lost and 0 duplicate runs, every run verifies
#   storm      20 change points, each announced to 2 webhooks of a receiver on loopback that fails the first 3 tries of
#              each webhook-id; A SIGKILLed mid-storm (every delivery tried once, none delivered): every change point
#              accepted exactly once per webhook (under one webhook-id), those pending at the kill included; then A again
#   killed-after-201
#              A SIGKILLed as soon as it answers 201 to the run that completes a change: the change point is found by
#              B's sweep and delivered; then A again
#   outdated   both replicas started at the same moment on a database one migration behind: both healthy, the
#              missing migration applied once
# After the phases, PostgreSQL's log must hold no deadlock. KEEP_LOGS=DIR keeps the replicas', nginx's and PostgreSQL's
# logs there. A new phase adds a phase_NAME function using launch/await_ready/kill_replica/psql_db and the modes of
# Replicas.java and Deliveries.java, and its name to PHASES.
# Needs the packaged service (make backend), nginx and PostgreSQL's server binaries (ci/install-deps.sh nginx pg-server).
set -euo pipefail
cd "$(dirname "$0")/.."
JAVA_HOME=$(JAVA_HOME=${JAVA_HOME:-} ci/find-jdk.sh); export JAVA_HOME
app=${PODIUM_APP:-backend/target/quarkus-app}
[ -f "$app/quarkus-run.jar" ] || { echo "replicas: no $app/quarkus-run.jar: run make backend first" >&2; exit 1; }
pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -x "$pgbin/initdb" ] || { echo "replicas: no PostgreSQL server binaries: ci/install-deps.sh pg-server" >&2; exit 1; }
command -v nginx >/dev/null || { echo "replicas: no nginx: ci/install-deps.sh nginx" >&2; exit 1; }

PHASES=${PHASES:-start coherence limits rolling storm killed-after-201 outdated}
export PODIUM_ADMIN_TOKEN=replicas-test-token
# minutes, not hours, for what a replica's death leaves behind: a run's detection claim and a delivery's lease run out
# within seconds, a sweep every 2 s, a delivery failed 3 times retried within 10 s (production: 2 min, 30 s, 60 s, 27 h)
export PODIUM_CHANGES_DETECTION_LEASE=10s PODIUM_CHANGES_DETECTION_SWEEP_INTERVAL=2s PODIUM_WEBHOOKS_LEASE=20s \
  PODIUM_WEBHOOKS_RETRY_SCHEDULE=2s,4s,4s,10s,30s
# the limits the limits phase floods: low, so that a flood of 20 s on a busy machine (8 writes a second) sends more
# than twice what one bucket allows (runs: 4 senders for 30 s); the rolling phase's agents (all behind nginx's one address) retry their 429s
export PODIUM_WRITES_PER_MINUTE_PER_KEY=${PER_KEY:-6} PODIUM_WRITES_PER_MINUTE_PER_ADDRESS=${PER_ADDRESS:-30}
unset PODIUM_DB_URL PODIUM_PORT
tmp=$(mktemp -d)
chmod 755 "$tmp"
java_cmd=("$JAVA_HOME/bin/java" -cp "$app/lib/main/*" backend/bench/Replicas.java)
deliveries_cmd=("$JAVA_HOME/bin/java" -cp "$app/lib/main/*" backend/bench/Deliveries.java)
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
declare -A pid=() port=()
nginx_pid="" traffic_pid=""

# --- PostgreSQL: a throwaway cluster; under root its commands run as postgres (it refuses root), else as nobody ---
pg_user=$(id -u postgres >/dev/null 2>&1 && echo postgres || echo nobody)
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u "$pg_user" -- "$@"; else "$@"; fi; }
pg_port=$(free_port)
mkdir -p "$tmp/pg"
[ "$(id -u)" = 0 ] && chown "$pg_user" "$tmp/pg"
as_pg "$pgbin/initdb" -D "$tmp/pg/data" -U podium --auth=trust -E UTF8 --no-locale >/dev/null
as_pg "$pgbin/pg_ctl" -D "$tmp/pg/data" -l "$tmp/pg/log" -w -o "-p $pg_port -k $tmp/pg -c listen_addresses=127.0.0.1 -c max_connections=200" start >/dev/null
psql_db() { local db=$1; shift; "$pgbin/psql" -h 127.0.0.1 -p "$pg_port" -U podium -d "$db" -v ON_ERROR_STOP=1 -qAt "$@"; }
say() { echo "replicas: $(date +%T) $*"; }

cleanup() {
  set +e
  [ -n "$traffic_pid" ] && kill "$traffic_pid" 2>/dev/null
  for name in "${!pid[@]}"; do kill "${pid[$name]}" 2>/dev/null && wait "${pid[$name]}" 2>/dev/null; done
  [ -n "$nginx_pid" ] && kill "$nginx_pid" 2>/dev/null && wait "$nginx_pid" 2>/dev/null
  as_pg "$pgbin/pg_ctl" -D "$tmp/pg/data" -m fast stop >/dev/null 2>&1
  if [ -n "${KEEP_LOGS:-}" ]; then
    mkdir -p "$KEEP_LOGS" && cp "$tmp"/*.log "$tmp/pg/log" "$tmp"/nginx/*.log "$KEEP_LOGS/" 2>/dev/null
    echo "replicas: logs kept in $KEEP_LOGS"
  fi
  rm -rf "$tmp"
}
trap cleanup EXIT
# a stopped run (Ctrl-C, a CI timeout, kill) cleans up too: bash runs the EXIT trap only on an exit it handles
trap "exit 130" INT
trap "exit 143" TERM

# --- the replicas: launch starts one in the background (its port fixed for all its lives), await_ready waits ---
port[a]=$(free_port)
port[b]=$(free_port)
launch() { # NAME DATABASE [extra environment...]
  local name=$1 db=$2
  shift 2
  env PODIUM_DB_URL="jdbc:postgresql://127.0.0.1:$pg_port/$db" PODIUM_DB_USER=podium PODIUM_DATA_DIR="$tmp/$name" \
    PODIUM_PORT="${port[$name]}" PODIUM_HOST=127.0.0.1 QUARKUS_HTTP_PROXY_PROXY_ADDRESS_FORWARDING=true \
    QUARKUS_HTTP_PROXY_ALLOW_X_FORWARDED=true QUARKUS_FLYWAY_CONNECT_RETRIES=5 "$@" \
    "$JAVA_HOME/bin/java" -Xmx384m -jar "$app/quarkus-run.jar" >> "$tmp/$name.log" 2>&1 &
  pid[$name]=$!
}
await_ready() { # NAME: until /q/health/ready answers 200; fails when the process exits or after READY_TIMEOUT s
  local name=$1 deadline=$((SECONDS + ${READY_TIMEOUT:-300}))
  until curl -fsS -o /dev/null "http://127.0.0.1:${port[$name]}/q/health/ready" 2>/dev/null; do
    kill -0 "${pid[$name]}" 2>/dev/null || { echo "replicas: replica $name exited during start; its log:" >&2; tail -30 "$tmp/$name.log" >&2; return 1; }
    [ $SECONDS -lt $deadline ] || { echo "replicas: replica $name not ready within ${READY_TIMEOUT:-300} s; its log:" >&2; tail -30 "$tmp/$name.log" >&2; return 1; }
    sleep 0.3
  done
}
stop_replica() { # NAME [SIGNAL]: signals the replica and waits until it has exited
  local name=$1
  kill "-${2:-TERM}" "${pid[$name]}"
  wait "${pid[$name]}" 2>/dev/null || true
  unset "pid[$name]"
}
kill_replica() { stop_replica "$1" KILL; }
url() { echo "http://127.0.0.1:${port[$1]}"; }

# every migration of schema/migrations recorded once and successful, none twice
check_migrations() { # DATABASE
  local db=$1 want have twice failed
  want=$(ls schema/migrations/V*.sql | wc -l)
  have=$(psql_db "$db" -c "select count(distinct version) from flyway_schema_history where version is not null")
  twice=$(psql_db "$db" -c "select string_agg(version, ', ') from (select version from flyway_schema_history
    where version is not null group by version having count(*) > 1) v")
  failed=$(psql_db "$db" -c "select count(*) from flyway_schema_history where not success")
  echo "replicas: $db: $have of $want migrations applied${twice:+, applied twice: $twice}, $failed failed"
  [ "$have" = "$want" ] && [ -z "$twice" ] && [ "$failed" = 0 ]
}

both_at_once() { # DATABASE: A and B started at the same moment, both must become ready
  launch a "$1"
  launch b "$1"
  await_ready a
  await_ready b
  echo "replicas: A and B started together on $1: both ready"
}

# --- the phases ---------------------------------------------------------------------------------------------------
phase_start() {
  psql_db postgres -c "create database podium"
  both_at_once podium
  check_migrations podium
}

phase_coherence() {
  # the stated interval: podium.read-cache.check-interval (1 s by default), plus the time to render the answer
  "${java_cmd[@]}" coherence --write "$(url a)" --read "$(url b)" --admin-token "$PODIUM_ADMIN_TOKEN" \
    --payload schema/testdata/payloads/valid/minimal.json --within-ms "${COHERENCE_MS:-3000}"
}

phase_limits() {
  # each flood from an address of its own (X-Forwarded-For, as nginx sends it), so each starts on a full bucket; the
  # key flood's address allows more than twice the key's rate, so it cannot hide a per-replica key limit
  "${java_cmd[@]}" flood-address --urls "$(url a),$(url b)" --address 198.51.100.7 \
    --per-minute "$PODIUM_WRITES_PER_MINUTE_PER_ADDRESS"
  "${java_cmd[@]}" flood-key --urls "$(url a),$(url b)" --address 198.51.100.8 --admin-token "$PODIUM_ADMIN_TOKEN" \
    --seconds 30 --senders 4 --payload schema/testdata/payloads/valid/minimal.json --per-minute "$PODIUM_WRITES_PER_MINUTE_PER_KEY"
}

start_nginx() {
  local user_line=""
  [ "$(id -u)" = 0 ] && user_line="user root;"
  port[nginx]=$(free_port)
  mkdir -p "$tmp/nginx"
  # the deployment's balancing (docker-compose.yml, ci/docker/nginx.conf, which says why) on loopback ports: a replica
  # that refuses connections or answers 502/503/504 (stopping) has an idempotent request sent to the other
  cat > "$tmp/nginx/nginx.conf" <<EOF
$user_line
worker_processes 1;
daemon off;
pid $tmp/nginx/nginx.pid;
error_log $tmp/nginx/error.log warn;
events { worker_connections 1024; }
http {
  # the requests not answered 200 or slower than a second, for the rolling phase's report
  log_format failed '\$time_iso8601 \$status \$upstream_addr \$upstream_status \$request_time \$request';
  map "\$status:\$request_time" \$notable { "~^20[01]:0\\." 0; default 1; }
  access_log $tmp/nginx/failed.log failed if=\$notable;
  client_body_temp_path $tmp/nginx/body;
  proxy_temp_path $tmp/nginx/proxy;
  fastcgi_temp_path $tmp/nginx/fastcgi;
  uwsgi_temp_path $tmp/nginx/uwsgi;
  scgi_temp_path $tmp/nginx/scgi;
  upstream podium {
    server 127.0.0.1:${port[a]} max_fails=1 fail_timeout=2s;
    server 127.0.0.1:${port[b]} max_fails=1 fail_timeout=2s;
    keepalive 32;
    keepalive_timeout 3s;
  }
  server {
    listen 127.0.0.1:${port[nginx]};
    client_max_body_size 4m;
    location / {
      proxy_pass http://podium;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host \$host;
      proxy_set_header X-Forwarded-For \$remote_addr;
      proxy_connect_timeout 2s;
      proxy_next_upstream error timeout http_502 http_503 http_504;
      proxy_next_upstream_tries 2;
    }
  }
}
EOF
  nginx -c "$tmp/nginx/nginx.conf" -p "$tmp/nginx" 2> "$tmp/nginx/stderr" &
  nginx_pid=$!
  local deadline=$((SECONDS + 20))
  until curl -fsS -o /dev/null "http://127.0.0.1:${port[nginx]}/q/health/ready" 2>/dev/null; do
    kill -0 "$nginx_pid" 2>/dev/null || { echo "replicas: nginx exited:" >&2; cat "$tmp/nginx/stderr" >&2; return 1; }
    [ $SECONDS -lt $deadline ] || { echo "replicas: nginx not answering within 20 s" >&2; return 1; }
    sleep 0.2
  done
}

phase_rolling() {
  [ -n "$nginx_pid" ] || start_nginx
  rm -f "$tmp/stop-traffic" "$tmp/traffic-started"
  "${java_cmd[@]}" traffic --url "http://127.0.0.1:${port[nginx]}" --admin-token "$PODIUM_ADMIN_TOKEN" \
    --payload schema/testdata/payloads/valid/minimal.json --agents 4 --readers 50 --stop-file "$tmp/stop-traffic" \
    --started-file "$tmp/traffic-started" &
  traffic_pid=$!
  until [ -f "$tmp/traffic-started" ]; do
    kill -0 "$traffic_pid" 2>/dev/null || { wait "$traffic_pid"; return 1; }
    sleep 0.5
  done
  sleep "${SETTLE:-10}"
  for name in a b; do
    local down=$SECONDS
    say "replica $name: SIGTERM"
    stop_replica "$name" TERM
    say "replica $name stopped; starting it again"
    launch "$name" podium
    await_ready "$name"
    say "replica $name ready again after $((SECONDS - down)) s"
    sleep "${SETTLE:-10}"
  done
  touch "$tmp/stop-traffic"
  local status=0
  wait "$traffic_pid" || status=$?
  traffic_pid=""
  # what nginx saw: its errors by kind (a refused connection retried on the other replica is no failed read), and
  # the requests it did not answer
  echo "replicas: nginx's errors and warnings during the phase, by kind:"
  sed -E 's/^[0-9\/]+ [0-9:]+ \[([a-z]+)\] [0-9#]+: \*[0-9]+ ([^,]*),.*upstream: "http:\/\/([^/"]*)[^"]*".*/  [\1] \2 (\3)/' \
    "$tmp/nginx/error.log" | sed -E 's/[0-9]+ bytes/N bytes/' | sort | uniq -c | sort -rn | head -20
  if [ "$status" != 0 ]; then
    echo "replicas: the first requests nginx answered neither 2xx nor 429 (time, status, upstreams, their status, seconds):" >&2
    grep -Ev '^[^ ]+ (20[01]|429) ' "$tmp/nginx/failed.log" | head -20 >&2
  fi
  return "$status"
}

# the webhooks' receiver is on loopback, in Deliveries.java; A, which takes the runs, is SIGKILLed by it
phase_storm() {
  "${deliveries_cmd[@]}" storm --url "$(url a)" --admin-token "$PODIUM_ADMIN_TOKEN" \
    --payload schema/testdata/payloads/valid/minimal.json --db-url "jdbc:postgresql://127.0.0.1:$pg_port/podium" \
    --db-user podium --kill-pid "${pid[a]}" --series 20 --webhooks 2 --fail-first 3
  wait "${pid[a]}" 2>/dev/null || true
  launch a podium
  await_ready a
}

phase_killed-after-201() {
  local swept_before swept_after
  swept_before=$(grep -c "by the sweep" "$tmp/b.log" || true)
  "${deliveries_cmd[@]}" killed-after-201 --url "$(url a)" --other "$(url b)" --admin-token "$PODIUM_ADMIN_TOKEN" \
    --payload schema/testdata/payloads/valid/minimal.json --db-url "jdbc:postgresql://127.0.0.1:$pg_port/podium" \
    --db-user podium --kill-pid "${pid[a]}"
  wait "${pid[a]}" 2>/dev/null || true
  swept_after=$(grep -c "by the sweep" "$tmp/b.log" || true)
  echo "replicas: B's sweep analysed runs $((swept_after - swept_before)) time(s) during the phase"
  launch a podium
  await_ready a
}

phase_outdated() {
  for name in a b; do [ -n "${pid[$name]:-}" ] && stop_replica "$name" TERM; done
  local latest previous
  latest=$(ls schema/migrations/V*.sql | sed 's/.*\/V\([0-9]*\)__.*/\1/' | sort -n | tail -1)
  previous=$(ls schema/migrations/V*.sql | sed 's/.*\/V\([0-9]*\)__.*/\1/' | sort -n | tail -2 | head -1)
  psql_db postgres -c "create database podium_old"
  "${java_cmd[@]}" migrate --db-url "jdbc:postgresql://127.0.0.1:$pg_port/podium_old" --db-user podium \
    --locations filesystem:schema/migrations --target "$previous"
  both_at_once podium_old
  check_migrations podium_old
  local applied
  applied=$(psql_db podium_old -c "select count(*) from flyway_schema_history where version = '$latest'")
  echo "replicas: migration V$latest, missing at start, applied $applied time(s)"
  [ "$applied" = 1 ]
}

started=$SECONDS
for phase in $PHASES; do
  say "--- $phase"
  "phase_$phase"
done
# ingest, detection, sweeps, deliveries and limits of two replicas on one database: never a cycle of locks
deadlocks=$(grep -c "deadlock detected" "$tmp/pg/log" || true)
echo "replicas: PostgreSQL detected $deadlocks deadlock(s)"
[ "$deadlocks" = 0 ] || { grep -A3 "deadlock detected" "$tmp/pg/log" | head -20 >&2; exit 1; }
say "every phase passed in $((SECONDS - started)) s"
