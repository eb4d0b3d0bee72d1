#!/usr/bin/env bash
# The server middlewares under load: wrk on loopback against each server bare and with its
# sanitizing middleware, 1 KB and 64 KB JSON bodies, all valid and 30 % invalid; then one
# 60-second run per middleware server to see that its memory stays flat.
#
#   Benchmarks/load/run.sh            (about 8 minutes with both servers, after the build)
#
# Settings (environment): SERVERS="hummingbird vapor", DURATION=5 (seconds a measured run
# lasts), MEMORY_DURATION=60, ROUNDS=3, CONNECTIONS=16 (one wrk thread), PORT=18180 (the first
# port; each run takes the next), SKIP_BUILD=1 (measure the servers already built).
#
# The servers (Benchmarks/load/Sources, a nested package CI never builds) are release builds
# whose POST /orders collects the body and answers 200 with its length, behind the middleware
# (contract: order.schema.json, with x-sanitize steps) or not. Bare and middleware runs are
# interleaved (each round in the opposite order) and each starts a fresh server after a 1 s
# warm-up, so peak RSS is that run's. The table shows medians over the rounds; the ratio is the
# median of each round's middleware/bare pair (runs seconds apart, so a slow spell of the
# machine hits both). Before each run curl checks the statuses (bare: 200; middleware: 200
# valid, 422 invalid), and after it the share of non-2xx answers must be the invalid share, or
# the script fails. Figures from a shared machine are noisy: read the ratios.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
"$here/../../scripts/install-deps" wrk curl python3 >/dev/null
cd "$here"
duration="${DURATION:-5}"
memory_duration="${MEMORY_DURATION:-60}"
rounds="${ROUNDS:-3}"
connections="${CONNECTIONS:-16}"
port="${PORT:-18180}"
declare -A executable=([hummingbird]=LoadServerHummingbird [vapor]=LoadServerVapor)
servers="${SERVERS:-hummingbird vapor}"

if [ -z "${SKIP_BUILD:-}" ]; then
  for server in $servers; do swift build -c release --product "${executable[$server]}" 1>&2; done
fi
bin="$here/.build/release"

work="$(mktemp -d)"
server_pid=""
stop_server() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  server_pid=""
}
trap 'stop_server; rm -rf "$work"' EXIT
python3 bodies.py "$work/bodies"

# start_server SERVER MODE: a fresh server on the next port; sets server_pid and url.
start_server() {
  local server="$1" mode="$2" arguments=()
  port=$((port + 1))
  [ "$mode" = middleware ] && arguments=(--sanitize "$here/order.schema.json")
  : > "$work/server.out"  # here, not by the redirection below: that happens in the child, maybe after the first grep
  "$bin/${executable[$server]}" --port "$port" "${arguments[@]}" > "$work/server.out" 2> "$work/server.err" &
  server_pid=$!
  url="http://127.0.0.1:$port"
  for _ in $(seq 300); do
    grep -q '^listening' "$work/server.out" 2>/dev/null && return 0
    kill -0 "$server_pid" 2>/dev/null || break
    sleep 0.1
  done
  echo "the $server server ($mode) did not start:" >&2; cat "$work/server.err" >&2; exit 1
}

# check_statuses MODE SIZE: the server answers what its mode says before it is measured.
check_statuses() {
  local mode="$1" size="$2" kind expected status
  for kind in valid invalid; do
    expected=200
    [ "$mode" = middleware ] && [ "$kind" = invalid ] && expected=422
    status=$(curl -s -o /dev/null -w '%{http_code}' -H 'Content-Type: application/json' \
      --data-binary "@$work/bodies/$size-$kind.json" "$url/orders")
    [ "$status" = "$expected" ] || { echo "$url ($mode): $size-$kind body answered $status, expected $expected" >&2; exit 1; }
  done
}

# sample_rss PID FILE: "SECONDS VmRSS_kB VmHWM_kB" once a second while the process lives.
sample_rss() {
  local pid="$1" file="$2" start="$EPOCHREALTIME"
  while [ -r "/proc/$pid/status" ]; do
    awk -v now="$EPOCHREALTIME" -v start="$start" \
      '/^VmRSS/ {rss = $2} /^VmHWM/ {hwm = $2} END {printf "%.1f %d %d\n", now - start, rss, hwm}' \
      "/proc/$pid/status" >> "$file" 2>/dev/null || break
    sleep 1
  done
}

