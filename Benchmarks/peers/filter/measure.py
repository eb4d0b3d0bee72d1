#!/usr/bin/env python3
"""Runs one command with stdin from a file; prints "SECONDS PEAK_RSS_BYTES" on the last line
of stderr, after the command's own stderr.

Usage: measure.py [--discard-output] INPUT_FILE COMMAND...

With --discard-output the command's standard output goes to /dev/null (for tools that print
every record: reading 100 MB through a pipe here would take one of the machine's cores away
from the tool being measured). Without it, standard output is captured and its last 200
characters printed (for validators that print only their counts)."""
import resource
import subprocess
import sys
import time

arguments = sys.argv[1:]
discard = arguments[0] == "--discard-output"
if discard:
    arguments = arguments[1:]
start = time.monotonic()
with open(arguments[0], "rb") as stdin:
    completed = subprocess.run(arguments[1:], stdin=stdin, stdout=subprocess.DEVNULL if discard else subprocess.PIPE)
seconds = time.monotonic() - start
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024
if not discard:
    sys.stdout.write(completed.stdout.decode(errors="replace")[-200:])
print(f"{seconds:.3f} {peak}", file=sys.stderr)
