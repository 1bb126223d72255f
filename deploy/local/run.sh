#!/usr/bin/env bash
# The development run: an embedded PostgreSQL 18 (durable: fsync, synchronous_commit and
# full_page_writes on) and one Open Liberty server with pgvs3 in the foreground. Ctrl-C stops both.
# `./mvnw -Prun` builds the repository and then runs this script; it also works on its own after
# `./mvnw install -DskipTests`.
#
#   deploy/local/run.sh [--data DIR]
#
#   --data DIR              PostgreSQL data directory (default $PGVS3_RUN_DIR/pgdata; kept across runs)
#   PGVS3_RUN_DIR           state of the run: server, logs, db-password (default <repo>/target/run)
#   PGVS3_DB_URL            use this PostgreSQL 18 instead of the embedded one (with PGVS3_DB_USER,
#                           PGVS3_DB_PASSWORD); no embedded database is started then
#   PGVS3_S3_PORT           S3 port (8014); PGVS3_S3_PUBLIC_PORT the port clients sign for (the S3 port)
#   PGVS3_ADMIN_PORT        health/metrics port (9080); PGVS3_RESP_PORT RESP port (6380, -1 = off)
#   PGVS3_RUN_PG_PORT       port of the embedded PostgreSQL (15432)
#   PGVS3_ACCESS_KEY/PGVS3_SECRET_KEY   S3 credentials (default: the development pair pgvs3-dev/pgvs3-dev-secret)
#   PGVS3_GATEWAY_HEAP      -Xmx of the server (512m)
#   PGVS3_READY_TIMEOUT     seconds to wait for readiness before giving up (180)
#   Other PGVS3_* variables (docs/configuration.md) reach the server.
set -euo pipefail

# shellcheck source=deploy/local/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# A reader that went away (Maven, a closed terminal) must not kill the cleanup with SIGPIPE.
trap '' PIPE