# cpu_ticks PID: the process's user + system CPU time so far, in clock ticks.
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }

# measure SERVER MODE SIZE INVALID_PERCENT ROUND SECONDS: one run; appends a line to results.
measure() {
  local server="$1" mode="$2" size="$3" invalid="$4" round="$5" seconds="$6" line hwm sampler cpu cpu_before
  start_server "$server" "$mode"
  check_statuses "$mode" "$size"
  local lua_args=("$work/bodies/$size-valid.json" "$work/bodies/$size-invalid.json" "$invalid")
  wrk -t1 -c"$connections" -d1s -s orders.lua "$url" -- "${lua_args[@]}" > /dev/null  # warm-up
  : > "$work/rss"
  sample_rss "$server_pid" "$work/rss" &
  sampler=$!
  cpu_before=$(cpu_ticks "$server_pid")
  line=$(wrk -t1 -c"$connections" -d"${seconds}s" --timeout 10s -s orders.lua "$url" -- "${lua_args[@]}" | grep '^RESULT')
  cpu=$(( $(cpu_ticks "$server_pid") - cpu_before ))
  hwm=$(awk '/^VmHWM/ {print $2}' "/proc/$server_pid/status")
  kill "$sampler" 2>/dev/null || true; wait "$sampler" 2>/dev/null || true
  stop_server
  echo "$server $mode $size $invalid $round hwm_kb=$hwm cpu_ticks=$cpu ${line#RESULT }" >> "$work/results"
  cp "$work/rss" "$work/rss-$server-$mode-$size-$invalid-$round"
  printf '  %-11s %-10s %-3s %2s%% invalid, round %s: %s\n' "$server" "$mode" "$size" "$invalid" "$round" "${line#RESULT }" >&2
}

echo "wrk -t1 -c$connections, ${duration}s runs after a 1 s warm-up, $rounds rounds; $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)" >&2
: > "$work/results"
for round in $(seq "$rounds"); do
  order="bare middleware"
  [ $((round % 2)) -eq 0 ] && order="middleware bare"
  for server in $servers; do
    for size in 1k 64k; do
      for invalid in 0 30; do
        for mode in $order; do measure "$server" "$mode" "$size" "$invalid" "$round" "$duration"; done
      done
    done
  done
done
# Memory: one long run per middleware server, 1 KB bodies, 30 % invalid (the violation path too).
for server in $servers; do
  measure "$server" middleware 1k 30 memory "$memory_duration"
  cp "$work/rss-$server-middleware-1k-30-memory" "$work/memory-$server"
done

python3 - "$work" "$servers" "$connections" "$duration" "$memory_duration" <<'PY'
import sys, os
work, servers, connections, duration, memory_duration = sys.argv[1], sys.argv[2].split(), sys.argv[3], sys.argv[4], int(sys.argv[5])
ticks = os.sysconf("SC_CLK_TCK")
runs, problems = [], []
for line in open(os.path.join(work, "results")):
    server, mode, size, invalid, rnd, *fields = line.split()
    run = dict(f.split("=") for f in fields)
    run.update(server=server, mode=mode, size=size, invalid=int(invalid), round=rnd)
    for key in ("hwm_kb", "cpu_ticks", "requests", "p50_us", "p99_us", "non2xx", "socket_errors"): run[key] = int(run[key])
    run["rps"] = float(run["rps"])
    run["cpu_us"] = run["cpu_ticks"] * 1e6 / ticks / max(run["requests"], 1)
    expected = run["invalid"] if mode == "middleware" else 0
    share = 100.0 * run["non2xx"] / max(run["requests"], 1)
    if abs(share - expected) > 1.0 or run["socket_errors"]:
        problems.append("%s %s %s %d%% invalid, round %s: %.1f%% non-2xx (expected %d%%), %d socket errors"
                        % (server, mode, size, run["invalid"], rnd, share, expected, run["socket_errors"]))
    runs.append(run)

