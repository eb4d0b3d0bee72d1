#!/usr/bin/env bash
# What a record costs `sanitize filter` in instructions, by the kind of its one fault: the files
# of filter-kinds.sh (valid records, then every record invalid one way: type, required,
# pattern, additional), each run under valgrind's callgrind, which counts every instruction the
# process executes. The count moves by a few dozen instructions per record from run to run (the
# threads' waits), where the times of filter-kinds.sh move by a few percent between runs on a
# shared machine: more than a small change moves them. (Instructions are not time: a cache miss or a mispredicted branch costs
# none here. Judge a change by both.)
#
# Each file runs at two lengths, RECORDS and 4 × RECORDS lines (default 2000), and the difference
# is divided by the records between them, so the start-up (the runtime's, the contract's
# compilation) cancels out. Prints, per binary, instructions per record for each file and, per
# kind, what an invalid record takes above a valid one; then, with one binary, for each kind
# the TOP functions (default 12, 0 for none) that an invalid record runs more than a valid one
# does, instructions per record, the function's own (not its callees').
# Usage: Benchmarks/peers/filter-instructions.sh [BINARY...]   (default this checkout's build;
#        give two binaries, the old first, to compare a change)
set -euo pipefail
cd "$(dirname "$0")/../.."
records="${RECORDS:-2000}"
top="${TOP:-12}"
. Benchmarks/peers/settings.sh
require_number RECORDS "$records" 100 1000000
require_number TOP "$top" 0 1000
for binary in "$@"; do
  [ -x "$binary" ] || { echo "filter-instructions.sh: $binary is not an executable file" >&2; exit 2; }
done
scripts/install-deps libpcre2-dev pkg-config valgrind binutils >/dev/null
binaries=("$@")
if [ ${#binaries[@]} -eq 0 ]; then binaries=("$(scripts/build-cli)"); fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# A user record is 160-230 bytes (one with a member not allowed is the longest): a megabyte
# for every thousand records holds the 4 × RECORDS lines with room to spare.
megabytes=$(( (records + 999) / 1000 ))
for kind in valid type required pattern additional; do
  if [ "$kind" = valid ]; then
    python3 Benchmarks/peers/filter/generate-users.py "$megabytes" 42 0 > "$work/all.ndjson"
  else
    python3 Benchmarks/peers/filter/generate-users.py "$megabytes" 42 100 "$kind" > "$work/all.ndjson"
  fi
  head -n "$records" "$work/all.ndjson" > "$work/$kind-short.ndjson"
  head -n $((4 * records)) "$work/all.ndjson" > "$work/$kind-long.ndjson"
  [ "$(wc -l < "$work/$kind-long.ndjson")" -eq $((4 * records)) ] || { echo "filter-instructions.sh: too few $kind records generated" >&2; exit 1; }
done
# Valgrind (3.19, Debian 12) cannot read the DWARF 5 debugging information Swift 6 writes; the
# symbols, which name the functions, stay.
index=0
for binary in "${binaries[@]}"; do
  strip --strip-debug -o "$work/binary-$index" "$binary"
  index=$((index + 1))
done
python3 - "$work" "$records" "$top" "${binaries[@]}" <<'PY'
import os, re, signal, subprocess, sys
signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # a closed pipe (`| head`) ends the report quietly
work, records, top, binaries = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4:]
kinds = ["valid", "type", "required", "pattern", "additional"]

def profile(index, kind, length):
    """Instructions of each function (its own) over one run, and the total."""
    out = f"{work}/{kind}-{length}-{index}.callgrind"
    command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", f"{work}/binary-{index}", "filter",
               "--contract", "Rules/contracts/user.schema.json", "--jobs", "1", "--report", "/dev/null",
               f"{work}/{kind}-{length}.ndjson"]
    # glibc copies (and fills) large blocks with `rep movsb` (`rep stosb`), which callgrind
    # counts once per byte (10 copies of 1 MiB: 11.7 M instructions, 2.2 M with vector moves):
    # a change that copies in fewer, larger blocks would count as more. Every copy and fill
    # takes the vector path here, as smaller ones do anyway.
    environment = dict(os.environ, GLIBC_TUNABLES="glibc.cpu.x86_rep_movsb_threshold=2147483647:"
                       "glibc.cpu.x86_rep_stosb_threshold=2147483647")
    status = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=environment).returncode
    if status != (0 if kind == "valid" else 1):
        sys.exit(f"filter-instructions.sh: {binaries[index]} exited {status} under valgrind on the {kind} file")
    text = subprocess.run(["callgrind_annotate", "--threshold=100", out], capture_output=True, text=True, check=True).stdout
    functions, total = {}, None
    for line in text.splitlines():
        match = re.match(r"\s*([\d,]+)\s+\([^)]*\)\s+(.*)$", line)
        if not match:
            continue
        count, name = int(match.group(1).replace(",", "")), match.group(2)
        if name == "PROGRAM TOTALS":
            total = count
            continue
        # "file:function [object]": the function alone ("???" when the file is unknown).
        name = re.sub(r"\s*\[[^\]]*\]$", "", name)
        name = re.sub(r"^(\?\?\?|[./][^:]*):", "", name)
        functions[name] = functions.get(name, 0) + count
    return functions, total

def per_record(index, kind):
    short, short_total = profile(index, kind, "short")
    long, long_total = profile(index, kind, "long")
    between = 3 * records
    functions = {name: (long.get(name, 0) - short.get(name, 0)) / between for name in set(long) | set(short)}
    return functions, (long_total - short_total) / between

def demangled(names):
    """The names as Swift spells them (`swift demangle`), or as they are without a toolchain."""
    try:
        text = subprocess.run(["swift", "demangle", "--simplified"], input="\n".join(names), capture_output=True, text=True).stdout
    except OSError:
        return names
    lines = text.splitlines()
    return lines if len(lines) == len(names) else names

results = {(index, kind): per_record(index, kind) for index in range(len(binaries)) for kind in kinds}
print(f"instructions per record (callgrind, one job, report on; {3 * records} records between the two lengths)\n")
print("| binary | " + " | ".join(kinds) + " | " + " | ".join(f"{k} − valid" for k in kinds[1:]) + " |")
print("|---|" + "---:|" * (2 * len(kinds) - 1))
for index, binary in enumerate(binaries):
    total = {kind: results[(index, kind)][1] for kind in kinds}
    print(f"| {binary} | " + " | ".join(f"{total[k]:,.0f}" for k in kinds) + " | "
          + " | ".join(f"{total[k] - total['valid']:,.0f}" for k in kinds[1:]) + " |")
if len(binaries) == 1 and top > 0:
    valid = results[(0, "valid")][0]
    for kind in kinds[1:]:
        functions = results[(0, kind)][0]
        rows = sorted(((cost - valid.get(name, 0), name) for name, cost in functions.items()), reverse=True)[:top]
        names = demangled([name for _, name in rows])
        print(f"\n{kind}: where an invalid record's extra instructions go (per record, the function's own)")
        for (extra, _), name in zip(rows, names):
            print(f"{extra:8,.0f}  {name[:150]}")
PY
