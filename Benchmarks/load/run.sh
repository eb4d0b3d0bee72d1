#!/usr/bin/env bash
# The server middlewares under load: wrk on loopback against each server bare and with its
# sanitizing middleware, 1 KB and 64 KB JSON bodies, all valid and 30 % invalid; then one
# 60-second run per middleware server to see that its memory stays flat.
#
#   Benchmarks/load/run.sh            (about 8 minutes with both servers)
#
# Settings (environment): SERVERS="hummingbird vapor" (the servers built; vapor only where
# SanitizeVapor exists), DURATION=10 (seconds a measured run lasts), MEMORY_DURATION=60,
# ROUNDS=2, CONNECTIONS=16 (one wrk thread), PORT=18180 (first port; each run takes the next).
#
# The servers (Benchmarks/load/Sources, a nested package CI never builds) are release builds
# whose POST /orders collects the body and answers 200 with its length, behind the middleware
# (contract: order.schema.json, with x-sanitize steps) or not. Bare and middleware runs are
# interleaved (each round in the opposite order) and each starts a fresh server, so peak RSS is
# that run's; the table shows each configuration's best round. Before each run curl checks the
# statuses (bare: 200; middleware: 200 valid, 422 invalid), and after it the share of non-2xx
# answers must be the invalid share, or the script fails. Figures from a shared machine are
# noisy: read the ratios, which come from runs a few seconds apart.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
"$here/../../scripts/install-deps" wrk curl python3 >/dev/null
cd "$here"
duration="${DURATION:-10}"
memory_duration="${MEMORY_DURATION:-60}"
rounds="${ROUNDS:-2}"
connections="${CONNECTIONS:-16}"
port="${PORT:-18180}"
declare -A executable=([hummingbird]=LoadServerHummingbird [vapor]=LoadServerVapor)
servers="${SERVERS:-hummingbird$(grep -q LoadServerVapor Package.swift && echo ' vapor')}"

for server in $servers; do swift build -c release --product "${executable[$server]}" 1>&2; done
bin="$(swift build -c release --show-bin-path)"

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

# measure SERVER MODE SIZE INVALID_PERCENT ROUND SECONDS: one run; appends a line to results.
measure() {
  local server="$1" mode="$2" size="$3" invalid="$4" round="$5" seconds="$6" line hwm sampler
  start_server "$server" "$mode"
  check_statuses "$mode" "$size"
  local lua_args=("$work/bodies/$size-valid.json" "$work/bodies/$size-invalid.json" "$invalid")
  wrk -t1 -c"$connections" -d1s -s orders.lua "$url" -- "${lua_args[@]}" > /dev/null  # warm-up
  : > "$work/rss"
  sample_rss "$server_pid" "$work/rss" &
  sampler=$!
  line=$(wrk -t1 -c"$connections" -d"${seconds}s" --timeout 10s -s orders.lua "$url" -- "${lua_args[@]}" | grep '^RESULT')
  hwm=$(awk '/^VmHWM/ {print $2}' "/proc/$server_pid/status")
  kill "$sampler" 2>/dev/null || true; wait "$sampler" 2>/dev/null || true
  stop_server
  echo "$server $mode $size $invalid $round hwm_kb=$hwm ${line#RESULT }" >> "$work/results"
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
runs, problems = [], []
for line in open(os.path.join(work, "results")):
    server, mode, size, invalid, rnd, *fields = line.split()
    run = dict(f.split("=") for f in fields)
    run.update(server=server, mode=mode, size=size, invalid=int(invalid), round=rnd)
    for key in ("hwm_kb", "requests", "p50_us", "p99_us", "non2xx", "socket_errors"): run[key] = int(run[key])
    run["rps"] = float(run["rps"])
    expected = run["invalid"] if mode == "middleware" else 0
    share = 100.0 * run["non2xx"] / max(run["requests"], 1)
    if abs(share - expected) > 1.0 or run["socket_errors"]:
        problems.append("%s %s %s %d%% invalid, round %s: %.1f%% non-2xx (expected %d%%), %d socket errors"
                        % (server, mode, size, run["invalid"], rnd, share, expected, run["socket_errors"]))
    runs.append(run)

def best(server, mode, size, invalid):
    found = [r for r in runs if (r["server"], r["mode"], r["size"], r["invalid"]) == (server, mode, size, invalid) and r["round"] != "memory"]
    return max(found, key=lambda r: r["rps"])

print("\nwrk -t1 -c%s -d%ss on loopback, best of the rounds; p99 and peak RSS (VmHWM) of that run\n" % (connections, duration))
print("| server | body | invalid | bare req/s | middleware req/s | ratio | bare p99 | middleware p99 | bare peak RSS | middleware peak RSS |")
print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
goal = []
for server in servers:
    for size in ("1k", "64k"):
        for invalid in (0, 30):
            b, m = best(server, "bare", size, invalid), best(server, "middleware", size, invalid)
            ratio = m["rps"] / b["rps"]
            if size == "1k" and invalid == 0: goal.append((server, ratio))
            print("| %s | %s | %d %% | %.0f | %.0f | %.2f | %.1f ms | %.1f ms | %.0f MB | %.0f MB |" % (
                server, {"1k": "1 KB", "64k": "64 KB"}[size], invalid, b["rps"], m["rps"], ratio,
                b["p99_us"] / 1000, m["p99_us"] / 1000, b["hwm_kb"] / 1024, m["hwm_kb"] / 1024))
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
for server, ratio in goal:
    print("%s: the middleware keeps %.0f %% of the bare server's requests/s on 1 KB valid bodies (goal: 90 %%): %s"
          % (server, 100 * ratio, "met" if ratio >= 0.9 else "NOT met"))
for server, growth, seconds in flat:
    print("%s: RSS from 10 s to %.0f s %+.1f %% (flat means within 10 %%): %s"
          % (server, seconds, 100 * growth, "flat" if abs(growth) <= 0.10 else "NOT flat"))
for problem in problems: print("PROBLEM: " + problem, file=sys.stderr)
sys.exit(1 if problems else 0)
PY
