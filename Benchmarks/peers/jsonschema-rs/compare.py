"""Side-by-side timing of `sanitize validate` and jsonschema-rs on the jsonschema-rs benchmark set.

Usage: compare.py SANITIZE DATA_DIR SECONDS. See ../jsonschema-rs.sh.
"""
import json
import os
import resource
import subprocess
import sys
import tempfile
import time

import jsonschema_rs
import orjson

from cases import CASES  # beside this script

sanitize, data, seconds = sys.argv[1], sys.argv[2], float(sys.argv[3])


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_ours(schema_path, ndjson_path):
    """CPU seconds of one `sanitize validate` over the file, and its verdict lines."""
    before = children_cpu()
    with open(ndjson_path, "rb") as stdin:
        done = subprocess.run([sanitize, "validate", "--quiet", "--schema", schema_path], stdin=stdin,
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    if done.returncode not in (0, 1):
        raise SystemExit(f"sanitize validate failed ({done.returncode}) on {schema_path}")
    return children_cpu() - before, done.stdout.split()


def ours(schema_path, line, count, workdir):
    one = os.path.join(workdir, "one.ndjson")
    many = os.path.join(workdir, "many.ndjson")
    with open(one, "wb") as out:
        out.write(line + b"\n")
    with open(many, "wb") as out:
        for _ in range(count):
            out.write(line + b"\n")
    single, verdict = min((run_ours(schema_path, one) for _ in range(2)), key=lambda r: r[0])
    total, verdicts = run_ours(schema_path, many)
    assert len(verdicts) == count and len(set(verdicts)) == 1
    return max(total - single, 0.0) / (count - 1), single, verdict[0] == b"valid"


def theirs(schema, raw, minimum_seconds):
    validator = jsonschema_rs.validator_for(schema)
    verdict = validator.is_valid(orjson.loads(raw))
    count = 0
    start = time.process_time()
    while True:
        for _ in range(16):
            validator.is_valid(orjson.loads(raw))
        count += 16
        elapsed = time.process_time() - start
        if elapsed >= minimum_seconds:
            return elapsed / count, count, verdict


def main():
    with tempfile.TemporaryDirectory() as workdir:
        trivial = os.path.join(workdir, "trivial.json")
        with open(trivial, "w") as out:
            out.write("{}")
        startup, _ = min((run_ours(trivial, os.devnull) for _ in range(3)), key=lambda r: r[0])
        print(f"machine: {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}; one run; ratio = ours / jsonschema-rs (below 1: faster)")
        print(f"{'case':<13} {'ours/doc':>12} {'theirs/doc':>12} {'ratio':>7}  verdicts")
        for name, schema_file, instance_file, _ in CASES:
            schema_path = os.path.join(data, schema_file)
            with open(schema_path, "rb") as handle:
                schema = orjson.loads(handle.read())
            with open(os.path.join(data, instance_file), "rb") as handle:
                raw = handle.read()
            line = orjson.dumps(orjson.loads(raw))
            their_time, count, their_verdict = theirs(schema, line, seconds)
            # As many documents as they did, within 100 MB of NDJSON (at least 20).
            documents = max(20, min(int(count), 100_000_000 // len(line)))
            our_time, single, our_verdict = ours(schema_path, line, documents, workdir)
            agree = "agree" if our_verdict == their_verdict else f"DIFFER (ours {our_verdict}, theirs {their_verdict})"
            print(f"{name:<13} {our_time * 1e6:>10.2f}µs {their_time * 1e6:>10.2f}µs {our_time / their_time:>7.2f}  {agree}")
        # Compiling FHIR: ours = one run with one document minus start-up; theirs = load + build.
        fhir = os.path.join(data, "fhir.schema.json")
        patient = os.path.join(data, "patient-example-d.json")
        with open(patient, "rb") as handle:
            line = orjson.dumps(orjson.loads(handle.read()))
        _, single, _ = ours(fhir, line, 2, workdir)
        start = time.process_time()
        for _ in range(5):
            with open(fhir, "rb") as handle:
                jsonschema_rs.validator_for(orjson.loads(handle.read()))
        their_compile = (time.process_time() - start) / 5
        our_compile = max(single - startup, 0.0)
        print(f"compile FHIR: ours {our_compile * 1e3:.1f} ms (read + parse + compile), jsonschema-rs {their_compile * 1e3:.1f} ms (orjson.loads + validator_for), ratio {our_compile / their_compile:.2f}")


main()
