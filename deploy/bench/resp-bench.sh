#!/usr/bin/env bash
# redis-benchmark against the RESP bridge and, in the same run, two real redis-servers: in memory, and
# with appendonly yes + appendfsync always (the durable peer); plus the floor of a GET at pipeline 1: a
# primary-key SELECT loop on one PgJDBC connection to the bridge's database (RespFloor.java).
#
#   eval "$(deploy/local/stack.sh env)"     # a running stack: PGVS3_RESP_ENDPOINT, PGVS3_SECRET_KEY, PGVS3_JDBC_URL
#   deploy/bench/resp-bench.sh [REQUESTS]   # requests of the largest case (default 20000)
#
# Cases: GET and SET at -P 1 and -P 16, -c 1 and -c 64 (PGVS3_BENCH_CASES, e.g. "get:1:1" for GET P1 c1
# alone), values of PGVS3_BENCH_VALUE bytes (4096), keys drawn from 10,000 that every target holds before the
# first trial, filled with random printable bytes as redis-benchmark's SET writes them (values that compress
# to nothing would flatter the bridge's GET). Before the first trial every case runs on the bridge, unrecorded,
# in passes of PGVS3_BENCH_WARMUP requests (default: the case's own request count, then as many as
# PGVS3_BENCH_WARMUP_SECONDS, 5, take at the best rate so far) until two passes in a row
# fail to beat the best so far by 3 % (at most PGVS3_BENCH_WARMUP_PASSES, 30): a fresh gateway's JIT keeps
# gaining for millions of GETs. Each of PGVS3_BENCH_TRIALS trials
# (5) runs every case on the three targets back to back, in an order that rotates from trial to trial, and the
# floor once. A case gets REQUESTS * P * c / 1024 requests, at least 2,000. The gateway's and PostgreSQL's CPU
# time (/proc, the processes listening on the RESP and database ports, PostgreSQL's backends included) is
# taken around each bridge run. Prints the medians over the trials as a markdown table (ratios are medians of
# each trial's ratio) and keeps every trial's row in PGVS3_BENCH_OUT (a CSV file; default a temporary one).
# It also prints how idle CPUs wait on this machine: on a KVM guest whose cpuidle-haltpoll does not poll
# (guest_halt_poll_ns 0) every hop between processes can wake a halted vCPU, which doubles GET P1 c1
# (docs/adr/0058). A redis-benchmark run that outlasts PGVS3_BENCH_CALL_SECONDS (300) fails the script with the
# gateway's thread dump and the target's sockets.
set -euo pipefail

REQUESTS=${1:-20000}
TRIALS=${PGVS3_BENCH_TRIALS:-5}
VALUE=${PGVS3_BENCH_VALUE:-4096}
KEYS=10000
WARMUP=${PGVS3_BENCH_WARMUP:-}
WARMUP_PASSES=${PGVS3_BENCH_WARMUP_PASSES:-30}
WARMUP_SECONDS=${PGVS3_BENCH_WARMUP_SECONDS:-5}
CALL_SECONDS=${PGVS3_BENCH_CALL_SECONDS:-300}
CASES=${PGVS3_BENCH_CASES:-get:1:1 get:1:64 get:16:1 get:16:64 set:1:1 set:1:64 set:16:1 set:16:64}
: "${PGVS3_RESP_ENDPOINT:?run eval \"\$(deploy/local/stack.sh env)\" first}"
: "${PGVS3_SECRET_KEY:?}" "${PGVS3_JDBC_URL:?}" "${PGVS3_DB_USER:?}" "${PGVS3_DB_PASSWORD:?}"
for tool in redis-benchmark redis-server redis-cli ss java python3; do
  command -v $tool >/dev/null || { echo "needs $tool (redis-server and redis-tools are Debian packages)" >&2; exit 1; }
done
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
PGJDBC=$HERE/../../ear/target/liberty/wlp/usr/servers/pgvs3/lib/jdbc/postgresql.jar
[[ -f $PGJDBC ]] || { echo "needs the built server's $PGJDBC (./mvnw -pl ear -am package)" >&2; exit 1; }

