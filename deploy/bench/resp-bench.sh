#!/usr/bin/env bash
# redis-benchmark against the RESP bridge and, in the same run, two real redis-servers: in memory, and
# with appendonly yes + appendfsync always (the durable peer). Prints one CSV row per case and the
# bridge's throughput as a ratio of each peer's.
#
#   eval "$(deploy/local/stack.sh env)"     # a running stack: PGVS3_RESP_ENDPOINT, PGVS3_SECRET_KEY
#   deploy/bench/resp-bench.sh [REQUESTS]   # default 20000 requests per case
#
# Cases: -t get,set at -P 1 and -P 16, -c 1 and -c 64, values of 3 bytes and 4096 bytes, keys drawn
# from 100,000 (-r), so the GETs of a case read what its SETs wrote.
set -euo pipefail

REQUESTS=${1:-20000}
: "${PGVS3_RESP_ENDPOINT:?run eval \"\$(deploy/local/stack.sh env)\" first}"
: "${PGVS3_SECRET_KEY:?}"
if ! command -v redis-benchmark >/dev/null || ! command -v redis-server >/dev/null; then
  echo "needs redis-server and redis-tools (apt-get install redis-server redis-tools)" >&2
  exit 1
fi

WORK=$(mktemp -d)
PIDS=()
cleanup() { local p; for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$WORK"; }
trap cleanup EXIT
trap 'exit 130' INT TERM  # so that the EXIT trap stops the servers on Ctrl-C too

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

# start_redis NAME ARGS...: starts a server and sets PORT once it answers PING. Not called in $(...):
# the pid must reach PIDS in this shell, or the cleanup would miss the server.
start_redis() {
  local name=$1
  shift
  PORT=$(free_port)
  mkdir -p "$WORK/$name"
  redis-server --port "$PORT" --bind 127.0.0.1 --save '' --dir "$WORK/$name" "$@" >"$WORK/$name.log" 2>&1 &
  PIDS+=($!)
  until redis-cli -p "$PORT" ping >/dev/null 2>&1; do
    kill -0 "${PIDS[-1]}" 2>/dev/null || { cat "$WORK/$name.log" >&2; exit 1; }
    sleep 0.1
  done
}

start_redis memory --appendonly no
MEM_PORT=$PORT
start_redis aof --appendonly yes --appendfsync always
AOF_PORT=$PORT
BRIDGE_HOST=${PGVS3_RESP_ENDPOINT%:*}
BRIDGE_PORT=${PGVS3_RESP_ENDPOINT##*:}

# bench HOST PORT PASSWORD P C D: prints "test,rps,p50" for get and set
bench() {
  local auth=()
  [[ -n $3 ]] && auth=(-a "$3")
  redis-benchmark -h "$1" -p "$2" "${auth[@]}" -t set,get -n "$REQUESTS" -r 100000 -P "$4" -c "$5" -d "$6" --csv 2>/dev/null |
    tr -d '"' | awk -F, 'NR > 1 { print $1 "," $2 "," $5 }'
}

echo "test,P,c,d,bridge_rps,bridge_p50_ms,memory_rps,memory_p50_ms,aof_rps,aof_p50_ms,bridge/memory,bridge/aof"
for d in 3 4096; do
  for c in 1 64; do
    for P in 1 16; do
      bridge=$(bench "$BRIDGE_HOST" "$BRIDGE_PORT" "$PGVS3_SECRET_KEY" "$P" "$c" "$d")
      memory=$(bench 127.0.0.1 "$MEM_PORT" "" "$P" "$c" "$d")
      aof=$(bench 127.0.0.1 "$AOF_PORT" "" "$P" "$c" "$d")
      join -t, <(sort <<<"$bridge") <(sort <<<"$memory") | join -t, - <(sort <<<"$aof") |
        awk -F, -v P="$P" -v c="$c" -v d="$d" \
          '{ printf "%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%.3f,%.3f\n", $1, P, c, d, $2, $3, $4, $5, $6, $7, $2 / $4, $2 / $6 }'
    done
  done
done
