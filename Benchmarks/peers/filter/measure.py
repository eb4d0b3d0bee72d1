#!/usr/bin/env python3
"""Runs one command with stdin from a file and stdout to /dev/null; prints
"SECONDS PEAK_RSS_BYTES" on the last line of stderr, after the command's own stderr.
Usage: measure.py INPUT_FILE COMMAND..."""
import resource
import subprocess
import sys
import time

start = time.monotonic()
with open(sys.argv[1], "rb") as stdin:
    completed = subprocess.run(sys.argv[2:], stdin=stdin, stdout=subprocess.PIPE)
seconds = time.monotonic() - start
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024
sys.stdout.write(completed.stdout.decode(errors="replace")[-200:])
print(f"{seconds:.3f} {peak}", file=sys.stderr)
