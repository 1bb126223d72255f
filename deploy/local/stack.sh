#!/usr/bin/env bash
# A local pgvs3 stack: one embedded PostgreSQL 18 and N Open Liberty gateways sharing it.
#
#   deploy/local/stack.sh up [--gateways N]   start (or complete) the stack; returns once every gateway is ready
#                                             (N = 0: the database only, e.g. for a gateway in a container);
#                                             fails, starting nothing, when one of its ports is taken, and
#                                             fails naming the problem when a gateway is not ready in time
#   deploy/local/stack.sh down                stop everything this state dir runs; keeps the data
#   deploy/local/stack.sh env                 print export lines: eval "$(deploy/local/stack.sh env)"
#   deploy/local/stack.sh status              show what runs; exit 0 only if everything is up and ready
#   deploy/local/stack.sh stat [--json] [--gateway N]   sizes, garbage and maintenance (GET /admin/stat)
#
# Settings (environment):
#   PGVS3_STACK_DIR          state directory (default <repo>/target/stack)
#   PGVS3_STACK_PG_PORT      PostgreSQL port (15432)
#   PGVS3_STACK_S3_PORT      S3 port of gateway 1; gateway i uses +i-1 (8014)
#   PGVS3_STACK_ADMIN_PORT   health/metrics port of gateway 1; gateway i uses +i-1 (9080)
#   PGVS3_STACK_RESP_PORT    RESP port of gateway 1; gateway i uses +i-1 (6380)
#   PGVS3_GATEWAY_HEAP       -Xmx of each gateway (512m)
#   PGVS3_ACCESS_KEY/PGVS3_SECRET_KEY   S3 credentials; generated once per state dir when unset
#   PGVS3_STACK_READY_TIMEOUT seconds to wait for all gateways to be ready (180)
#   PGVS3_STACK_DB_URL       JDBC URL of a database this stack does not run (e.g. a standby); its password is
#                            read from <state dir>/db-password, which must exist before 'up'
#   PGVS3_STACK_DB_TLS=true  the stack's PostgreSQL serves TCP only over TLS, with a throwaway CA made in
#                            <state dir>/db-tls; the gateways' URL carries sslmode=verify-full and that CA
#   PGVS3_READ_ONLY=true     gateways that serve reads only (docs/adr/0035), e.g. with PGVS3_STACK_DB_URL
#   Other PGVS3_* variables (e.g. PGVS3_REAPER_GRACE=PT0S) reach the gateways that 'up' starts.
set -euo pipefail

# shellcheck source=deploy/local/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

STATE=${PGVS3_STACK_DIR:-$PGVS3_REPO/target/stack}
[[ $STATE == /* ]] || STATE="$PWD/$STATE"
CONFIG="$STATE/stack.env"
PGDATA="$STATE/pgdata"
PG_PIDFILE="$STATE/postgres.pid"
PG_LOG="$STATE/postgres.log"
DB_TLS_DIR="$STATE/db-tls"

usage() {
  sed -n '2,27s/^# \{0,1\}//p' "${BASH_SOURCE[0]}" >&2
  exit 2
}

gw_dir() { printf '%s\n' "$STATE/gw$1"; }
gw_log() { printf '%s\n' "$(pgvs3_server_dir "$(gw_dir "$1")")/logs/messages.log"; }

# Prints the pid of gateway I if it runs.
gw_pid() {
  local dir
  dir=$(gw_dir "$1")
  pgvs3_running_pid "$dir/gateway.pid" "$(pgvs3_server_dir "$dir")"
}

db_pid() {
  pgvs3_running_pid "$PG_PIDFILE" "$PGDATA"
}

# Gateway numbers that have a directory in the state dir, ascending.
known_gateways() {
  local dir
  for dir in "$STATE"/gw*; do
    [[ -d $dir && ${dir##*/gw} =~ ^[0-9]+$ ]] && printf '%s\n' "${dir##*/gw}"
  done | sort -n
}

anything_running() {
  local i
  db_pid >/dev/null && return 0
  for i in $(known_gateways); do
    gw_pid "$i" >/dev/null && return 0
  done
  return 1
}