RUN_DIR=${PGVS3_RUN_DIR:-$PGVS3_REPO/target/run}
DATA=""
while (($#)); do
  case $1 in
    --data) (($# >= 2)) || pgvs3_die "--data needs a directory"; DATA=$2; shift 2 ;;
    --data=*) DATA=${1#*=}; shift ;;
    -h | --help) sed -n '2,20s/^# \{0,1\}//p' "${BASH_SOURCE[0]}"; exit 0 ;;
    *) pgvs3_die "unknown argument: $1 (try --help)" ;;
  esac
done
DATA=${DATA:-$RUN_DIR/pgdata}
[[ $DATA == /* ]] || DATA="$PWD/$DATA"
mkdir -p "$(dirname "$DATA")"
DATA="$(cd "$(dirname "$DATA")" && pwd)/${DATA##*/}"

S3_PORT=${PGVS3_S3_PORT:-8014}
S3_PUBLIC_PORT=${PGVS3_S3_PUBLIC_PORT:-$S3_PORT}
ADMIN_PORT=${PGVS3_ADMIN_PORT:-9080}
RESP_PORT=${PGVS3_RESP_PORT:-6380}
PG_PORT=${PGVS3_RUN_PG_PORT:-15432}
HEAP=${PGVS3_GATEWAY_HEAP:-512m}
READY_TIMEOUT=${PGVS3_READY_TIMEOUT:-180}
pgvs3_require_port "$S3_PORT" PGVS3_S3_PORT
pgvs3_require_port "$ADMIN_PORT" PGVS3_ADMIN_PORT
pgvs3_require_port "$PG_PORT" PGVS3_RUN_PG_PORT

DEV_CREDENTIALS=no
if [[ -z ${PGVS3_ACCESS_KEY:-} && -z ${PGVS3_SECRET_KEY:-} ]]; then
  # Fixed, publicly known credentials: acceptable for this local development run only.
  ACCESS_KEY=pgvs3-dev
  SECRET_KEY=pgvs3-dev-secret
  DEV_CREDENTIALS=yes
elif [[ -n ${PGVS3_ACCESS_KEY:-} && -n ${PGVS3_SECRET_KEY:-} ]]; then
  ACCESS_KEY=$PGVS3_ACCESS_KEY
  SECRET_KEY=$PGVS3_SECRET_KEY
else
  pgvs3_die "set both PGVS3_ACCESS_KEY and PGVS3_SECRET_KEY, or neither"
fi

pgvs3_ensure_built
mkdir -p "$RUN_DIR"
pgvs3_require_free_port "$S3_PORT" "S3"
pgvs3_require_free_port "$ADMIN_PORT" "admin"
[[ $RESP_PORT == -1 ]] || pgvs3_require_free_port "$RESP_PORT" "RESP"

LIBERTY_PID=""
DB_PIDFILE="$RUN_DIR/postgres.pid"
EMBEDDED_DB=no
CLEANING=no

# shellcheck disable=SC2317 # invoked by the EXIT trap
cleanup() {
  set +e
  trap '' INT TERM HUP
  [[ $CLEANING == no ]] || return 0
  CLEANING=yes
  if [[ -n $LIBERTY_PID ]] && pgvs3_alive "$LIBERTY_PID"; then
    pgvs3_log "stopping Open Liberty (pid $LIBERTY_PID)"
    pgvs3_stop_pid "$LIBERTY_PID" "Open Liberty" 60 TERM
    wait "$LIBERTY_PID" 2>/dev/null
  fi
  if [[ $EMBEDDED_DB == yes ]]; then
    pgvs3_stop_db "$DB_PIDFILE" "$DATA"
  fi
  pgvs3_log "stopped"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP

if [[ -n ${PGVS3_DB_URL:-} ]]; then
  DB_URL=$PGVS3_DB_URL
  DB_USER=${PGVS3_DB_USER:-postgres}
  DB_PASSWORD=${PGVS3_DB_PASSWORD:-}
  [[ -n $DB_PASSWORD ]] || pgvs3_log "warning: PGVS3_DB_PASSWORD is empty"
  DB_DESCRIPTION="$DB_URL (user $DB_USER; PGVS3_DB_URL is set, no embedded database)"
else
  EMBEDDED_DB=yes
  DB_URL=$(pgvs3_jdbc_url "$PG_PORT")
  DB_USER=$PGVS3_DB_SUPERUSER
  DB_PASSWORD=$(pgvs3_secret_file "$RUN_DIR/db-password" 32)
  pgvs3_require_free_port "$PG_PORT" "PostgreSQL"
  pgvs3_start_db "$DATA" "$PG_PORT" "$DB_PASSWORD" "$RUN_DIR/postgres.log" "$DB_PIDFILE" no
  DB_DESCRIPTION="embedded PostgreSQL 18 at $DB_URL, data in $DATA (password in $RUN_DIR/db-password, log $RUN_DIR/postgres.log)"
fi

pgvs3_prepare_server "$RUN_DIR" "$HEAP"
pgvs3_export_gateway_env "$RUN_DIR" "$DB_URL" "$DB_USER" "$DB_PASSWORD" \
  "$S3_PORT" "$S3_PUBLIC_PORT" "$ADMIN_PORT" "$RESP_PORT" "$ACCESS_KEY" "$SECRET_KEY"
pgvs3_log "starting Open Liberty (logs $(pgvs3_server_dir "$RUN_DIR")/logs)"
# `server run` execs the JVM, so $! is the server itself. Its console output goes to ours.
WLP_USER_DIR=$RUN_DIR "$PGVS3_WLP/bin/server" run pgvs3 </dev/null &
LIBERTY_PID=$!

pgvs3_wait_ready "Open Liberty" "$ADMIN_PORT" "$((SECONDS + READY_TIMEOUT))" "$LIBERTY_PID" \
  "$(pgvs3_server_dir "$RUN_DIR")/logs/messages.log" || exit 1

{
  printf '\n'
  printf '================================================================================\n'
  printf ' pgvs3 is ready\n'
  printf '   S3 endpoint     http://127.0.0.1:%s   (region us-east-1)\n' "$S3_PORT"
  printf '   health/metrics  http://127.0.0.1:%s/health/ready   http://127.0.0.1:%s/metrics\n' "$ADMIN_PORT" "$ADMIN_PORT"
  if [[ $DEV_CREDENTIALS == yes ]]; then
    printf '   access key      %s\n' "$ACCESS_KEY"
    printf '   secret key      %s\n' "$SECRET_KEY"
    printf '   These are fixed, publicly known DEVELOPMENT credentials for this local run only.\n'
    printf '   Set PGVS3_ACCESS_KEY and PGVS3_SECRET_KEY for anything else.\n'
  else
    printf '   access key      %s   (secret from PGVS3_SECRET_KEY)\n' "$ACCESS_KEY"
  fi
  printf '   database        %s\n' "$DB_DESCRIPTION"
  printf '   try: AWS_ACCESS_KEY_ID=%s AWS_SECRET_ACCESS_KEY=... aws --region us-east-1 --endpoint-url http://127.0.0.1:%s s3 ls\n' "$ACCESS_KEY" "$S3_PORT"
  printf ' Press Ctrl-C to stop.\n'
  printf '================================================================================\n'
} 2>/dev/null || true

set +e
wait "$LIBERTY_PID"
rc=$?
LIBERTY_PID=""
exit "$rc"
