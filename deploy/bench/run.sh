#!/usr/bin/env bash
# The pgvs3 benchmark: one gateway (deploy/local/stack.sh, durability as the stack sets it), the S3Proxy
# peer, the PostgreSQL floor and the runtime floor in one run, cases alternating between targets; NDJSON, a
# markdown table and a PNG chart out. Build first (this script builds nothing): ./mvnw -B package -DskipTests
#
#   deploy/bench/run.sh [run] [options]      gateway vs peer vs floors
#   deploy/bench/run.sh sol [options]        large objects on one stream vs the HTTP and PostgreSQL floors (issue 8)
#   deploy/bench/run.sh memory [options]     concurrent large GETs, then PUTs, against a small heap
#   deploy/bench/run.sh slowread [options]   one client reading at a trickle: VACUUM elsewhere and other clients unhindered
#   deploy/bench/run.sh paired NAME [options] the current build vs the saved build NAME, flagging moves > 20 %
#   deploy/bench/run.sh save NAME            keep the current build (server, EAR, scripts) for paired runs
#   deploy/bench/run.sh origin [options]     an origin-backed bucket in front of S3Proxy behind a slow line vs that origin (issue 20)
#   deploy/bench/run.sh cases                list the case names
#
# Options:
#   --quick                run: 3 s per case, 1 trial; sol: 10MiB,256MiB, 3 trials; memory: 256MiB objects
#   --smoke                run: 2 s per case, no warm-up, 1 trial, one case per kind (CI)
#   --cases GLOBS          comma-separated case globs, e.g. 'get-*,floor-*' (default: all)
#   --duration S           measured seconds per case and target (10); slowread: of the slow download (60)
#   --warmup S             unmeasured seconds before each window (3); sol: of calls before the trials (20; quick 10)
#   --settle S             sol: then at most S seconds of gateway calls until its JIT compiler is quiet (120; quick 45)
#   --trials N             rounds over the matrix (3) or over the sol sizes (5); reports quote medians
#   --sizes LIST           sol: object sizes (10MiB,256MiB,1GiB); origin: (10MiB,100MiB)
#   --range SIZE           sol: the range read from each object's middle (8MiB)
#   --object-size SIZE     memory: bytes per request (1GiB)
#   --concurrency N        memory: requests at once (8)
#   --rate SIZE            slowread: the slow client's bytes per second (1KiB); origin: the line's per connection (50MiB)
#   --latency MS           origin: the line's delay each way (20)
#   --build NAME           run, sol, memory, slowread: run against the saved build NAME instead of the current one
#   --floor-features SET   run: the runtime floor's Liberty features, 'minimal' (restfulWS and cdi, the default) or
#                          'gateway' (the gateway's feature list and its monitor and metrics settings)
#   --gateway-heap SIZE    the gateway's -Xmx, e.g. 512m (the stack's default; memory: 512m)
#   --out DIR              results.ndjson, results.md (and for run results.png) (default target/bench/<UTC time>)
#   --state DIR            stacks, peer data, logs (default target/bench/state)
#   --port-offset N        added to the stack's default ports 15432/8014/9080/6380, the peer's 8114 and the runtime floor's 8214 (1000)
#   --saved-dir DIR        where save/paired keep builds (default ~/.cache/pgvs3-bench/saved)
set -euo pipefail

BENCH_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$BENCH_DIR/../.." && pwd)"
# shellcheck source=deploy/local/lib.sh
source "$REPO/deploy/local/lib.sh"

usage() {
  sed -n '2,/^set /s/^# \{0,1\}//p' "${BASH_SOURCE[0]}" >&2
  exit 2
}

bench_log() { printf '[bench] %s\n' "$*" >&2 || true; }
bench_die() { bench_log "error: $*"; exit 1; }

COMMAND=run
case ${1:-} in
  run | sol | memory | slowread | paired | save | origin | cases) COMMAND=$1; shift ;;
  -h | --help | help) usage ;;