WORK=$(mktemp -d)
OUT=${PGVS3_BENCH_OUT:-$WORK/trials.csv}
PIDS=()
cleanup() { local p; for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$WORK"; }
trap cleanup EXIT
trap 'exit 130' INT TERM  # so that the EXIT trap stops the servers on Ctrl-C too

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
listener_pid() { ss -ltnpH "sport = :$1" | grep -o 'pid=[0-9]*' | head -1 | cut -d= -f2; }

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
GATEWAY_PID=$(listener_pid "$BRIDGE_PORT")
PG_PORT=$(sed -E 's|.*://[^:/]+:([0-9]+)/.*|\1|' <<<"$PGVS3_JDBC_URL")
POSTMASTER_PID=$(listener_pid "$PG_PORT")
[[ -n $GATEWAY_PID && -n $POSTMASTER_PID ]] || { echo "no process listens on port $BRIDGE_PORT or $PG_PORT" >&2; exit 1; }
HZ=$(getconf CLK_TCK)

ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat" 2>/dev/null || echo 0; }
pg_ticks() {
  local total=0 p
  for p in "$POSTMASTER_PID" $(pgrep -P "$POSTMASTER_PID"); do total=$((total + $(ticks "$p"))); done
  echo "$total"
}

# run_benchmark ARGS...: one redis-benchmark run on the current target, its CSV on stdout. A run that outlasts
# CALL_SECONDS fails the script with the gateway's threads and the target's sockets in its output: a hung
# bridge fails fast and says where it hangs, instead of holding its caller (CI) until that gives up.
run_benchmark() {
  local rc=0
  timeout "$CALL_SECONDS" redis-benchmark -h "$HOST" -p "$PORT" "${AUTH[@]}" "$@" --csv 2>/dev/null || rc=$?
  ((rc == 0)) && return 0
  echo "redis-benchmark $* on port $PORT: exit $rc (124: still running after $CALL_SECONDS s)" >&2
  ss -tnpH "sport = :$PORT or dport = :$PORT" >&2 || true
  if [[ $PORT == "$BRIDGE_PORT" ]]; then
    jcmd "$GATEWAY_PID" Thread.print >&2 || true
  fi
  return "$rc"
}

# target NAME: sets HOST PORT and AUTH for a target
target() {
  case $1 in
    bridge) HOST=$BRIDGE_HOST PORT=$BRIDGE_PORT AUTH=(-a "$PGVS3_SECRET_KEY") ;;
    memory) HOST=127.0.0.1 PORT=$MEM_PORT AUTH=() ;;
    aof) HOST=127.0.0.1 PORT=$AOF_PORT AUTH=() ;;
  esac
}

python3 - "$KEYS" "$VALUE" >"$WORK/fill.resp" <<'PY'
import random, sys
keys, size = int(sys.argv[1]), int(sys.argv[2])
rnd = random.Random(23)
printable = bytes(33 + b % 94 for b in range(256))  # random bytes onto '!'..'~'
out = sys.stdout
for i in range(keys):
    k = "key:%012d" % i
    value = rnd.randbytes(size).translate(printable).decode()
    out.write("*3\r\n$3\r\nSET\r\n$%d\r\n%s\r\n$%d\r\n%s\r\n" % (len(k), k, size, value))
PY
for t in bridge memory aof; do
  target $t
  redis-cli -h "$HOST" -p "$PORT" "${AUTH[@]}" --no-auth-warning --pipe <"$WORK/fill.resp" >/dev/null
done
# requests of a case in a trial
case_requests() {
  local n=$((REQUESTS * $1 * $2 / 1024))
  echo $((n >= 2000 ? n : 2000))
}

# every case on the bridge, unrecorded, until its throughput stops rising (the JIT has settled)
target bridge
for case in $CASES; do
  IFS=: read -r test P c <<<"$case"
  n=${WARMUP:-$(case_requests "$P" "$c")}
  best=0 flat=0 passes=0
  while ((flat < 2 && passes < WARMUP_PASSES)); do
    rps=$(run_benchmark -t "$test" -n "$n" -r "$KEYS" -P "$P" -c "$c" -d "$VALUE" \
      | tr -d '"' | awk -F, 'NR > 1 { printf "%d", $2 }')
    passes=$((passes + 1))
    if ((${rps:-0} * 100 > best * 103)); then best=${rps:-0} flat=0; else flat=$((flat + 1)); fi
    # by default a pass lasts WARMUP_SECONDS at the best rate so far: a pass of a fraction of a second is
    # noise, and ended the warm-up of GET P16 c64 at half the rate a settled gateway reaches
    if [[ -z $WARMUP ]] && ((best * WARMUP_SECONDS > n)); then n=$((best * WARMUP_SECONDS)); fi
  done
  echo "warm-up $test P$P c$c: $passes passes, the last of $n requests, best $best req/s"
