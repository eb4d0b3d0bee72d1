#!/bin/sh
# Real-world agreement: runs every schema of the SchemaStore catalog that has example files
# (JSON, YAML, TOML; valid ones in src/test/NAME, invalid ones in src/negative_test/NAME)
# through `sanitize validate` (as a user would: the schema file, the instance files, the
# catalog's other schemas registered offline with --ref), Python `jsonschema` and
# jsonschema-rs, and prints per schema whether each compiles it and how many examples it
# judges as the catalog does, then the totals (schemas compiled, agreeing instances, crashes,
# timeouts). See Benchmarks/peers/schemastore/check.py for the rules.
#
#   Benchmarks/peers/schemastore.sh CATALOG [--timeout S] [--only NAME,…] [--json OUT] [-- SANITIZE OPTIONS]
#
# CATALOG: a SchemaStore checkout (its root, or its src/), or a bare git clone of
# https://github.com/SchemaStore/schemastore (extracted file by file into a temporary folder;
# blobs missing from a partial clone are skipped). SANITIZE=path picks the binary (default: a
# debug build of the package). `sanitize validate` asserts `format` by default, as a user gets
# it; pass `-- --no-assert-formats` for the peers' default (annotation only in Python
# `jsonschema`; jsonschema-rs asserts formats in draft-04/06/07 only).
set -eu
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
[ $# -ge 1 ] || { echo "usage: $0 CATALOG [options]" >&2; exit 2; }
catalog="$1"; shift
"$root/scripts/install-python-deps" jsonschema jsonschema-rs pyyaml
PATH="$("$root/scripts/python-venv")/bin:$PATH"; export PATH  # the PyPI peers live in the project venv
if [ -d "$catalog/src/schemas" ]; then src="$catalog/src"
elif [ -d "$catalog/schemas" ]; then src="$catalog"
elif git --git-dir="$catalog" rev-parse HEAD >/dev/null 2>&1; then
  work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
  git --git-dir="$catalog" ls-tree -r HEAD src/schemas/json src/test src/negative_test src/schema-validation.jsonc |
  while read -r _ _ sha path; do
    git --git-dir="$catalog" cat-file -e "$sha" 2>/dev/null || continue
    mkdir -p "$work/$(dirname "$path")"
    git --git-dir="$catalog" cat-file blob "$sha" >"$work/$path"
  done
  src="$work/src"
  echo "catalog commit $(git --git-dir="$catalog" rev-parse HEAD)"
else echo "$0: $catalog is not a SchemaStore checkout or git dir" >&2; exit 2; fi
if [ -z "${SANITIZE:-}" ]; then
  (cd "$root" && swift build --product sanitize >/dev/null)
  SANITIZE="$root/.build/debug/sanitize"
fi
python3 "$here/schemastore/check.py" "$SANITIZE" "$src" "$@"