def median(values):
    values = sorted(values)
    middle = len(values) // 2
    return values[middle] if len(values) % 2 else (values[middle - 1] + values[middle]) / 2

def rounds_of(server, mode, size, invalid):
    found = {r["round"]: r for r in runs
             if (r["server"], r["mode"], r["size"], r["invalid"]) == (server, mode, size, invalid) and r["round"] != "memory"}
    return found

print("\nwrk -t1 -c%s -d%ss on loopback; medians over the rounds (ratio: the median of each round's middleware/bare);"
      " server CPU per request: the server's user + system time over its requests (CPU ratio: bare / middleware, the"
      " share of requests/s the middleware keeps when the server has the cores to itself); peak RSS: the highest VmHWM\n"
      % (connections, duration))
print("| server | body | invalid | bare req/s | middleware req/s | ratio | server CPU per request, bare / middleware | CPU ratio | bare p99 | middleware p99 | bare peak RSS | middleware peak RSS |")
print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
goal = []
for server in servers:
    for size in ("1k", "64k"):
        for invalid in (0, 30):
            b, m = rounds_of(server, "bare", size, invalid), rounds_of(server, "middleware", size, invalid)
            ratio = median([m[k]["rps"] / b[k]["rps"] for k in b if k in m])
            bare_cpu, middleware_cpu = median([r["cpu_us"] for r in b.values()]), median([r["cpu_us"] for r in m.values()])
            if size == "1k" and invalid == 0:
                goal.append((server, ratio, sorted(m[k]["rps"] / b[k]["rps"] for k in b if k in m), bare_cpu / middleware_cpu))
            print("| %s | %s | %d %% | %.0f | %.0f | %.2f | %.0f / %.0f µs | %.2f | %.1f ms | %.1f ms | %.0f MB | %.0f MB |" % (
                server, {"1k": "1 KB", "64k": "64 KB"}[size], invalid,
                median([r["rps"] for r in b.values()]), median([r["rps"] for r in m.values()]), ratio,
                bare_cpu, middleware_cpu, bare_cpu / middleware_cpu,
                median([r["p99_us"] for r in b.values()]) / 1000, median([r["p99_us"] for r in m.values()]) / 1000,
                max(r["hwm_kb"] for r in b.values()) / 1024, max(r["hwm_kb"] for r in m.values()) / 1024))
print("\nmemory: %d s with the middleware, 1 KB bodies, 30 %% invalid (RSS sampled once a second)\n" % memory_duration)
print("| server | requests | RSS at 10 s | RSS at %d s | growth | peak RSS |" % memory_duration)
print("| --- | ---: | ---: | ---: | ---: | ---: |")
flat = []
for server in servers:
    samples = [tuple(map(float, l.split())) for l in open(os.path.join(work, "memory-" + server)) if l.strip()]
    at10 = min(samples, key=lambda s: abs(s[0] - 10))
    last = samples[-1]
    run = [r for r in runs if r["server"] == server and r["round"] == "memory"][0]
    growth = (last[1] - at10[1]) / at10[1]
    flat.append((server, growth, last[0]))
    print("| %s | %d | %.1f MB | %.1f MB | %+.1f %% | %.1f MB |" % (
        server, run["requests"], at10[1] / 1024, last[1] / 1024, 100 * growth, run["hwm_kb"] / 1024))
print()
for server, ratio, each, cpu_ratio in goal:
    print("%s: the middleware keeps %.0f %% of the bare server's requests/s on 1 KB valid bodies (goal: 90 %%): %s"
          " (rounds: %s); by server CPU per request, %.0f %%: %s" % (
              server, 100 * ratio, "met" if ratio >= 0.9 else "NOT met", ", ".join("%.2f" % r for r in each),
              100 * cpu_ratio, "met" if cpu_ratio >= 0.9 else "NOT met"))
for server, growth, seconds in flat:
    print("%s: RSS from 10 s to %.0f s %+.1f %% (flat means within 10 %%): %s"
          % (server, seconds, 100 * growth, "flat" if abs(growth) <= 0.10 else "NOT flat"))
for problem in problems: print("PROBLEM: " + problem, file=sys.stderr)
sys.exit(1 if problems else 0)
PY
