# shellcheck shell=bash
# Helpers shared by deploy/local/stack.sh and deploy/local/run.sh. Source it; do not run it.
#
# Everything here works without Maven: the scripts start the embedded PostgreSQL 18 from
# deploy/devdb/target/classpath.txt and Open Liberty from ear/target/liberty/wlp, both written by
# `./mvnw install`.

PGVS3_REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
PGVS3_WLP="$PGVS3_REPO/ear/target/liberty/wlp"
PGVS3_BUILT_SERVER="$PGVS3_WLP/usr/servers/pgvs3"
PGVS3_DEVDB_CP="$PGVS3_REPO/deploy/devdb/target/classpath.txt"
PGVS3_DEVDB_CLASSES="$PGVS3_REPO/deploy/devdb/target/classes"
# shellcheck disable=SC2034 # used by the scripts that source this file
PGVS3_DB_SUPERUSER=postgres
# Liberty must not pick up an output directory from the caller's environment.
unset WLP_OUTPUT_DIR

# Logging never fails: a closed stdout/stderr (the terminal or Maven went away) must not abort a cleanup.
pgvs3_log() {
  printf '[pgvs3] %s\n' "$*" >&2 || true
}

pgvs3_die() {
  pgvs3_log "error: $*"
  exit 1
}

pgvs3_java() {
  if [[ -n ${JAVA_HOME:-} && -x $JAVA_HOME/bin/java ]]; then
    printf '%s\n' "$JAVA_HOME/bin/java"
  elif command -v java >/dev/null 2>&1; then
    command -v java
  else
    pgvs3_die "no Java found: install JDK 17 or newer, or set JAVA_HOME"
  fi
}

# Builds the repository (tests skipped) when the Liberty server or the embedded database launcher is missing.
pgvs3_ensure_built() {
  if [[ -x $PGVS3_WLP/bin/server && -d $PGVS3_BUILT_SERVER/apps && -f $PGVS3_DEVDB_CP && -d $PGVS3_DEVDB_CLASSES ]]; then
    return 0
  fi
  pgvs3_log "build output missing; running ./mvnw -B -q install -DskipTests in $PGVS3_REPO"
  (cd "$PGVS3_REPO" && ./mvnw -B -q install -DskipTests) || pgvs3_die "the build failed"
}

