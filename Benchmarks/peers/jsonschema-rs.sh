#!/bin/sh
# Compares `sanitize validate` with jsonschema-rs (its Python binding: orjson.loads + is_valid)
# per document, parse plus validate, on the jsonschema-rs benchmark set, side by side in one run;
# and compiling each schema (FHIR: 3.4 MB).
#
#   Benchmarks/peers/jsonschema-rs.sh [SECONDS]     (default 2: the time spent per case and tool)
#   Benchmarks/peers/jsonschema-rs.sh instructions  (instructions per document instead, both sides
#                                                     counted by callgrind: jsonschema-rs/instructions.py)
#
# Ours: the instance, minified, repeated N times as NDJSON on standard input of one
# `sanitize validate --quiet --schema S` (release build; verdicts only, each instance checked up
# to its first failing keyword, as `is_valid` does); per document = (CPU time for N − CPU time for
# 1) / (N − 1), so start-up and compiling drop out. Compiling = CPU time of the run with one
# document minus that of `sanitize validate` on a trivial schema. Theirs: the same loop in
# Python. Prints ours/theirs (below 1: we are faster). Data: jsonschema-rs's benchmark set (MIT),
# read where it lives (scripts/corpus-path jsonschema-rs-benchmark: SANITIZE_CORPUS_DIR,
# ../shared/corpora, ...; scripts/get-corpora fetches it), never copied into this repository.
set -eu
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
seconds="${1:-2}"
. "$here/settings.sh"
if [ "$seconds" = instructions ]; then
  "$root/scripts/install-deps" valgrind binutils >/dev/null
else
  require_seconds "SECONDS (or the word instructions)" "$seconds"
fi
"$root/scripts/install-python-deps" jsonschema-rs orjson
PATH="$("$root/scripts/python-venv")/bin:$PATH"; export PATH  # the PyPI peers live in the project venv
data="$("$root/scripts/corpus-path" jsonschema-rs-benchmark)"
build_log=$(mktemp)
sanitize="$("$root/scripts/build-cli" 2>"$build_log")" || { cat "$build_log"; exit 2; }
rm -f "$build_log"
if [ "$seconds" = instructions ]; then
  python3 "$here/jsonschema-rs/instructions.py" "$sanitize" "$data"
else
  python3 "$here/jsonschema-rs/compare.py" "$sanitize" "$data" "$seconds"
fi
