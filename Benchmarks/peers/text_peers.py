"""Runs the text encoders of `sanitize` and their peers on the same seeded line files, in one
run, and prints MB/s of input per CPU second (user + system of the child process, best of
RUNS) and the ratios. Every figure is a whole process: start-up, reading lines, encoding,
writing lines. Usage: python3 text_peers.py SANITIZE C_LOOP WORKDIR  (see text.sh)."""
import os, random, resource, subprocess, sys

sanitize, c_loop, work = sys.argv[1], sys.argv[2], sys.argv[3]
lines_count = int(os.environ.get("LINES", "1000000"))
runs = int(os.environ.get("RUNS", "3"))

def make_files():
    rng = random.Random(20261122)
    ascii_alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,-_'\"%;/"
    pieces = ["hello ", "café ", "naïve ", "日本語 ", "한국어 ", "👨‍👩‍👧 ", "🇪🇸 ", "e\u0301 ", "Ωmega ", "x", "it's "]
    files = {}
    for name in ("ascii", "unicode"):
        path = os.path.join(work, name + ".txt")
        with open(path, "w", encoding="utf-8") as f:
            for _ in range(lines_count):
                length = rng.randint(10, 150)
                if name == "ascii":
                    f.write("".join(rng.choice(ascii_alphabet) for _ in range(length)) + "\n")
                else:
                    line = ""
                    while len(line.encode()) < length:
                        line += rng.choice(pieces)
                    f.write(line + "\n")
        files[name] = path
    return files

PY = {
    "url": "import sys\nfrom urllib.parse import quote\nw=sys.stdout.write\nfor l in sys.stdin: w(quote(l[:-1], safe='-._~')+'\\n')\n",
    "shell": "import sys, shlex\nw=sys.stdout.write\nfor l in sys.stdin: w(shlex.quote(l[:-1])+'\\n')\n",
    "sql": "import sys\nw=sys.stdout.write\nfor l in sys.stdin: w(\"'\"+l[:-1].replace(\"'\",\"''\")+\"'\\n\")\n",
}
OURS = {"url": ["encode", "url-rfc3986"], "shell": ["encode", "shell"], "sql": ["encode", "sql-literal"]}
PEER_NAME = {"url": "urllib.parse.quote", "shell": "shlex.quote", "sql": "str.replace(\"'\",\"''\")"}

def cpu_seconds(command, input_path, output_path):
    best = None
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        with open(input_path, "rb") as i, open(output_path, "wb") as o:
            subprocess.run(command, stdin=i, stdout=o, check=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        spent = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        best = spent if best is None else min(best, spent)
    return max(best, 1e-6)

def same(a, b):
    with open(a, "rb") as x, open(b, "rb") as y:
        return x.read() == y.read()

files = make_files()
print(f"{lines_count} lines per file; MB/s = input MB / CPU seconds of the whole process, best of {runs}\n")
print("| encoder | input | sanitize MB/s | C loop MB/s | Python MB/s (peer) | vs Python | vs C | same output as C |")
print("| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |")
for kind in ("url", "shell", "sql"):
    for name, path in files.items():
        size_mb = os.path.getsize(path) / 1e6
        ours_out, c_out, py_out = (os.path.join(work, f"{kind}-{name}-{w}.out") for w in ("ours", "c", "py"))
        ours = cpu_seconds([sanitize] + OURS[kind], path, ours_out)
        c = cpu_seconds([c_loop, kind], path, c_out)
        py = cpu_seconds([sys.executable, "-c", PY[kind]], path, py_out)
        print(f"| {' '.join(OURS[kind])} | {name} | {size_mb/ours:.0f} | {size_mb/c:.0f} | {size_mb/py:.0f} ({PEER_NAME[kind]}) "
              f"| {py/ours:.1f}× faster | {ours/c:.2f}× C time | {'yes' if same(ours_out, c_out) else 'NO'} |")

empty = os.path.join(work, "empty.txt")
open(empty, "wb").close()
startup = {
    "sanitize": cpu_seconds([sanitize] + OURS["sql"], empty, os.devnull),
    "C loop": cpu_seconds([c_loop, "sql"], empty, os.devnull),
    "Python": cpu_seconds([sys.executable, "-c", PY["sql"]], empty, os.devnull),
}
print("\nStart-up, CPU ms on an empty input (included in every figure above): "
      + ", ".join(f"{name} {seconds * 1000:.1f}" for name, seconds in startup.items()))
