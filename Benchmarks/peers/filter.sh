#!/usr/bin/env bash
# Compares `sanitize filter` with peer validators on the same NDJSON file, in one run.
# Usage: Benchmarks/peers/filter.sh [MEGABYTES]   (default 100; SANITIZE_BIN=PATH to measure a given binary)
#        INVALID_PERCENT=30 Benchmarks/peers/filter.sh ...   (default 3: share of invalid records)
#        SANITIZE_ARGS='--report-key /id' Benchmarks/peers/filter.sh ...   (more options for both
#        sanitize runs; not --on-invalid keep or annotate, which write invalid records too)
# Prints MB/s, records/s, peak RSS, ratios against Ajv and what the second job adds; checks
# that the valid/invalid counts agree with Ajv's. Every tool runs RUNS times (default 3) and
# its fastest run counts, the same for all: on this 2-core VM a run now and then loses part of
# a core for a few seconds to background work (the kernel's memory housekeeping, other guests).
set -euo pipefail
cd "$(dirname "$0")/../.."
megabytes="${1:-100}"
runs="${RUNS:-3}"
invalid_percent="${INVALID_PERCENT:-3}"
. Benchmarks/peers/settings.sh
require_number MEGABYTES "$megabytes" 1
require_number RUNS "$runs" 1
require_number INVALID_PERCENT "$invalid_percent" 0 100
here=Benchmarks/peers/filter
scripts/install-deps libpcre2-dev pkg-config node-ajv jq bc >/dev/null
scripts/install-python-deps fastjsonschema
PATH="$(scripts/python-venv)/bin:$PATH"; export PATH  # fastjsonschema lives in the project venv

# SANITIZE_BIN=PATH measures a binary built elsewhere (another commit, say) instead of this checkout's.
if [ -n "${SANITIZE_BIN:-}" ]; then
  bin="$SANITIZE_BIN"
else
  bin="$(scripts/build-cli)"
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
data="$work/users.ndjson"
python3 "$here/generate-users.py" "$megabytes" 42 "$invalid_percent" > "$data"
sync "$data"  # write the new file back now, not during the first timed run (on two cores that shows)
bytes=$(stat -c %s "$data")
records=$(wc -l < "$data")
# The peers get the same contract without our x-sanitize keyword and as draft-07.
python3 - "$work/contract.draft7.json" <<'PY'
import json, sys
schema = json.load(open("Rules/contracts/user.schema.json"))
def strip(node):
    if isinstance(node, dict):
        node.pop("x-sanitize", None)
        for value in node.values(): strip(value)
    elif isinstance(node, list):
        for value in node: strip(value)
strip(schema)
schema["$schema"] = "http://json-schema.org/draft-07/schema#"
schema.pop("$id", None)
json.dump(schema, open(sys.argv[1], "w"))
PY