load_config() {
  [[ -f $CONFIG ]] || pgvs3_die "no stack configured in $STATE; run: deploy/local/stack.sh up"
  # shellcheck source=/dev/null
  source "$CONFIG"
  STACK_DB_URL=${STACK_DB_URL:-}
  STACK_DB_TLS=${STACK_DB_TLS:-false}
}

write_config() {
  (
    umask 077
    {
      printf '# written by deploy/local/stack.sh up; holds secrets (mode 600)\n'
      printf 'STACK_GATEWAYS=%q\n' "$STACK_GATEWAYS"
      printf 'STACK_PG_PORT=%q\n' "$STACK_PG_PORT"
      printf 'STACK_DB_URL=%q\n' "$STACK_DB_URL"
      printf 'STACK_DB_TLS=%q\n' "$STACK_DB_TLS"
      printf 'STACK_S3_PORT=%q\n' "$STACK_S3_PORT"
      printf 'STACK_ADMIN_PORT=%q\n' "$STACK_ADMIN_PORT"
      printf 'STACK_RESP_PORT=%q\n' "$STACK_RESP_PORT"
      printf 'STACK_HEAP=%q\n' "$STACK_HEAP"
      printf 'STACK_ACCESS_KEY=%q\n' "$STACK_ACCESS_KEY"
      printf 'STACK_SECRET_KEY=%q\n' "$STACK_SECRET_KEY"
      printf 'STACK_DB_PASSWORD=%q\n' "$STACK_DB_PASSWORD"
    } >"$CONFIG.tmp"
  )
  mv "$CONFIG.tmp" "$CONFIG"
  chmod 600 "$CONFIG"
}

# launch_gateway DIR JDBC_URL S3_PORT ADMIN_PORT RESP_PORT: 'server start' of a gateway in its own session,
# so that it outlives this script and the caller's terminal; Liberty's output goes to DIR/start.log.
launch_gateway() {
  local dir=$1
  pgvs3_export_gateway_env "$dir" "$2" "$PGVS3_DB_SUPERUSER" "$STACK_DB_PASSWORD" \
    "$3" "$3" "$4" "$5" "$STACK_ACCESS_KEY" "$STACK_SECRET_KEY"
  export WLP_USER_DIR=$dir PID_FILE=$dir/gateway.pid
  local -a start=("$PGVS3_WLP/bin/server" start pgvs3)
  if command -v setsid >/dev/null 2>&1; then
    start=(setsid -w "${start[@]}")
  fi
  "${start[@]}" >"$dir/start.log" 2>&1 </dev/null
}