esac
NAME=""
if [[ $COMMAND == paired || $COMMAND == save ]]; then
  if (($# < 1)) || [[ $1 == --* ]]; then
    usage
  fi
  NAME=$1
  shift
  [[ $NAME =~ ^[A-Za-z0-9._-]+$ ]] || bench_die "a saved build's name is letters, digits, '.', '_' and '-'"
fi

DURATION="" WARMUP=3 WARMUP_SET=no SETTLE="" TRIALS="" CASES="" OUT="" STATE="" PORT_OFFSET=${PGVS3_BENCH_PORT_OFFSET:-1000} QUICK=no
SIZES="" RANGE=8MiB OBJECT_SIZE="" CONCURRENCY=8 GATEWAY_HEAP="" RATE="" LATENCY=20 BUILD="" FLOOR_FEATURES=minimal
SAVED_DIR=${PGVS3_BENCH_SAVED_DIR:-$HOME/.cache/pgvs3-bench/saved}
while (($#)); do
  case $1 in
    --quick) QUICK=yes DURATION=${DURATION:-3} WARMUP=1; shift ;;
    --smoke) DURATION=${DURATION:-2} WARMUP=0 TRIALS=1 CASES=smoke; shift ;;
    --cases | --duration | --warmup | --settle | --trials | --out | --state | --port-offset | --saved-dir | --sizes | --range | \
      --object-size | --concurrency | --gateway-heap | --rate | --latency | --build | --floor-features)
      (($# >= 2)) || usage
      case $1 in
        --cases) CASES=$2 ;; --duration) DURATION=$2 ;; --warmup) WARMUP=$2 WARMUP_SET=yes ;; --settle) SETTLE=$2 ;;
        --trials) TRIALS=$2 ;;
        --out) OUT=$2 ;; --state) STATE=$2 ;; --port-offset) PORT_OFFSET=$2 ;; --saved-dir) SAVED_DIR=$2 ;;
        --sizes) SIZES=$2 ;; --range) RANGE=$2 ;; --object-size) OBJECT_SIZE=$2 ;; --concurrency) CONCURRENCY=$2 ;;
        --gateway-heap) GATEWAY_HEAP=$2 ;; --rate) RATE=$2 ;; --latency) LATENCY=$2 ;; --build) BUILD=$2 ;;
        --floor-features) FLOOR_FEATURES=$2 ;;
      esac
      shift 2 ;;
    *) usage ;;
  esac
done
# --quick shortens each command its own way; explicit options still win
if [[ $QUICK == yes ]]; then
  TRIALS=${TRIALS:-$([[ $COMMAND == sol ]] && echo 3 || echo 1)}
  SIZES=${SIZES:-10MiB,256MiB}
  OBJECT_SIZE=${OBJECT_SIZE:-256MiB}
