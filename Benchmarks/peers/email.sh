#!/usr/bin/env bash
# Compares `sanitize check email` with peers on the same seeded list of addresses, in one run:
#   - a C loop over PCRE2-JIT with the same pattern and options (email_pcre2_loop.c),
#   - Python `re.fullmatch` with the same pattern,
#   - Python `email-validator` (syntax only: check_deliverability=False).
# Every engine reads the list from a file on stdin and writes one verdict line per address to
# a file, so each figure is a whole process: start-up, reading, matching, writing. Figures are
# addresses per CPU second (user + system time, best of RUNS=5 runs).
# Usage: Benchmarks/peers/email.sh          (N=1000000 addresses; EV_N=100000 for email-validator)
set -euo pipefail
cd "$(dirname "$0")/../.."

N=${N:-1000000}
EV_N=${EV_N:-100000}
SEED=${SEED:-20261122}
RUNS=${RUNS:-5}
. Benchmarks/peers/settings.sh
require_number N "$N" 1
require_number EV_N "$EV_N" 1
require_number SEED "$SEED" 0
require_number RUNS "$RUNS" 1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 Benchmarks/peers/email_addresses.py "$N" "$SEED" > "$work/addresses.txt"
head -n "$EV_N" "$work/addresses.txt" > "$work/addresses-ev.txt"
sanitize=$(scripts/build-cli 2> "$work/build.log") || { cat "$work/build.log"; exit 2; }
cc -O2 -o "$work/c_loop" Benchmarks/peers/email_pcre2_loop.c -lpcre2-8
scripts/install-python-deps 'email-validator==2.3.0'
PATH="$(scripts/python-venv)/bin:$PATH"; export PATH  # email-validator lives in the project venv

# The pattern of a rule file: comment lines dropped, the rest trimmed and joined.
pattern() { grep -v '^[[:space:]]*#' "Rules/email/$1.pcre" | sed 's/^[[:space:]]*//; s/[[:space:]]*$//' | tr -d '\n'; }

cat > "$work/py_re.py" <<'PY'
import re, sys
pattern = re.compile(sys.argv[1])
write = sys.stdout.write
for line in sys.stdin:
    write("valid\n" if pattern.fullmatch(line.rstrip("\n")) else "invalid\n")
PY
cat > "$work/py_ev.py" <<'PY'
import sys
from email_validator import validate_email, EmailNotValidError
write = sys.stdout.write
for line in sys.stdin:
    try:
        validate_email(line.rstrip("\n"), check_deliverability=False)
        write("valid\n")
    except EmailNotValidError:
        write("invalid\n")
PY

# Runs "$@" with $1's lines on stdin, RUNS times; prints the addresses per second of CPU time
# (user + system, the best run), which the other jobs on a shared machine disturb far less
# than the wall clock. Keeps the last output in $work/out.
rate() {
  local input=$1; shift
  local lines best=999999 cpu
  lines=$(wc -l < "$input")
  for _ in $(seq "$RUNS"); do
    cpu=$( { TIMEFORMAT='%U %S'; time "$@" < "$input" > "$work/out" 2> /dev/null || true; } 2>&1 | awk '{ print $1 + $2 }')
    best=$(awk -v a="$best" -v b="$cpu" 'BEGIN { print (b < a ? b : a) }')
  done
  awk -v n="$lines" -v t="$best" 'BEGIN { printf "%d\n", n / (t > 0 ? t : 0.001) }'
}

printf 'addresses: %d (seed %d), email-validator on the first %d; emails per CPU second, best of %d runs\n\n' "$N" "$SEED" "$EV_N" "$RUNS"
printf '| engine | mode | emails per CPU second | CPU time relative to the C loop |\n| --- | --- | ---: | --- |\n'
for mode in html5 rfc5321; do
  p=$(pattern "$mode")
  c=$(rate "$work/addresses.txt" "$work/c_loop" "$p"); cp "$work/out" "$work/c.out"
  ours=$(rate "$work/addresses.txt" "$sanitize" check email --mode "$mode" --quiet); cp "$work/out" "$work/ours.out"
  differing=$(paste "$work/c.out" "$work/ours.out" | awk -F'\t' '$1 != $2' | wc -l)
  nojit=$(rate "$work/addresses.txt" "$sanitize" check email --mode "$mode" --quiet --no-jit)
  loud=$(rate "$work/addresses.txt" "$sanitize" check email --mode "$mode")
  py=$(rate "$work/addresses.txt" python3 "$work/py_re.py" "$p")
  awk -v m="$mode" -v c="$c" -v o="$ours" -v n="$nojit" -v l="$loud" -v p="$py" -v d="$differing" 'BEGIN {
    printf "| C loop, PCRE2-JIT | %s (pattern only) | %d | 1.00× |\n", m, c
    printf "| sanitize check email --quiet | %s | %d | %.2f× (%d verdicts differ from the pattern alone) |\n", m, o, c / o, d
    printf "| sanitize check email --quiet --no-jit | %s | %d | %.2f× |\n", m, n, c / n
    printf "| sanitize check email (reasons on stderr) | %s | %d | %.2f× |\n", m, l, c / l
    printf "| Python re.fullmatch | %s (pattern only) | %d | %.2f× (ours is %.1f× faster) |\n", m, p, c / p, o / p
  }'
done
for mode in international strict lenient; do
  ours=$(rate "$work/addresses.txt" "$sanitize" check email --mode "$mode" --quiet)
  printf '| sanitize check email --quiet | %s | %d | |\n' "$mode" "$ours"
done
ev=$(rate "$work/addresses-ev.txt" python3 "$work/py_ev.py")
ours_rfc=$(rate "$work/addresses.txt" "$sanitize" check email --mode rfc5321 --quiet)
ours_intl=$(rate "$work/addresses.txt" "$sanitize" check email --mode international --quiet)
awk -v e="$ev" -v r="$ours_rfc" -v i="$ours_intl" 'BEGIN {
  printf "| Python email-validator 2.x (check_deliverability=False) | its own rules | %d | ours (rfc5321) is %.1f×, (international) %.1f× faster |\n", e, r / e, i / e
  printf "\ninternational takes %.2f× the CPU time of rfc5321 on the same list (issue #21 target: at most 2×)\n", r / i
}'
