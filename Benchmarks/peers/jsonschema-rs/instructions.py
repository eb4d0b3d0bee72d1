"""Instructions per document of `sanitize validate` and of jsonschema-rs on the jsonschema-rs
benchmark set, counted by valgrind's callgrind: repeatable where times on a shared machine move
by a fifth from run to run.

Usage: instructions.py SANITIZE DATA_DIR. See ../jsonschema-rs.sh.

Each side runs twice under callgrind, over one document and over N (cases.py), and the
difference is divided by N - 1, so start-up, reading the schema and compiling it drop out.
Ours: `sanitize validate --quiet` over the minified instance repeated as NDJSON on standard
input (a verdict per document, as `is_valid` gives). Theirs: the Python loop of compare.py,
`validator.is_valid(orjson.loads(raw))`, the interpreter's own work in the loop included, as it
is in their time. Instructions are not time (a cache miss or a mispredicted branch costs none
here): read them beside compare.py's ratios, not instead of them.
"""
import os
import re
import subprocess
import sys
import tempfile

import orjson

from cases import CASES  # beside this script

sanitize, data = sys.argv[1], sys.argv[2]

THEIR_LOOP = """
import sys, orjson, jsonschema_rs
schema = orjson.loads(open(sys.argv[1], "rb").read())
raw = open(sys.argv[2], "rb").read()
validator = jsonschema_rs.validator_for(schema)
for _ in range(int(sys.argv[3])):
    validator.is_valid(orjson.loads(raw))
"""


def counted(command, stdin_path, workdir):
    """The instructions callgrind counts over one run of `command`."""
    out = os.path.join(workdir, "callgrind.out")
    with open(stdin_path, "rb") as stdin:
        done = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"] + command,
                              stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise SystemExit(f"callgrind counted nothing for {command[0]}: {done.stderr.strip()[-400:]}")
    return int(found.group(1))


def main():
    with tempfile.TemporaryDirectory() as workdir:
        # Valgrind (3.19, Debian 12) cannot read the DWARF 5 debugging information Swift 6
        # writes; the symbols stay.
        ours_binary = os.path.join(workdir, "sanitize")
        subprocess.run(["strip", "--strip-debug", "-o", ours_binary, sanitize], check=True)
        loop = os.path.join(workdir, "loop.py")
        with open(loop, "w") as out:
            out.write(THEIR_LOOP)
        print("one run; instructions per document (callgrind); ratio = ours / jsonschema-rs (below 1: fewer)")
        print(f"{'case':<13} {'ours/doc':>14} {'theirs/doc':>14} {'ratio':>7}")
        for name, schema_file, instance_file, documents in CASES:
            schema = os.path.join(data, schema_file)
            with open(os.path.join(data, instance_file), "rb") as handle:
                line = orjson.dumps(orjson.loads(handle.read()))
            minified = os.path.join(workdir, "instance.json")
            with open(minified, "wb") as out:
                out.write(line)
            ours, theirs = [], []
            for count in (1, documents):
                lines = os.path.join(workdir, "lines.ndjson")
                with open(lines, "wb") as out:
                    out.write((line + b"\n") * count)
                ours.append(counted([ours_binary, "validate", "--quiet", "--schema", schema], lines, workdir))
                theirs.append(counted([sys.executable, loop, schema, minified, str(count)], os.devnull, workdir))
            ours_per = (ours[1] - ours[0]) / (documents - 1)
            theirs_per = (theirs[1] - theirs[0]) / (documents - 1)
            print(f"{name:<13} {ours_per:>14,.0f} {theirs_per:>14,.0f} {ours_per / theirs_per:>7.2f}")


main()
