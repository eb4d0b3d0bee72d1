"""Runs each validator as a child process, measures its CPU time, prints a table with ratios."""
import os, resource, subprocess, sys

sanitize, schema, data, tenth, here = sys.argv[1:6]


def count_lines(path):
    with open(path, "rb") as handle:
        return sum(1 for _ in handle)


ROUNDS = 5  # best of five: CPU time inflates when other work shares the cores


def run(name, command, path, stdin=None):
    cpu = float("inf")
    for _ in range(ROUNDS):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        with open(stdin, "rb") if stdin else open(os.devnull, "rb") as source:
            result = subprocess.run(command, stdin=source, capture_output=True, env=dict(os.environ, NODE_PATH="/usr/share/nodejs"))
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = min(cpu, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime))
    if result.returncode not in (0, 1):
        print(f"{name}: failed ({result.returncode}): {result.stderr.decode()[:300]}", file=sys.stderr)
        return None
    records = count_lines(path)
    size = os.path.getsize(path)
    out = result.stdout.decode().strip().splitlines()
    valid = out.count("valid") if name.startswith("sanitize") else (out[-1] if out else "")
    return {"name": name, "records": records, "cpu": cpu, "rate": records / cpu, "mbps": size / cpu / 1e6, "valid": valid}


rows = [
    run("sanitize validate", [sanitize, "validate", "--schema", schema], data, stdin=data),
    run("Ajv 6 (node-ajv)", ["node", os.path.join(here, "ajv-validate.js"), schema, data], data),
    run("fastjsonschema", [sys.executable, os.path.join(here, "python-validate.py"), "fastjsonschema", schema, data], data),
    run("jsonschema (1/10 of the records)", [sys.executable, os.path.join(here, "python-validate.py"), "jsonschema", schema, tenth], tenth),
    run("jq empty (parse only)", ["jq", "empty", data], data),
]
rows = [row for row in rows if row]
ours = rows[0]["rate"]
print(f"| tool | records | CPU s | records/s | MB/s | sanitize is × faster | valid |")
print(f"| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
for row in rows:
    print(f"| {row['name']} | {row['records']} | {row['cpu']:.2f} | {row['rate']:,.0f} | {row['mbps']:.1f} | {ours / row['rate']:.2f} | {row['valid']} |")