# pgvs3_random LENGTH [CHARSET]: a random string from /dev/urandom.
pgvs3_random() {
  local length=$1 charset=${2:-A-Za-z0-9} value=""
  while ((${#value} < length)); do
    value+=$(head -c 96 /dev/urandom | base64 | tr -dc "$charset")
  done
  printf '%s\n' "${value:0:length}"
}

# pgvs3_secret_file FILE LENGTH [CHARSET]: prints the secret kept in FILE (mode 600), creating it once.
pgvs3_secret_file() {
  local file=$1 length=$2 charset=${3:-A-Za-z0-9}
  if [[ ! -s $file ]]; then
    (umask 077 && pgvs3_random "$length" "$charset" >"$file")
  fi
  chmod 600 "$file"
  printf '%s\n' "$(<"$file")"
}

pgvs3_require_port() {
  local value=$1 name=$2
  if ! [[ $value =~ ^[0-9]+$ ]] || ((value < 1 || value > 65535)); then
    pgvs3_die "$name must be a TCP port, not '$value'"
  fi
}

# True when something accepts TCP connections on 127.0.0.1:PORT.
pgvs3_port_in_use() {
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

pgvs3_require_free_port() {
  local port=$1 what=$2
  if pgvs3_port_in_use "$port"; then
    pgvs3_die "port $port ($what) is already in use; stop what uses it or choose another port"
  fi
}

# pgvs3_http_status PORT PATH: the HTTP status of GET http://127.0.0.1:PORT/PATH, or 000. Pure bash (no curl).
pgvs3_http_status() {
  local port=$1 path=$2 line
  # stderr off inside the substitution: a refused connection is an answer here, not noise for the console
  line=$(
    exec 2>/dev/null
    exec 3<>"/dev/tcp/127.0.0.1/$port" || exit 0
    printf 'GET %s HTTP/1.1\r\nHost: 127.0.0.1:%s\r\nConnection: close\r\n\r\n' "$path" "$port" >&3
    IFS= read -r -t 10 line <&3 && printf '%s' "$line"
  ) || true
  if [[ $line =~ ^HTTP/[0-9.]+\ ([0-9]{3}) ]]; then
    printf '%s\n' "${BASH_REMATCH[1]}"
  else
    printf '000\n'
  fi
}

# pgvs3_http_body PORT PATH: the body of GET http://127.0.0.1:PORT/PATH (at most 10 s per read), or nothing.
pgvs3_http_body() {
  local port=$1 path=$2
  (
    exec 2>/dev/null
    exec 3<>"/dev/tcp/127.0.0.1/$port" || exit 0
    printf 'GET %s HTTP/1.0\r\nHost: 127.0.0.1:%s\r\n\r\n' "$path" "$port" >&3
    while IFS= read -r -t 10 line <&3 && [[ -n ${line%$'\r'} ]]; do :; done
    timeout 10 cat <&3
  ) || true
}

# pgvs3_http_get PORT PATH USER PASSWORD ACCEPT: prints the body of GET http://127.0.0.1:PORT/PATH with HTTP
# Basic credentials; fails (printing the body to stderr) unless the answer is 200. HTTP/1.0, so the body is
# never chunked. Pure bash (no curl); the credentials go to the socket only, never to a command line.
pgvs3_http_get() {
  local port=$1 path=$2 user=$3 password=$4 accept=$5 auth line status body
  auth=$(printf '%s:%s' "$user" "$password" | base64 | tr -d '\n')
  exec 3<>"/dev/tcp/127.0.0.1/$port" || { pgvs3_log "nothing listens on 127.0.0.1:$port"; return 1; }
  printf 'GET %s HTTP/1.0\r\nHost: 127.0.0.1:%s\r\nAuthorization: Basic %s\r\nAccept: %s\r\n\r\n' \
    "$path" "$port" "$auth" "$accept" >&3
  IFS= read -r -t 120 line <&3 || line=""
  status=000
  if [[ $line =~ ^HTTP/[0-9.]+\ ([0-9]{3}) ]]; then
    status=${BASH_REMATCH[1]}
  fi
  while IFS= read -r -t 120 line <&3 && [[ -n ${line%$'\r'} ]]; do :; done
  body=$(cat <&3)
  exec 3<&-
  if [[ $status != 200 ]]; then
    pgvs3_log "GET http://127.0.0.1:$port$path answered $status: $body"
    return 1
  fi
  printf '%s\n' "$body"
}

# True when PID is a live (not zombie) process.
pgvs3_alive() {
  local pid=$1 stat
  [[ $pid =~ ^[0-9]+$ ]] && kill -0 "$pid" 2>/dev/null || return 1
  if [[ -r /proc/$pid/stat ]]; then
    stat=$(<"/proc/$pid/stat") 2>/dev/null || return 1
    stat=${stat##*) }
    [[ ${stat%% *} != Z ]]
  fi
}

# True when MARKER occurs in the command line or is a prefix of the working directory of PID.
# Guards against pid reuse after a stale pid file. Without /proc (macOS) it trusts the pid.
pgvs3_pid_matches() {
  local pid=$1 marker=$2 cmdline cwd
  [[ -d /proc/$pid ]] || return 0
  cmdline=$(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null) || return 1
  cwd=$(readlink "/proc/$pid/cwd" 2>/dev/null) || cwd=""
  [[ $cmdline == *"$marker"* || $cwd == "$marker"* ]]
}

# pgvs3_running_pid PIDFILE MARKER: prints the pid from PIDFILE if that process still runs (and
# matches MARKER); removes a stale pid file and fails otherwise.
pgvs3_running_pid() {
  local file=$1 marker=$2 pid
  [[ -f $file ]] || return 1
  pid=$(<"$file") || return 1
  pid=${pid//[!0-9]/}
  if [[ -n $pid ]] && pgvs3_alive "$pid" && pgvs3_pid_matches "$pid" "$marker"; then
    printf '%s\n' "$pid"
    return 0
  fi
  rm -f "$file"
  return 1
}

# pgvs3_stop_pid PID NAME [TIMEOUT_SECONDS] [SIGNAL]: signals PID, waits, then kills it.
pgvs3_stop_pid() {
  local pid=$1 name=$2 timeout=${3:-30} signal=${4:-TERM} i
  pgvs3_alive "$pid" || return 0
  kill -"$signal" "$pid" 2>/dev/null || return 0
  for ((i = 0; i < timeout * 5; i++)); do
    pgvs3_alive "$pid" || return 0
    sleep 0.2
  done
  pgvs3_log "$name (pid $pid) did not stop within ${timeout}s; killing it"
  kill -KILL "$pid" 2>/dev/null || true
  for ((i = 0; i < 50; i++)); do
    pgvs3_alive "$pid" || return 0
    sleep 0.2
  done
  pgvs3_log "$name (pid $pid) is still alive after SIGKILL"
  return 1
}

pgvs3_show_log_tail() {
  local file=$1 lines=${2:-40}
  if [[ -f $file ]]; then
    pgvs3_log "last $lines lines of $file:"
    tail -n "$lines" "$file" >&2 2>/dev/null || true
  else
    pgvs3_log "no log at $file"
  fi
}

# ---------------------------------------------------------------------------------------------------
# Embedded PostgreSQL 18

# pgvs3_jdbc_url PORT [TLS_DIR]: the embedded database's URL; with TLS_DIR (pgvs3_make_db_tls) the session must
# use TLS and check the server's certificate against that directory's CA, as production URLs do.
pgvs3_jdbc_url() {
  if [[ -n ${2:-} ]]; then
    printf 'jdbc:postgresql://127.0.0.1:%s/postgres?sslmode=verify-full&sslrootcert=%s/ca.crt\n' "$1" "$2"
  else
    printf 'jdbc:postgresql://127.0.0.1:%s/postgres\n' "$1"
  fi
}

# pgvs3_make_db_tls DIR: a throwaway CA (ca.crt) and a server certificate signed by it for localhost, 127.0.0.1
# and ::1 (server.crt, server.key) in DIR, made once with openssl; the CA's key is deleted once it has signed.
pgvs3_make_db_tls() {
  local dir=$1
  [[ -s $dir/ca.crt && -s $dir/server.crt && -s $dir/server.key ]] && return 0
  command -v openssl >/dev/null 2>&1 || pgvs3_die "TLS for the embedded PostgreSQL needs openssl"
  mkdir -p "$dir"
  chmod 700 "$dir"
  (
    set -e
    umask 077
    cd "$dir"
    openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 30 \
      -subj '/CN=pgvs3 throwaway database CA' -keyout ca.key -out ca.crt
    openssl req -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -subj '/CN=localhost' \
      -keyout server.key -out server.csr
    printf 'subjectAltName=DNS:localhost,IP:127.0.0.1,IP:::1\nextendedKeyUsage=serverAuth\n' >server.ext
    openssl x509 -req -in server.csr -CA ca.crt -CAkey ca.key -CAcreateserial -days 30 \
      -extfile server.ext -out server.crt
    rm -f ca.key ca.srl server.csr server.ext
  ) >"$dir/openssl.log" 2>&1 || { pgvs3_show_log_tail "$dir/openssl.log"; pgvs3_die "could not make the database's TLS files in $dir"; }
  chmod 644 "$dir/ca.crt" "$dir/server.crt"
}

# A postmaster outlives its launcher JVM if the JVM was killed hard. Stop it via DATA_DIR/postmaster.pid.
pgvs3_stop_orphan_postmaster() {
  local data=$1 pid
  [[ -f $data/postmaster.pid ]] || return 0
  pid=$(head -n 1 "$data/postmaster.pid" 2>/dev/null) || return 0
  if pgvs3_alive "$pid" && pgvs3_pid_matches "$pid" postgres; then
    pgvs3_log "stopping a PostgreSQL server left running on $data (pid $pid)"
    # SIGINT = fast shutdown; SIGQUIT = immediate shutdown (crash recovery on the next start)
    pgvs3_stop_pid "$pid" "PostgreSQL" 30 INT || true
  fi
}

# pgvs3_start_db DATA_DIR PORT PASSWORD LOG PIDFILE DETACH(yes|no) [TIMEOUT]
# Starts io.pgvs3.devdb.EmbeddedPostgresServer (durable: fsync, synchronous_commit and full_page_writes on)
# in the background and returns once it accepts connections; with PGVS3_DB_TLS_DIR set (pgvs3_make_db_tls),
# it serves TCP only over TLS. DETACH=yes puts it in its own session so it
# outlives the caller's terminal; DETACH=no keeps it in the caller's process group (Ctrl-C reaches it).
pgvs3_start_db() {
  local data=$1 port=$2 password=$3 log=$4 pidfile=$5 detach=$6 timeout=${7:-120}
  local java classpath pid="" deadline i
  pgvs3_stop_orphan_postmaster "$data"
  pgvs3_require_free_port "$port" "PostgreSQL"
  java=$(pgvs3_java)
  classpath="$(<"$PGVS3_DEVDB_CP"):$PGVS3_DEVDB_CLASSES"
  mkdir -p "$(dirname "$data")" "$(dirname "$log")" "$(dirname "$pidfile")"
  : >"$log"
  rm -f "$pidfile"
  # The process writes its own pid (exec keeps it), so the pid file is right even when setsid forks.
  # shellcheck disable=SC2016 # expanded by that sh, not here
  local -a launch=(sh -c 'echo $$ >"$0"; exec "$@"' "$pidfile"
    "$java" -Xmx128m -cp "$classpath" io.pgvs3.devdb.EmbeddedPostgresServer "$data" "$port")
  if [[ $detach == yes ]]; then
    if command -v setsid >/dev/null 2>&1; then
      launch=(setsid "${launch[@]}")
    fi
    launch=(nohup "${launch[@]}")
  fi
  PGVS3_DB_PASSWORD=$password PGVS3_DB_TLS_DIR=${PGVS3_DB_TLS_DIR:-} "${launch[@]}" >>"$log" 2>&1 </dev/null &
  for ((i = 0; i < 50; i++)); do
    [[ -s $pidfile ]] && break
    sleep 0.1
  done
  pid=$(<"$pidfile") 2>/dev/null || pgvs3_die "PostgreSQL did not start (see $log)"
  pgvs3_log "starting PostgreSQL 18 on 127.0.0.1:$port (pid $pid, data $data, log $log)"
  deadline=$((SECONDS + timeout))
  until grep -q 'PostgreSQL 18 ready' "$log" 2>/dev/null; do
    if ! pgvs3_alive "$pid"; then
      pgvs3_show_log_tail "$log"
      pgvs3_die "PostgreSQL exited during startup"
    fi
    if ((SECONDS >= deadline)); then
      pgvs3_show_log_tail "$log"
      pgvs3_stop_pid "$pid" "PostgreSQL launcher" 30 TERM || true
      pgvs3_stop_orphan_postmaster "$data"
      pgvs3_die "PostgreSQL was not ready after ${timeout}s"
    fi
    sleep 0.3
  done
  pgvs3_port_in_use "$port" || pgvs3_die "PostgreSQL says it is ready but does not listen on port $port"
}

# pgvs3_stop_db PIDFILE DATA_DIR
pgvs3_stop_db() {
  local pidfile=$1 data=$2 pid
  if pid=$(pgvs3_running_pid "$pidfile" "$data"); then
    pgvs3_log "stopping PostgreSQL (pid $pid)"
    pgvs3_stop_pid "$pid" "PostgreSQL launcher" 60 TERM || true
  fi
  rm -f "$pidfile"
  pgvs3_stop_orphan_postmaster "$data"
}

# ---------------------------------------------------------------------------------------------------
# Open Liberty

# pgvs3_liberty USER_DIR ACTION [ARGS...]: runs wlp/bin/server ACTION pgvs3 against a Liberty user dir.
pgvs3_liberty() {
  local user_dir=$1 action=$2
  shift 2
  WLP_USER_DIR=$user_dir PID_FILE=$user_dir/gateway.pid "$PGVS3_WLP/bin/server" "$action" pgvs3 "$@"
}

pgvs3_server_dir() {
  printf '%s\n' "$1/servers/pgvs3"
}

# pgvs3_prepare_server USER_DIR HEAP: copies the built server (server.xml, EAR, JDBC driver) into
# USER_DIR/servers/pgvs3, keeping its logs and workarea, and sets the heap in its jvm.options.
pgvs3_prepare_server() {
  local user_dir=$1 heap=$2 dst entry
  [[ $heap =~ ^[0-9]+[kKmMgG]?$ ]] || pgvs3_die "heap must look like 512m or 2g, not '$heap'"
  dst=$(pgvs3_server_dir "$user_dir")
  mkdir -p "$dst"
  rm -rf "${dst:?}/apps" "${dst:?}/lib" "${dst:?}/dropins"
  for entry in "$PGVS3_BUILT_SERVER"/* "$PGVS3_BUILT_SERVER"/.[!.]*; do
    [[ -e $entry ]] || continue
    case ${entry##*/} in
      logs | workarea) continue ;;
    esac
    cp -R "$entry" "$dst/"
  done
  {
    grep -v '^-Xmx' "$PGVS3_BUILT_SERVER/jvm.options" 2>/dev/null || true
    printf -- '-Xmx%s\n' "$heap"
  } >"$dst/jvm.options"
}

# pgvs3_export_gateway_env USER_DIR DB_URL DB_USER DB_PASSWORD S3_PORT S3_PUBLIC_PORT ADMIN_PORT RESP_PORT ACCESS SECRET
# Liberty resolves server.xml variables from these (pgvs3.db.url <- PGVS3_DB_URL, ...); the application
# reads the credentials through MicroProfile Config. The two secrets go to files (mode 600), not to the
# environment, the way a Kubernetes secret would be mounted: the database password as the Liberty variable
# file servers/pgvs3/variables/pgvs3.db.password, the S3 secret as USER_DIR/secret-key (PGVS3_SECRET_KEY_FILE).
pgvs3_export_gateway_env() {
  local user_dir=$1 variables
  shift
  variables="$(pgvs3_server_dir "$user_dir")/variables"
  mkdir -p "$variables"
  chmod 700 "$variables"
  (
    umask 077
    printf '%s' "$3" >"$variables/pgvs3.db.password"
    printf '%s\n' "$9" >"$user_dir/secret-key"
  )
  chmod 600 "$variables/pgvs3.db.password" "$user_dir/secret-key"
  unset PGVS3_DB_PASSWORD PGVS3_SECRET_KEY
  export PGVS3_DB_URL=$1 PGVS3_DB_USER=$2
  export PGVS3_S3_PORT=$4 PGVS3_S3_PUBLIC_PORT=$5 PGVS3_ADMIN_PORT=$6 PGVS3_RESP_PORT=$7
  export PGVS3_ACCESS_KEY=$8 PGVS3_SECRET_KEY_FILE=$user_dir/secret-key
}

# pgvs3_wait_ready NAME ADMIN_PORT DEADLINE(SECONDS value) PID LOG: waits for /health/ready = 200, quietly.
# When the deadline passes it says what readiness answered (its body names the problem) and shows the log.
pgvs3_wait_ready() {
  local name=$1 port=$2 deadline=$3 pid=$4 log=$5 status
  while :; do
    status=$(pgvs3_http_status "$port" /health/ready)
    [[ $status == 200 ]] && return 0
    if [[ -n $pid ]] && ! pgvs3_alive "$pid"; then
      pgvs3_log "$name exited before it became ready"
      pgvs3_show_log_tail "$log"
      return 1
    fi
    if ((SECONDS >= deadline)); then
      if [[ $status == 000 ]]; then
        pgvs3_log "$name is not ready: http://127.0.0.1:$port/health/ready does not answer (Liberty holds requests while it waits for a port)"
      else
        pgvs3_log "$name is not ready: http://127.0.0.1:$port/health/ready answered $status $(pgvs3_http_body "$port" /health/ready)"
      fi
      pgvs3_show_log_tail "$log"
      return 1
    fi
    sleep 1
  done
}