cmd_up() {
  local gateways=1
  while (($#)); do
    case $1 in
      --gateways) (($# >= 2)) || usage; gateways=$2; shift 2 ;;
      --gateways=*) gateways=${1#*=}; shift ;;
      *) usage ;;
    esac
  done
  [[ $gateways =~ ^(0|[1-9][0-9]*)$ ]] || pgvs3_die "--gateways needs a number (0 or more), not '$gateways'"

  local pg_port=${PGVS3_STACK_PG_PORT:-15432} s3_port=${PGVS3_STACK_S3_PORT:-8014}
  local admin_port=${PGVS3_STACK_ADMIN_PORT:-9080} resp_port=${PGVS3_STACK_RESP_PORT:-6380}
  local heap=${PGVS3_GATEWAY_HEAP:-512m} timeout=${PGVS3_STACK_READY_TIMEOUT:-180}
  local db_url=${PGVS3_STACK_DB_URL:-} db_tls=${PGVS3_STACK_DB_TLS:-false}
  [[ $db_tls == true || $db_tls == false ]] || pgvs3_die "PGVS3_STACK_DB_TLS must be true or false, not '$db_tls'"
  if [[ -n $db_url && $db_tls == true ]]; then
    pgvs3_die "PGVS3_STACK_DB_TLS is for the stack's own PostgreSQL; put TLS into PGVS3_STACK_DB_URL instead"
  fi
  pgvs3_require_port "$pg_port" PGVS3_STACK_PG_PORT
  if [[ -n $db_url && ! -s $STATE/db-password ]]; then
    pgvs3_die "PGVS3_STACK_DB_URL needs the database's password in $STATE/db-password"
  fi
  pgvs3_require_port "$((s3_port + gateways - 1))" PGVS3_STACK_S3_PORT
  pgvs3_require_port "$((admin_port + gateways - 1))" PGVS3_STACK_ADMIN_PORT
  pgvs3_require_port "$((resp_port + gateways - 1))" PGVS3_STACK_RESP_PORT
  if [[ -n ${PGVS3_ACCESS_KEY:-} && -z ${PGVS3_SECRET_KEY:-} ]] || [[ -z ${PGVS3_ACCESS_KEY:-} && -n ${PGVS3_SECRET_KEY:-} ]]; then
    pgvs3_die "set both PGVS3_ACCESS_KEY and PGVS3_SECRET_KEY, or neither"
  fi

  mkdir -p "$STATE"
  chmod 700 "$STATE"
  pgvs3_ensure_built

  if anything_running; then
    load_config
    if [[ $STACK_GATEWAYS != "$gateways" || $STACK_PG_PORT != "$pg_port" || $STACK_S3_PORT != "$s3_port" ||
      $STACK_ADMIN_PORT != "$admin_port" || $STACK_RESP_PORT != "$resp_port" || $STACK_DB_URL != "$db_url" ||
      $STACK_DB_TLS != "$db_tls" ]]; then
      pgvs3_die "a stack with other settings runs from $STATE ($STACK_GATEWAYS gateway(s), PostgreSQL port $STACK_PG_PORT, S3 port $STACK_S3_PORT); run 'deploy/local/stack.sh down' first"
    fi
    if [[ -n ${PGVS3_ACCESS_KEY:-} && ($PGVS3_ACCESS_KEY != "$STACK_ACCESS_KEY" || $PGVS3_SECRET_KEY != "$STACK_SECRET_KEY") ]]; then
      pgvs3_die "the running stack uses other credentials than PGVS3_ACCESS_KEY/PGVS3_SECRET_KEY; run 'deploy/local/stack.sh down' first"
    fi
  else
    STACK_GATEWAYS=$gateways STACK_PG_PORT=$pg_port STACK_DB_URL=$db_url STACK_DB_TLS=$db_tls STACK_S3_PORT=$s3_port
    STACK_ADMIN_PORT=$admin_port STACK_RESP_PORT=$resp_port STACK_HEAP=$heap
    if [[ -n ${PGVS3_ACCESS_KEY:-} ]]; then
      STACK_ACCESS_KEY=$PGVS3_ACCESS_KEY STACK_SECRET_KEY=$PGVS3_SECRET_KEY
    else
      # development credentials of this state dir only; never a default baked into the server
      STACK_ACCESS_KEY=$(pgvs3_secret_file "$STATE/dev-access-key" 20 'A-Z0-9')
      STACK_SECRET_KEY=$(pgvs3_secret_file "$STATE/dev-secret-key" 40)
    fi
    STACK_DB_PASSWORD=$(pgvs3_secret_file "$STATE/db-password" 32)
    write_config
  fi

  # Every port this 'up' will open is checked before anything starts, so a taken port leaves nothing running.
  local all_up=yes i pid
  [[ -n $STACK_DB_URL ]] || db_pid >/dev/null || pgvs3_require_free_port "$STACK_PG_PORT" "PostgreSQL"
  for ((i = 1; i <= STACK_GATEWAYS; i++)); do
    gw_pid "$i" >/dev/null && continue
    pgvs3_require_free_port "$((STACK_S3_PORT + i - 1))" "S3 of gateway $i"
    pgvs3_require_free_port "$((STACK_ADMIN_PORT + i - 1))" "admin of gateway $i"
    pgvs3_require_free_port "$((STACK_RESP_PORT + i - 1))" "RESP of gateway $i"
  done
  [[ -n $STACK_DB_URL ]] || db_pid >/dev/null || all_up=no
  for ((i = 1; i <= STACK_GATEWAYS; i++)); do
    gw_pid "$i" >/dev/null || all_up=no
  done
  if [[ $all_up == yes ]]; then
    pgvs3_log "the stack in $STATE is already up ($STACK_GATEWAYS gateway(s))"
  fi

  if [[ -n $STACK_DB_URL ]]; then
    pgvs3_log "the gateways use the database at $STACK_DB_URL, which this stack does not run"
  elif pid=$(db_pid); then
    pgvs3_log "PostgreSQL already runs (pid $pid, port $STACK_PG_PORT)"
  else
    if [[ $STACK_DB_TLS == true ]]; then
      pgvs3_make_db_tls "$DB_TLS_DIR"
      PGVS3_DB_TLS_DIR=$DB_TLS_DIR pgvs3_start_db "$PGDATA" "$STACK_PG_PORT" "$STACK_DB_PASSWORD" "$PG_LOG" "$PG_PIDFILE" yes
    else
      pgvs3_start_db "$PGDATA" "$STACK_PG_PORT" "$STACK_DB_PASSWORD" "$PG_LOG" "$PG_PIDFILE" yes
    fi
  fi

  local jdbc_url dir
  local -a starters=()
  jdbc_url=$(stack_jdbc_url)
  for ((i = 1; i <= STACK_GATEWAYS; i++)); do
    dir=$(gw_dir "$i")
    if pid=$(gw_pid "$i"); then
      pgvs3_log "gateway $i already runs (pid $pid)"
      continue
    fi
    local s3=$((STACK_S3_PORT + i - 1)) admin=$((STACK_ADMIN_PORT + i - 1)) resp=$((STACK_RESP_PORT + i - 1))
    pgvs3_prepare_server "$dir" "$STACK_HEAP"
    pgvs3_log "starting gateway $i: S3 http://127.0.0.1:$s3, admin http://127.0.0.1:$admin (logs $(gw_log "$i"))"
    # In the background: 'server start' returns, and writes the pid file, only once Liberty has started,
    # which it has not while it tries a taken port again (pgvs3.listen.retries); the readiness wait below
    # has the deadline.
    launch_gateway "$dir" "$jdbc_url" "$s3" "$admin" "$resp" >/dev/null 2>&1 &
    starters[i]=$!
  done

  local deadline=$((SECONDS + timeout)) failed=no
  for ((i = 1; i <= STACK_GATEWAYS; i++)); do
    # no pid yet while 'server start' still waits; readiness alone tells then
    pid=$(gw_pid "$i") || pid=""
    if [[ -z $pid ]] && ! pgvs3_alive "${starters[i]:-}" && ! pid=$(gw_pid "$i"); then
      pgvs3_log "gateway $i is not running"
      pgvs3_show_log_tail "$(gw_dir "$i")/start.log" 10
      pgvs3_show_log_tail "$(gw_log "$i")"
      failed=yes
      continue
    fi
    if ! pgvs3_wait_ready "gateway $i" "$((STACK_ADMIN_PORT + i - 1))" "$deadline" "$pid" "$(gw_log "$i")"; then
      failed=yes
    fi
  done
  if [[ $failed == yes ]]; then
    pgvs3_die "the stack did not become ready; it is left running for inspection: deploy/local/stack.sh down"
  fi
  pgvs3_log "stack up: $STACK_GATEWAYS gateway(s), S3 at http://127.0.0.1:$STACK_S3_PORT; use: eval \"\$(deploy/local/stack.sh env)\""
}

# The gateways' database: the stack's own, or PGVS3_STACK_DB_URL's.
stack_jdbc_url() {
  if [[ -n $STACK_DB_URL ]]; then
    printf '%s\n' "$STACK_DB_URL"
  elif [[ $STACK_DB_TLS == true ]]; then
    pgvs3_jdbc_url "$STACK_PG_PORT" "$DB_TLS_DIR"
  else
    pgvs3_jdbc_url "$STACK_PG_PORT"
  fi
}

cmd_down() {
  (($# == 0)) || usage
  [[ -d $STATE ]] || return 0
  local i dir pid
  for i in $(known_gateways); do
    dir=$(gw_dir "$i")
    [[ -d $(pgvs3_server_dir "$dir") ]] || continue
    if pid=$(gw_pid "$i"); then
      pgvs3_log "stopping gateway $i (pid $pid)"
      pgvs3_liberty "$dir" stop >"$dir/stop.log" 2>&1 || true
      pgvs3_stop_pid "$pid" "gateway $i" 30 TERM || true
      rm -f "$dir/gateway.pid"
    fi
  done
  pgvs3_stop_db "$PG_PIDFILE" "$PGDATA"
  pgvs3_log "stack in $STATE is down"
}

cmd_env() {
  (($# == 0)) || usage
  load_config
  local i s3=() admin=()
  for ((i = 0; i < STACK_GATEWAYS; i++)); do
    s3+=("http://127.0.0.1:$((STACK_S3_PORT + i))")
    admin+=("http://127.0.0.1:$((STACK_ADMIN_PORT + i))")
  done
  printf 'export PGVS3_S3_ENDPOINT=%q\n' "${s3[0]:-}"
  printf 'export PGVS3_S3_ENDPOINTS=%q\n' "${s3[*]}"
  printf 'export PGVS3_RESP_ENDPOINT=%q\n' "127.0.0.1:$STACK_RESP_PORT"
  printf 'export PGVS3_ADMIN_ENDPOINTS=%q\n' "${admin[*]}"
  printf 'export PGVS3_ACCESS_KEY=%q\n' "$STACK_ACCESS_KEY"
  printf 'export PGVS3_SECRET_KEY=%q\n' "$STACK_SECRET_KEY"
  printf 'export PGVS3_JDBC_URL=%q\n' "$(stack_jdbc_url)"
  printf 'export PGVS3_DB_USER=%q\n' "$PGVS3_DB_SUPERUSER"
  printf 'export PGVS3_DB_PASSWORD=%q\n' "$STACK_DB_PASSWORD"
}

cmd_status() {
  (($# == 0)) || usage
  if [[ ! -f $CONFIG ]]; then
    printf 'no stack in %s\n' "$STATE"
    return 3
  fi
  load_config
  local ok=yes i pid status
  if [[ -n $STACK_DB_URL ]]; then
    printf 'postgresql  external %s\n' "$STACK_DB_URL"
  elif pid=$(db_pid); then
    printf 'postgresql  running  pid %-8s port %s\n' "$pid" "$STACK_PG_PORT"
  else
    printf 'postgresql  stopped\n'
    ok=no
  fi
  for ((i = 1; i <= STACK_GATEWAYS; i++)); do
    if pid=$(gw_pid "$i"); then
      status=$(pgvs3_http_status "$((STACK_ADMIN_PORT + i - 1))" /health/ready)
      printf 'gateway %-3s running  pid %-8s s3 %s admin %s ready %s\n' "$i" "$pid" \
        "$((STACK_S3_PORT + i - 1))" "$((STACK_ADMIN_PORT + i - 1))" "$status"
      [[ $status == 200 ]] || ok=no
    else
      printf 'gateway %-3s stopped\n' "$i"
      ok=no
    fi
  done
  [[ $ok == yes ]] || return 3
}

cmd_stat() {
  local accept='text/plain' gateway=1
  while (($#)); do
    case $1 in
      --json) accept='application/json'; shift ;;
      --gateway) (($# >= 2)) || usage; gateway=$2; shift 2 ;;
      *) usage ;;
    esac
  done
  load_config
  if ! [[ $gateway =~ ^[1-9][0-9]*$ ]] || ((gateway > STACK_GATEWAYS)); then
    pgvs3_die "--gateway needs a number from 1 to $STACK_GATEWAYS"
  fi
  pgvs3_http_get "$((STACK_ADMIN_PORT + gateway - 1))" /admin/stat "$STACK_ACCESS_KEY" "$STACK_SECRET_KEY" "$accept"
}

(($# >= 1)) || usage
command=$1
shift
case $command in
  up) cmd_up "$@" ;;
  down) cmd_down "$@" ;;
  env) cmd_env "$@" ;;
  status) cmd_status "$@" ;;
  stat) cmd_stat "$@" ;;
  -h | --help | help) usage ;;
  *) usage ;;
esac