fi
TRIALS=${TRIALS:-$([[ $COMMAND == sol ]] && echo 5 || echo 3)}
DURATION=${DURATION:-$([[ $COMMAND == slowread ]] && echo 60 || echo 10)}
SIZES=${SIZES:-$([[ $COMMAND == origin ]] && echo 10MiB,100MiB || echo 10MiB,256MiB,1GiB)}
RATE=${RATE:-$([[ $COMMAND == origin ]] && echo 50MiB || echo 1KiB)}
OBJECT_SIZE=${OBJECT_SIZE:-1GiB}
[[ $COMMAND != memory ]] || GATEWAY_HEAP=${GATEWAY_HEAP:-512m}
[[ $PORT_OFFSET =~ ^[0-9]+$ ]] || bench_die "--port-offset needs a number"
[[ $FLOOR_FEATURES == minimal || $FLOOR_FEATURES == gateway ]] || bench_die "--floor-features is 'minimal' or 'gateway'"
STATE=${STATE:-$REPO/target/bench/state}
OUT=${OUT:-$REPO/target/bench/$(date -u +%Y%m%dT%H%M%SZ)}
[[ $STATE == /* ]] || STATE="$PWD/$STATE"
[[ $OUT == /* ]] || OUT="$PWD/$OUT"

BENCH_JAR="$BENCH_DIR/target/pgvs3-bench.jar"
BENCH_CP="$BENCH_DIR/target/classpath.txt"
PEER_JAR="$BENCH_DIR/target/peer/s3proxy.jar"
PEER_VERSION=$(sed -n 's:.*<s3proxy.version>\(.*\)</s3proxy.version>.*:\1:p' "$REPO/pom.xml")
RUNTIME_FLOOR_WAR="$REPO/deploy/runtime-floor/target/runtime-floor.war"
RUNTIME_FLOOR_CONFIG="$REPO/deploy/runtime-floor/src/main/liberty/config"

# This script never builds: stack.sh would fall back to './mvnw install', which must not run here.
require_built() {
  local missing=() f
  for f in "$PGVS3_WLP/bin/server" "$PGVS3_BUILT_SERVER/apps" "$PGVS3_DEVDB_CP" "$BENCH_JAR" "$BENCH_CP" "$PEER_JAR"; do
    [[ -e $f ]] || missing+=("$f")
  done
  ((${#missing[@]} == 0)) || bench_die "build output missing (${missing[*]}); run first: ./mvnw -B package -DskipTests"
}

harness() {
  local java
  java=$(pgvs3_java)
  # ParallelGC and a fixed heap keep the client's own CPU low and steady next to the servers it measures
  "$java" -Xms512m -Xmx1g -XX:+UseParallelGC -Djava.awt.headless=true -Dbench.clkTck="$(getconf CLK_TCK 2>/dev/null || echo 100)" \
    -cp "$BENCH_JAR:$(<"$BENCH_CP")" io.pgvs3.bench.BenchMain "$@"
}

# What the gateway is built from; benchmark, docs and root-pom module changes do not change what is measured.
GATEWAY_PATHS=(settings web-s3 ejb-store web-resp-bridge web-admin liberty-config ear deploy/devdb deploy/local)

# The commit of the gateway's own code (not of benchmark or docs changes), plus the checkout's state.
gateway_build() {
  local dir=$1 head code dirty=""
  if ! head=$(git -C "$dir" rev-parse --short HEAD 2>/dev/null); then
    printf 'pgvs3 (no git)\n'
    return
  fi
  code=$(git -C "$dir" log -1 --format=%h -- "${GATEWAY_PATHS[@]}")
  git -C "$dir" diff --quiet HEAD -- "${GATEWAY_PATHS[@]}" 2>/dev/null || dirty="+local changes"
  printf 'pgvs3 %s%s (checkout %s)\n' "$code" "$dirty" "$head"
}

# ---------------------------------------------------------------------------------------------------
# What this script starts, and stops on exit

STARTED_STACKS=()
PEER_PID=""
RUNTIME_FLOOR_DIR="" RUNTIME_FLOOR_STARTER="" RUNTIME_FLOOR_WLP="" RUNTIME_FLOOR_PID="" RUNTIME_FLOOR_BUILD=""

cleanup() {
  local rc=$? entry pid
  if [[ -n $PEER_PID ]]; then
    bench_log "stopping the peer (pid $PEER_PID)"
    pgvs3_stop_pid "$PEER_PID" "S3Proxy" 20 TERM || true
  fi
  if [[ -n $RUNTIME_FLOOR_DIR ]]; then
    # a 'server start' still under way first, so that it launches nothing afterwards
    pgvs3_stop_pid "$RUNTIME_FLOOR_STARTER" "the runtime floor's 'server start'" 10 TERM || true
    if pid=$(runtime_floor_pid); then
      bench_log "stopping the runtime floor (pid $pid)"
      pgvs3_stop_pid "$pid" "the runtime floor" 30 TERM || true
    fi
  fi
  for entry in "${STARTED_STACKS[@]}"; do
    # once stopped, its database goes: the next run starts on an empty one anyway (start_stack), and a
    # sol run leaves ~14 GB on a disk other work shares; the logs stay
    if PGVS3_STACK_DIR=${entry#*|} bash "${entry%%|*}" down; then
      rm -rf "${entry#*|}/pgdata"
    fi
  done
  exit "$rc"
}

# A signal (Ctrl-C, the smoke test's timeout) exits, and exiting runs cleanup once.
trap_cleanup() {
  trap cleanup EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM
}

# start_stack STACK_SH STATE_DIR OFFSET: a one-gateway stack with the default ports plus OFFSET, on an
# empty database (as the peer starts on an empty directory), so no run inherits an earlier run's tables.
start_stack() {
  local script=$1 dir=$2 offset=$3
  STARTED_STACKS+=("$script|$dir")
  PGVS3_STACK_DIR=$dir bash "$script" down
  rm -rf "$dir/pgdata"
  PGVS3_STACK_DIR=$dir PGVS3_STACK_PG_PORT=$((15432 + offset)) PGVS3_STACK_S3_PORT=$((8014 + offset)) \
    PGVS3_STACK_ADMIN_PORT=$((9080 + offset)) PGVS3_STACK_RESP_PORT=$((6380 + offset)) \
    PGVS3_GATEWAY_HEAP=${GATEWAY_HEAP:-${PGVS3_GATEWAY_HEAP:-}} bash "$script" up --gateways 1
}

stack_env() {
  PGVS3_STACK_DIR=$2 bash "$1" env
}

# start_peer DIR PORT ACCESS SECRET: S3Proxy on loopback, filesystem backend, SigV4 (v2 or v4) auth.
start_peer() {
  local dir=$1 port=$2 access=$3 secret=$4 java deadline
  java=$(pgvs3_java)
  pgvs3_require_free_port "$port" "S3Proxy"
  rm -rf "$dir/data"
  mkdir -p "$dir/data"
  (
    umask 077
    cat >"$dir/s3proxy.conf" <<EOF
s3proxy.endpoint=http://127.0.0.1:$port
s3proxy.authorization=aws-v2-or-v4
s3proxy.identity=$access
s3proxy.credential=$secret
jclouds.provider=filesystem
jclouds.filesystem.basedir=$dir/data
EOF
  )
  # warn: S3Proxy logs every request at info, which would charge its CPU with logging the gateway does not do
  LOG_LEVEL=warn "$java" -Xmx512m -jar "$PEER_JAR" --properties "$dir/s3proxy.conf" >"$dir/s3proxy.log" 2>&1 </dev/null &
  PEER_PID=$!
  deadline=$((SECONDS + 60))
  until pgvs3_port_in_use "$port"; do
    pgvs3_alive "$PEER_PID" || { pgvs3_show_log_tail "$dir/s3proxy.log"; bench_die "S3Proxy exited during startup"; }
    ((SECONDS < deadline)) || { pgvs3_show_log_tail "$dir/s3proxy.log"; bench_die "S3Proxy did not listen on $port within 60 s"; }
    sleep 0.2
  done
  bench_log "S3Proxy $PEER_VERSION on http://127.0.0.1:$port (pid $PEER_PID)"
}

# launch_runtime_floor DIR PORT: runtime-floor.war on a second Liberty server of the install the gateway runs
# (this checkout's or the saved build's), in the user dir DIR, with the module's server.xml and jvm.options
# (the gateway's, default heap included). Its 'server start' runs in the background, so the stack and the
# peer start meanwhile; await_runtime_floor waits for its answer.
launch_runtime_floor() {
  local dir=$1 port=$2 server
  [[ -f $RUNTIME_FLOOR_WAR ]] || bench_die "build output missing ($RUNTIME_FLOOR_WAR); run first: ./mvnw -B package -DskipTests"
  RUNTIME_FLOOR_WLP="$(subject_root)/ear/target/liberty/wlp"
  pgvs3_require_free_port "$port" "the runtime floor"
  server="$dir/servers/runtime-floor"
  rm -rf "$server/apps"
  mkdir -p "$server/apps"
  cp "$RUNTIME_FLOOR_CONFIG/jvm.options" "$server/"
  if [[ $FLOOR_FEATURES == gateway ]]; then
    # the server.xml the gateway of this run was built with (liberty-config/server.xml, or the saved build's copy)
    with_gateway_features "$RUNTIME_FLOOR_CONFIG/server.xml" "$RUNTIME_FLOOR_WLP/usr/servers/pgvs3/server.xml" \
      >"$server/server.xml"
    rm -rf "${server:?}/lib"
    if [[ -d $RUNTIME_FLOOR_WLP/usr/servers/pgvs3/lib/bell ]]; then
      mkdir -p "$server/lib"
      cp -R "$RUNTIME_FLOOR_WLP/usr/servers/pgvs3/lib/bell" "$server/lib/"
    fi
  else
    cp "$RUNTIME_FLOOR_CONFIG/server.xml" "$server/"
  fi
  cp "$RUNTIME_FLOOR_WAR" "$server/apps/"
  rm -f "$dir/runtime-floor.pid"
  RUNTIME_FLOOR_DIR=$dir
  # --clean: nothing cached from an earlier run's server
  PGVS3_RUNTIME_FLOOR_PORT=$port WLP_USER_DIR=$dir PID_FILE=$dir/runtime-floor.pid \
    "$RUNTIME_FLOOR_WLP/bin/server" start runtime-floor --clean >"$dir/start.log" 2>&1 </dev/null &
  RUNTIME_FLOOR_STARTER=$!
}

# with_gateway_features FLOOR_XML GATEWAY_XML: the floor's server.xml with the gateway's <featureManager> in place
# of its own, and the gateway's <monitor>, <mpMetrics> and BELL settings (its lib/bell library, ADR 69): what
# Liberty charges a trivial answer on a server that carries everything the gateway's does (HTTP monitor filter,
# transaction and EJB collaborators).
with_gateway_features() {
  local floor=$1 gateway=$2
  awk -v gateway="$gateway" '
    /<featureManager>/ {
      while ((getline line < gateway) > 0) {
        if (line ~ /<featureManager>|<library id="libertyBell">/) { copy = 1 }
        if (copy || line ~ /^ *<(monitor|mpMetrics|bell) [^>]*\/>/) { print line }
        if (line ~ /<\/featureManager>|<\/library>/) { copy = 0 }
      }
      skip = 1
    }
    !skip { print }
    /<\/featureManager>/ { skip = 0 }
  ' "$floor"
}

# The features of the runtime floor's server.xml, comma-separated.
floor_features_label() {
  sed -n 's:.*<feature>\(.*\)</feature>.*:\1:p' "$RUNTIME_FLOOR_DIR/servers/runtime-floor/server.xml" | paste -sd, - | sed 's/,/, /g'
}

# The runtime floor's pid, once its 'server start' has launched it.
runtime_floor_pid() {
  pgvs3_running_pid "$RUNTIME_FLOOR_DIR/runtime-floor.pid" "$RUNTIME_FLOOR_DIR/servers/runtime-floor"
}

runtime_floor_died() {
  pgvs3_show_log_tail "$RUNTIME_FLOOR_DIR/start.log" 10
  pgvs3_show_log_tail "$RUNTIME_FLOOR_DIR/servers/runtime-floor/logs/messages.log"
  bench_die "the runtime floor is not running"
}

# await_runtime_floor PORT: returns once GET /4k answers 200, and sets RUNTIME_FLOOR_PID and RUNTIME_FLOOR_BUILD.
await_runtime_floor() {
  local port=$1 deadline=$((SECONDS + 120)) pid="" log="$RUNTIME_FLOOR_DIR/servers/runtime-floor/logs/messages.log"
  until [[ $(pgvs3_http_status "$port" /4k) == 200 ]]; do
    # no pid while 'server start' has yet to launch the JVM; gone for good once that ended without one
    [[ -n $pid ]] || pid=$(runtime_floor_pid) || pid=""
    if [[ -n $pid ]]; then
      pgvs3_alive "$pid" || runtime_floor_died
    elif ! pgvs3_alive "$RUNTIME_FLOOR_STARTER" && ! runtime_floor_pid >/dev/null; then
      runtime_floor_died
    fi
    ((SECONDS < deadline)) || { pgvs3_show_log_tail "$log"; bench_die "the runtime floor did not answer GET /4k on $port within 120 s"; }
    sleep 0.2
  done
  RUNTIME_FLOOR_PID=$(runtime_floor_pid) || bench_die "the runtime floor answers, but its pid file names no running server"
  local version="$RUNTIME_FLOOR_WLP/lib/versions/openliberty.properties"
  RUNTIME_FLOOR_BUILD="$(sed -n 's/^com.ibm.websphere.productName=//p' "$version") $(sed -n 's/^com.ibm.websphere.productVersion=//p' "$version"), runtime-floor.war ($(floor_features_label))"
  bench_log "runtime floor: $RUNTIME_FLOOR_BUILD on http://127.0.0.1:$port/4k (pid $RUNTIME_FLOOR_PID)"
}

postmaster_pid() {
  head -n 1 "$1/pgdata/postmaster.pid" 2>/dev/null || echo 0
}

gateway_pid() {
  tr -dc '0-9' <"$1/gw1/gateway.pid" 2>/dev/null || echo 0
}

# s3_target NAME ROLE ENDPOINT ACCESS SECRET PID DBPID BUILD: lines of the targets file
s3_target() {
  printf 'target.%s.role=%s\ntarget.%s.endpoint=%s\ntarget.%s.accessKey=%s\ntarget.%s.secretKey=%s\n' \
    "$1" "$2" "$1" "$3" "$1" "$4" "$1" "$5"
  printf 'target.%s.pid=%s\ntarget.%s.dbPid=%s\ntarget.%s.build=%s\n' "$1" "$6" "$1" "$7" "$1" "$8"
}

# db_lines DB_PID: targets-file lines for the database of the stack load_stack_env loaded last.
db_lines() {
  printf 'db.jdbcUrl=%s\ndb.user=%s\ndb.password=%s\ndb.pid=%s\n' "$S_JDBC" "$S_DB_USER" "$S_DB_PASSWORD" "$1"
  local driver
  driver=$(basename "$(tr : '\n' <"$BENCH_CP" | grep /postgresql-)" .jar)
  printf "db.build=PgJDBC %s on the gateway's database\n" "${driver#postgresql-}"
}

# Loads one stack's `stack.sh env` into S_* variables.
load_stack_env() {
  # every name stack.sh env exports is declared local, so none leaks into the caller
  # shellcheck disable=SC2034
  local PGVS3_S3_ENDPOINT PGVS3_S3_ENDPOINTS PGVS3_RESP_ENDPOINT PGVS3_ADMIN_ENDPOINTS PGVS3_ACCESS_KEY PGVS3_SECRET_KEY
  local PGVS3_JDBC_URL PGVS3_DB_USER PGVS3_DB_PASSWORD
  eval "$(stack_env "$1" "$2")"
  S_ENDPOINT=$PGVS3_S3_ENDPOINT S_ACCESS=$PGVS3_ACCESS_KEY S_SECRET=$PGVS3_SECRET_KEY
  S_JDBC=$PGVS3_JDBC_URL S_DB_USER=$PGVS3_DB_USER S_DB_PASSWORD=$PGVS3_DB_PASSWORD
}

run_matrix() {
  local targets=$1
  mkdir -p "$OUT"
  bench_log "running the matrix (cases '${CASES:-all}', ${DURATION}s after ${WARMUP}s warm-up, $TRIALS trial(s)) into $OUT"
  harness run --targets "$targets" --out "$OUT/results.ndjson" --cases "$CASES" \
    --duration "$DURATION" --warmup "$WARMUP" --trials "$TRIALS" 2> >(tee -a "$OUT/run.log" >&2)
  harness report --in "$OUT/results.ndjson" --md "$OUT/results.md" --png "$OUT/results.png"
  bench_log "results: $OUT/results.ndjson, table: $OUT/results.md, chart: $OUT/results.png"
  cat "$OUT/results.md" >&2
}

# start_subject [COMMAND...]: this checkout's one-gateway stack in $STATE/stack, its settings loaded into S_*;
# COMMAND runs first, once the state dir and the cleanup trap exist, so what it starts in the background
# starts while the stack does.
# subject_root: the checkout whose gateway start_subject runs: this one, or the saved build --build names.
subject_root() {
  if [[ -z $BUILD ]]; then
    printf '%s\n' "$REPO"
    return
  fi
  [[ -x $SAVED_DIR/$BUILD/deploy/local/stack.sh ]] || bench_die "no saved build $BUILD in $SAVED_DIR"
  printf '%s\n' "$SAVED_DIR/$BUILD"
}

start_subject() {
  require_built
  mkdir -p "$STATE" "$OUT"
  chmod 700 "$STATE"
  trap_cleanup
  (($# == 0)) || "$@"
  local root
  root=$(subject_root)
  start_stack "$root/deploy/local/stack.sh" "$STATE/stack" "$PORT_OFFSET"
  load_stack_env "$root/deploy/local/stack.sh" "$STATE/stack"
}

# subject_lines: the targets file's header, database and gateway lines for the stack start_subject started.
subject_lines() {
  local targets=$1 db_pid
  db_pid=$(postmaster_pid "$STATE/stack")
  printf 'targets=%s\nbucket=pgvs3-bench\nregion=us-east-1\n' "$targets"
  db_lines "$db_pid"
  local build
  if [[ -n $BUILD ]]; then
    build="$(<"$SAVED_DIR/$BUILD/BUILD") (saved as $BUILD)"
  else
    build=$(gateway_build "$REPO")
  fi
  s3_target pgvs3 subject "$S_ENDPOINT" "$S_ACCESS" "$S_SECRET" "$(gateway_pid "$STATE/stack")" "$db_pid" "$build"
}

# write_subject_targets FILE: a targets file (mode 600: keys and the database password) naming only the gateway.
write_subject_targets() {
  (
    umask 077
    subject_lines pgvs3 >"$1"
  )
}

cmd_run() {
  local peer_port=$((8114 + PORT_OFFSET)) floor_port=$((8214 + PORT_OFFSET)) targets="$STATE/targets.properties"
  start_subject launch_runtime_floor "$STATE/runtime-floor" "$floor_port"
  local peer_access peer_secret
  peer_access=$(pgvs3_secret_file "$STATE/peer-access-key" 20 'A-Z0-9')
  peer_secret=$(pgvs3_secret_file "$STATE/peer-secret-key" 40)
  start_peer "$STATE/peer" "$peer_port" "$peer_access" "$peer_secret"
  await_runtime_floor "$floor_port"
  (
    umask 077
    {
      subject_lines pgvs3,s3proxy,floor,runtime-floor
      s3_target s3proxy peer "http://127.0.0.1:$peer_port" "$peer_access" "$peer_secret" "$PEER_PID" 0 \
        "S3Proxy $PEER_VERSION, filesystem backend"
      printf 'target.floor.role=floor\n'
      printf 'target.runtime-floor.role=runtime_floor\ntarget.runtime-floor.endpoint=http://127.0.0.1:%s\n' "$floor_port"
      printf 'target.runtime-floor.pid=%s\ntarget.runtime-floor.build=%s\n' "$RUNTIME_FLOOR_PID" "$RUNTIME_FLOOR_BUILD"
    } >"$targets"
  )
  run_matrix "$targets"
}

# subject_harness COMMAND DESCRIPTION ARGS...: starts the stack only and runs one harness command on it,
# with the usual targets, outputs and data directory; the table is printed at the end.
subject_harness() {
  local command=$1 description=$2
  shift 2
  start_subject
  local targets="$STATE/targets.properties"
  write_subject_targets "$targets"
  bench_log "$command: $description into $OUT"
  harness "$command" --targets "$targets" --out "$OUT/results.ndjson" --md "$OUT/results.md" \
    --data "$STATE/stack/pgdata" "$@" 2> >(tee -a "$OUT/run.log" >&2)
  bench_log "results: $OUT/results.ndjson, table: $OUT/results.md"
  cat "$OUT/results.md" >&2
}

# The floors of sol live in the harness (HTTP) and in the gateway's own database (PostgreSQL), so
# only the stack is started.
cmd_sol() {
  local warmup=20
  [[ $QUICK == no ]] || warmup=10
  [[ $WARMUP_SET == no ]] || warmup=$WARMUP
  local settle=${SETTLE:-$([[ $QUICK == yes ]] && echo 45 || echo 120)}
  subject_harness sol "sizes $SIZES, range $RANGE, $TRIALS trial(s) after ${warmup} s of warm-up and up to ${settle} s of settling" \
    --sizes "$SIZES" --range "$RANGE" --trials "$TRIALS" --warmup "$warmup" --settle "$settle"
}

cmd_memory() {
  subject_harness memory "$CONCURRENCY concurrent GETs, then PUTs, of $OBJECT_SIZE against a $GATEWAY_HEAP heap" \
    --logs "$(pgvs3_server_dir "$STATE/stack/gw1")/logs" --size "$OBJECT_SIZE" --concurrency "$CONCURRENCY"
}

cmd_slowread() {
  subject_harness slowread "a GET at $RATE/s for $DURATION s, with VACUUM probes and other clients" \
    --rate "$RATE" --duration "$DURATION"
}

# The gateway learns the origin's keys as the credential set "bench" (server variables, ADR 45), then the
# harness drives the gateway, S3Proxy and its own delay line between them.
cmd_origin() {
  require_built
  mkdir -p "$STATE" "$OUT"
  chmod 700 "$STATE"
  trap_cleanup
  local peer_port=$((8114 + PORT_OFFSET)) peer_access peer_secret
  peer_access=$(pgvs3_secret_file "$STATE/peer-access-key" 20 'A-Z0-9')
  peer_secret=$(pgvs3_secret_file "$STATE/peer-secret-key" 40)
  start_peer "$STATE/peer" "$peer_port" "$peer_access" "$peer_secret"
  PGVS3_ORIGIN_CREDENTIALS_BENCH_ACCESS_KEY=$peer_access PGVS3_ORIGIN_CREDENTIALS_BENCH_SECRET_KEY=$peer_secret \
    start_stack "$REPO/deploy/local/stack.sh" "$STATE/stack" "$PORT_OFFSET"
  load_stack_env "$REPO/deploy/local/stack.sh" "$STATE/stack"
  local admin=${S_ENDPOINT%:*}:$((9080 + PORT_OFFSET))
  bench_log "origin: sizes $SIZES, $TRIALS trial(s), $LATENCY ms each way, $RATE/s per connection into $OUT"
  harness origin --gateway "$S_ENDPOINT" --admin "$admin" --access "$S_ACCESS" --secret "$S_SECRET" \
    --peer "http://127.0.0.1:$peer_port" --peer-access "$peer_access" --peer-secret "$peer_secret" --credentials bench \
    --sizes "$SIZES" --trials "$TRIALS" --latency "$LATENCY" --rate "$RATE" \
    --out "$OUT/results.ndjson" --md "$OUT/results.md" 2> >(tee -a "$OUT/run.log" >&2)
  cat "$OUT/results.md" >&2
}

cmd_paired() {
  require_built
  local saved="$SAVED_DIR/$NAME"
  [[ -x $saved/deploy/local/stack.sh ]] || bench_die "no saved build $NAME in $SAVED_DIR (deploy/bench/run.sh save $NAME)"
  mkdir -p "$STATE"
  chmod 700 "$STATE"
  trap_cleanup
  local current="$STATE/stack" baseline="$STATE/baseline-stack" targets="$STATE/targets.properties"
  start_stack "$REPO/deploy/local/stack.sh" "$current" "$PORT_OFFSET"
  start_stack "$saved/deploy/local/stack.sh" "$baseline" "$((PORT_OFFSET + 20))"
  load_stack_env "$saved/deploy/local/stack.sh" "$baseline"
  local b_endpoint=$S_ENDPOINT b_access=$S_ACCESS b_secret=$S_SECRET
  load_stack_env "$REPO/deploy/local/stack.sh" "$current"
  local db_pid
  db_pid=$(postmaster_pid "$current")
  (
    umask 077
    {
      printf 'targets=current,baseline\nbucket=pgvs3-bench\nregion=us-east-1\n'
      db_lines "$db_pid"
      s3_target current subject "$S_ENDPOINT" "$S_ACCESS" "$S_SECRET" "$(gateway_pid "$current")" "$db_pid" \
        "$(gateway_build "$REPO")"
      s3_target baseline baseline "$b_endpoint" "$b_access" "$b_secret" "$(gateway_pid "$baseline")" \
        "$(postmaster_pid "$baseline")" "$(<"$saved/BUILD") (saved as $NAME)"
    } >"$targets"
  )
  CASES=${CASES:-$(harness cases | grep -v '^floor-' | paste -sd, -)}
  run_matrix "$targets"
}

# A saved build mirrors the repository layout stack.sh expects: the Liberty server with its EAR, the
# embedded database launcher and the scripts of that build, so it runs exactly as it did.
cmd_save() {
  require_built
  local dest="$SAVED_DIR/$NAME"
  [[ ! -e $dest ]] || bench_die "$dest exists; choose another name or remove it"
  mkdir -p "$dest/ear/target/liberty" "$dest/deploy/local" "$dest/deploy/devdb/target"
  cp -R "$PGVS3_WLP" "$dest/ear/target/liberty/"
  cp "$REPO"/deploy/local/*.sh "$dest/deploy/local/"
  cp -R "$PGVS3_DEVDB_CLASSES" "$PGVS3_DEVDB_CP" "$dest/deploy/devdb/target/"
  printf '%s, built %s\n' "$(gateway_build "$REPO")" \
    "$(date -u -r "$PGVS3_BUILT_SERVER/apps" +%Y-%m-%dT%H:%MZ)" >"$dest/BUILD"
  bench_log "saved $(<"$dest/BUILD") as $dest ($(du -sh "$dest" | cut -f1))"
}

case $COMMAND in
  run) cmd_run ;;
  sol) cmd_sol ;;
  memory) cmd_memory ;;
  slowread) cmd_slowread ;;
  paired) cmd_paired ;;
  origin) cmd_origin ;;
  save) cmd_save ;;
  cases) require_built; harness cases ;;
esac