done

idle=/sys/devices/system/cpu/cpuidle
poll=/sys/module/haltpoll/parameters/guest_halt_poll_ns
echo "cpuidle: driver $(cat $idle/current_driver 2>/dev/null || echo none), governor $(cat $idle/current_governor 2>/dev/null \
  || cat $idle/current_governor_ro 2>/dev/null || echo none), guest_halt_poll_ns $(cat $poll 2>/dev/null || echo n/a)"
echo "trial,test,P,c,n,target,rps,p50_ms,gateway_cpu_s,pg_cpu_s" >"$OUT"
TARGETS=(bridge memory aof)
for ((trial = 1; trial <= TRIALS; trial++)); do
  for case in $CASES; do
    IFS=: read -r test P c <<<"$case"
    n=$(case_requests "$P" "$c")
    for k in 0 1 2; do
      t=${TARGETS[(trial + k) % 3]}
      target "$t"
      g0=$(ticks "$GATEWAY_PID") p0=$(pg_ticks)
      line=$(run_benchmark -t "$test" -n "$n" -r "$KEYS" -P "$P" -c "$c" -d "$VALUE" \
        | tr -d '"' | awk -F, 'NR > 1 { print $2 "," $5 }')
      g1=$(ticks "$GATEWAY_PID") p1=$(pg_ticks)
      cpu=","
      [[ $t == bridge ]] && cpu=$(awk -v g=$((g1 - g0)) -v p=$((p1 - p0)) -v hz="$HZ" 'BEGIN { printf "%.2f,%.2f", g / hz, p / hz }')
      echo "$trial,$test,$P,$c,$n,$t,$line,$cpu" >>"$OUT"
    done
  done
  floor=$(java -cp "$PGJDBC" "$HERE/RespFloor.java" "$PGVS3_JDBC_URL" "$PGVS3_DB_USER" "$PGVS3_DB_PASSWORD" 2000)
  echo "$trial,pk_select,1,1,${floor% *},floor,,${floor#* },," >>"$OUT"
done

python3 - "$OUT" <<'PY'
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1])))
med = statistics.median
def trials(test, P, c, target):
    return {r["trial"]: r for r in rows if (r["test"], r["P"], r["c"], r["target"]) == (test, P, c, target)}
print("| test | P | c | bridge req/s | bridge p50 ms | Redis in memory req/s | Redis AOF always req/s "
      "| ÷ in memory | ÷ AOF always | gateway CPU µs/cmd | PostgreSQL CPU µs/cmd |")
print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
for test in ("get", "set"):
    for P in ("1", "16"):
        for c in ("1", "64"):
            b, m, a = (trials(test, P, c, t) for t in ("bridge", "memory", "aof"))
            keys = sorted(set(b) & set(m) & set(a))
            if not keys:
                continue
            rps = lambda d: [float(d[k]["rps"]) for k in keys]
            per_cmd = lambda col: med([float(b[k][col]) / int(b[k]["n"]) * 1e6 for k in keys])
            print("| %s | %s | %s | %.0f | %.3f | %.0f | %.0f | %.3f | %.3f | %.1f | %.1f |" % (
                test.upper(), P, c, med(rps(b)), med([float(b[k]["p50_ms"]) for k in keys]), med(rps(m)), med(rps(a)),
                med([float(b[k]["rps"]) / float(m[k]["rps"]) for k in keys]),
                med([float(b[k]["rps"]) / float(a[k]["rps"]) for k in keys]),
                per_cmd("gateway_cpu_s"), per_cmd("pg_cpu_s")))
floor = {r["trial"]: float(r["p50_ms"]) for r in rows if r["target"] == "floor"}
get = trials("get", "1", "1", "bridge")
ratios = [float(get[k]["p50_ms"]) / floor[k] for k in floor if k in get]
if ratios:  # the floor is GET P1 c1's, when that case ran
    print("\nGET P1 c1 p50 ÷ PgJDBC primary-key SELECT loop p50: %.2f (floor p50 %.3f ms; trials: %s)" % (
        med(ratios), med(floor.values()), ", ".join("%.2f" % r for r in ratios)))
PY
