#!/usr/bin/env bash
# Compares the text encoders of `sanitize` with peers on the same seeded line files, in one run:
#   - Python: urllib.parse.quote(s, safe='-._~'), shlex.quote, and the str.replace SQL idiom;
#   - a C byte loop (text_c_loop.c, cc -O2) as the near-limit figure.
# Each figure is a whole process (start-up, line reading, encoding, writing), measured as CPU
# time (user + system), best of RUNS=3. sanitize validates UTF-8 on every line; the C loop does not.
# Usage: Benchmarks/peers/text.sh           (LINES=1000000 lines per file, ~80 MB)
set -euo pipefail
cd "$(dirname "$0")/../.."
. Benchmarks/peers/settings.sh
require_number LINES "${LINES:-1000000}" 1
require_number RUNS "${RUNS:-3}" 1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
sanitize=$(scripts/build-cli 2> "$work/build.log") || { cat "$work/build.log"; exit 2; }
cc -O2 -o "$work/text_c_loop" Benchmarks/peers/text_c_loop.c
python3 Benchmarks/peers/text_peers.py "$sanitize" "$work/text_c_loop" "$work"
