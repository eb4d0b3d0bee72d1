#!/bin/sh
# Compares `sanitize validate` with peer validators on the same NDJSON file and schema, in one run.
#
#   Benchmarks/peers/contracts.sh [RECORDS]        (default 200000 user records, ~46 MB)
#
# Peers: Ajv (Debian's node-ajv, draft-07), Python fastjsonschema and jsonschema (pip), and
# `jq empty` as a parse-only reference. Each tool parses every line and validates it; the
# figure is the best of five runs of the process CPU time (user + sys, one core).
# Python jsonschema is slow, so it runs on the first tenth of the records.
# Needs: apt-get install -y node-ajv jq; the Python peers go into the project venv (scripts/python-venv).
set -eu
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
records="${1:-200000}"
. "$here/settings.sh"
require_number RECORDS "$records" 10
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

"$root/scripts/install-python-deps" fastjsonschema jsonschema
PATH="$("$root/scripts/python-venv")/bin:$PATH"; export PATH
build_log=$(mktemp)
sanitize="$("$root/scripts/build-cli" 2>"$build_log")" || { cat "$build_log"; exit 2; }
rm -f "$build_log"
schema="$here/contracts/user.schema.json"
python3 "$here/contracts/generate.py" "$records" > "$work/users.ndjson"
head -n "$((records / 10))" "$work/users.ndjson" > "$work/users-tenth.ndjson"

python3 "$here/contracts/compare.py" "$sanitize" "$schema" "$work/users.ndjson" "$work/users-tenth.ndjson" "$here/contracts"
