#!/usr/bin/env bash
# What an invalid record costs `sanitize filter`, by the kind of its one fault: a file of valid
# records and one per kind of invalid record that filter.sh mixes (a value of the wrong type, a
# required member missing, a string against its pattern, a member the contract does not allow),
# every record of it invalid that way; the same records otherwise (generate-users.py, seed 42).
# Each binary runs `filter --jobs 1 --report /dev/null` on each file, the binaries one after the
# other, RUNS times (default 5); the fastest run counts. Prints µs per record (the whole process
# over the file's records, start-up included) and, per kind, what an invalid record takes above
# a valid one: what the "30 % invalid" rows of filter.sh spend on their invalid records.
# Usage: Benchmarks/peers/filter-kinds.sh [MEGABYTES] [BINARY...]   (default 30 MB and this
#        checkout's build; give two binaries, the old first, to compare a change)
set -euo pipefail
cd "$(dirname "$0")/../.."
megabytes="${1:-30}"
runs="${RUNS:-5}"
. Benchmarks/peers/settings.sh
require_number MEGABYTES "$megabytes" 1
require_number RUNS "$runs" 1
shift || true
scripts/install-deps libpcre2-dev pkg-config >/dev/null
binaries=("$@")
if [ ${#binaries[@]} -eq 0 ]; then binaries=("$(scripts/build-cli)"); fi
for binary in "${binaries[@]}"; do
  [ -x "$binary" ] || { echo "filter-kinds.sh: $binary is not an executable file" >&2; exit 2; }
done
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python3 Benchmarks/peers/filter/generate-users.py "$megabytes" 42 0 > "$work/valid.ndjson"
for kind in type required pattern additional; do
  python3 Benchmarks/peers/filter/generate-users.py "$megabytes" 42 100 "$kind" > "$work/$kind.ndjson"
done
sync "$work"/*.ndjson
python3 - "$work" "$runs" "${binaries[@]}" <<'PY'
import signal, subprocess, sys, time
signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # a closed pipe (`| head`) ends the report quietly
work, runs, binaries = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
kinds = ["valid", "type", "required", "pattern", "additional"]
records = {kind: sum(1 for _ in open(f"{work}/{kind}.ndjson", "rb")) for kind in kinds}
best = {}
for _ in range(runs):
    for kind in kinds:
        for binary in binaries:
            command = [binary, "filter", "--contract", "Rules/contracts/user.schema.json", "--jobs", "1",
                       "--report", "/dev/null", f"{work}/{kind}.ndjson"]
            start = time.perf_counter()
            status = subprocess.run(command, stdout=subprocess.DEVNULL).returncode
            seconds = time.perf_counter() - start
            if status != (0 if kind == "valid" else 1):
                sys.exit(f"filter-kinds.sh: {binary} exited {status} on the {kind} file")
            best[(binary, kind)] = min(seconds, best.get((binary, kind), seconds))
print(f"{records['valid']} records per file; µs per record, fastest of {runs} runs (one job, report on)\n")
print("| binary | " + " | ".join(kinds) + " | " + " | ".join(f"{k} − valid" for k in kinds[1:]) + " |")
print("|---|" + "---:|" * (2 * len(kinds) - 1))
for binary in binaries:
    per = {kind: best[(binary, kind)] / records[kind] * 1e6 for kind in kinds}
    print(f"| {binary} | " + " | ".join(f"{per[k]:.3f}" for k in kinds) + " | "
          + " | ".join(f"{per[k] - per['valid']:.3f}" for k in kinds[1:]) + " |")
PY