export NODE_PATH=/usr/share/nodejs  # where Debian puts node-ajv
cores=$(nproc)
printf '%s: %d records, %.1f MB, %d cores\n\n' "$data" "$records" "$(echo "$bytes / 1000000" | bc -l)" "$cores"
declare -A seconds peak counts every
tools=()
declare -A commands
add() {  # name, command... (as `run` takes them): measured later, in turn with the others
  local name="$1"; shift
  tools+=("$name")
  commands["$name"]="$(printf '%q ' "$@")"
}
run() {  # name, [--discard-output], command...  (record output goes to /dev/null; counts are captured)
  local name="$1"; shift
  local discard=()
  if [ "$1" = --discard-output ]; then discard=(--discard-output); shift; fi
  local result time rss
  result=$(python3 "$here/measure.py" "${discard[@]}" "$data" "$@" 2>"$work/$name.err" || true)
  read -r time rss < <(tail -1 "$work/$name.err")
  if [ -z "${seconds[$name]:-}" ] || (( $(echo "$time < ${seconds[$name]}" | bc) )); then seconds["$name"]=$time; fi
  if [ -z "${peak[$name]:-}" ] || (( rss > ${peak[$name]} )); then peak["$name"]=$rss; fi
  every["$name"]+="$time "
  counts["$name"]="$result"
}
read -r -a extra <<<"${SANITIZE_ARGS:-}"
add "sanitize --jobs $cores" --discard-output "$bin" filter --contract Rules/contracts/user.schema.json --jobs "$cores" --stats --report /dev/null "${extra[@]}"
add "sanitize --jobs 1" --discard-output "$bin" filter --contract Rules/contracts/user.schema.json --jobs 1 --stats --report /dev/null "${extra[@]}"
add "ajv" node "$here/ajv-validate.js" "$work/contract.draft7.json" "$data"
add "fastjsonschema" python3 "$here/fastjsonschema-validate.py" "$work/contract.draft7.json" "$data"
add "jq -c . (parse+print)" --discard-output jq -c .
# Round by round, every tool once per round: a tool's runs are spread over the whole
# measurement, so none of them gets all the first (or all the last) minutes of the machine
# (a block of runs per tool, first come first served, put the two-job runs in the minutes
# just after the file was written).
for ((attempt = 0; attempt < runs; attempt++)); do
  for name in "${tools[@]}"; do
    eval "run $(printf '%q' "$name") ${commands[$name]}"
  done
done
stats_all=$(grep -o '"recordsOut":[0-9]*,"invalid":[0-9]*' "$work/sanitize --jobs $cores.err" || true)
stats_one=$(grep -o '"recordsOut":[0-9]*,"invalid":[0-9]*' "$work/sanitize --jobs 1.err" || true)

read -r ajv_valid ajv_invalid <<<"${counts[ajv]}"
printf '| tool | MB/s | records/s | peak RSS (MB) | × Ajv records/s |\n|---|---:|---:|---:|---:|\n'
for name in "sanitize --jobs $cores" "sanitize --jobs 1" "ajv" "fastjsonschema" "jq -c . (parse+print)"; do
  s=${seconds[$name]}
  printf '| %s | %.1f | %.0f | %.1f | %.2f |\n' "$name" "$(echo "$bytes / 1000000 / $s" | bc -l)" \
    "$(echo "$records / $s" | bc -l)" "$(echo "${peak[$name]} / 1000000" | bc -l)" \
    "$(echo "${seconds[ajv]} / $s" | bc -l)"
done
if (( cores > 1 )); then
  # What the second core adds: the fastest one-job run's time over the fastest two-job run's,
  # then each round's ratio (one job runs right after two), which shows how far the host moved
  # the runs: a round's two runs are a second apart, yet their ratio can move by half from one
  # round to the next on a shared 2-core VM.
  python3 - "$cores" ${every["sanitize --jobs $cores"]} -- ${every["sanitize --jobs 1"]} <<'PY'
import sys
cores, rest = sys.argv[1], sys.argv[2:]
split = rest.index("--")
parallel, single = [float(t) for t in rest[:split]], [float(t) for t in rest[split + 1:]]
rounds = " ".join(f"{one / many:.2f}" for one, many in zip(single, parallel))
print(f"\nthe second job ({cores} jobs against 1): {min(single) / min(parallel):.2f}x, fastest run against fastest run (round by round: {rounds})")
PY
fi
echo
echo "counts: ajv valid=$ajv_valid invalid=$ajv_invalid; fastjsonschema ${counts[fastjsonschema]};"
echo "        sanitize --jobs $cores {$stats_all}; sanitize --jobs 1 {$stats_one}"
[ "$stats_all" = "\"recordsOut\":$ajv_valid,\"invalid\":$ajv_invalid" ] || { echo "MISMATCH with Ajv's counts" >&2; exit 1; }
[ "$stats_one" = "$stats_all" ] || { echo "MISMATCH between --jobs values" >&2; exit 1; }
echo "counts agree with Ajv"
