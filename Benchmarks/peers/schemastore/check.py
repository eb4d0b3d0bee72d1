#!/usr/bin/env python3
"""Runs the SchemaStore catalog's own examples through `sanitize validate`, Python `jsonschema`
and jsonschema-rs, and counts how often each agrees with the catalog.

    check.py SANITIZE CATALOG_SRC [--timeout S] [--only NAME,...] [--json OUT] [--peers-from JSON | --no-peers]
             [-- EXTRA SANITIZE ARGS]

--no-peers runs ours only; --peers-from reuses the peers' results of an earlier --json run (only ours is run again).

CATALOG_SRC is the catalog's `src/` directory (schemas/json/NAME.json, test/NAME/*,
negative_test/NAME/*, schema-validation.jsonc). Every schema with examples (and not in the
catalog's own `skiptest` list) is run; each example in test/ should be valid, each in
negative_test/ invalid. Instances are JSON, YAML (.yaml/.yml) or TOML (.toml).

Ours: `sanitize validate --schema NAME.json --ref URI=FILE… FILE…`, as a user would run it: one
run per schema, every example file named, each https://json.schemastore.org/X.json that the
schema reaches (transitively) registered with --ref at the catalog's own file; exit 2 = does
not compile; any other status than 0/1/2, or a missing verdict line, is a crash.
Peers: Python `jsonschema` (`validator_for` by `$schema`, a `referencing` registry that serves
the same catalog files) and jsonschema-rs (`validator_for`, a retriever serving the same files),
both with their default format behaviour, each in its own process per schema (so a hang is a
timeout, not the end of the run). A peer "compiles" a schema when building the validator and
validating every example raises nothing. The peers read YAML with PyYAML restricted to the
YAML 1.2 core schema (no `yes`/`on` booleans, timestamps stay strings, as our reader does) and
TOML with `tomllib` (dates and times as RFC 3339 strings, as our reader does).
"""
import json
import multiprocessing
import os
import re
import subprocess
import sys
import time
import urllib.parse

SCHEMASTORE = re.compile(r"^https?://(?:json|www)\.schemastore\.org/(?:schemas/json/)?([^#?/]+?)(\.json)?(#.*)?$")


def strip_comments(text):
    """JSONC (schema-validation.jsonc): drop // comments outside strings and trailing commas."""
    out, i, in_string = [], 0, False
    while i < len(text):
        c = text[i]
        if in_string:
            out.append(c)
            if c == "\\":
                out.append(text[i + 1])
                i += 1
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
            out.append(c)
        elif text.startswith("//", i):
            while i < len(text) and text[i] != "\n":
                i += 1
            continue
        else:
            out.append(c)
        i += 1
    return re.sub(r",(\s*[\]}])", r"\1", "".join(out))


def catalog_file(src, uri):
    """The catalog's own file for a json.schemastore.org URI, or None."""
    match = SCHEMASTORE.match(uri)
    if not match:
        return None
    path = os.path.join(src, "schemas", "json", match.group(1) + ".json")
    return path if os.path.isfile(path) else None


def references(value, found, base):
    """Every $ref (and $schema) in a document, made absolute against the identifiers
    (`$id`, draft-04 `id`) in scope, without fragment."""
    if isinstance(value, dict):
        for key in ("$id", "id"):
            if isinstance(value.get(key), str) and not value[key].startswith("#"):
                base = urllib.parse.urljoin(base, value[key])
        for key, item in value.items():
            if key in ("$ref", "$schema") and isinstance(item, str):
                found.add(urllib.parse.urljoin(base, item).split("#", 1)[0])
            elif key not in ("enum", "const", "examples", "default"):
                references(item, found, base)
    elif isinstance(value, list):
        for item in value:
            references(item, found, base)


def reachable(src, root_file):
    """URI -> file for every catalog schema the root reaches through its $refs."""
    result, queue, seen, own = {}, [(root_file, "")], {root_file}, set()
    while queue:
        path, base = queue.pop()
        with open(path, encoding="utf-8") as handle:
            document = json.load(handle)
        if path == root_file and isinstance(document, dict):
            # The root's own identifier names the root (even when it is, by mistake,
            # another catalog schema's address): never registered as another document.
            own = {str(document.get(key)).split("#", 1)[0] for key in ("$id", "id") if isinstance(document.get(key), str)}
        found = set()
        references(document, found, base)
        for uri in sorted(found):
            target = catalog_file(src, uri)
            if target and uri not in result and uri not in own:
                result[uri] = target
                if target not in seen:
                    seen.add(target)
                    queue.append((target, uri))
    return result


# --- instance loading for the peers -------------------------------------------------------

def yaml_loader():
    import yaml

    class Core(yaml.SafeLoader):
        pass

    # YAML 1.2 core schema: only true/false are booleans, timestamps are strings.
    Core.yaml_implicit_resolvers = {
        key: [(tag, regexp) for tag, regexp in resolvers if tag not in ("tag:yaml.org,2002:bool", "tag:yaml.org,2002:timestamp")]
        for key, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.copy().items()
    }
    Core.add_implicit_resolver("tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF"))
    return Core


def rfc3339(value):
    import datetime
    if isinstance(value, dict):
        return {k: rfc3339(v) for k, v in value.items()}
    if isinstance(value, list):
        return [rfc3339(v) for v in value]
    if isinstance(value, (datetime.datetime, datetime.date, datetime.time)):
        return value.isoformat()
    return value


def load_instance(path):
    with open(path, "rb") as handle:
        data = handle.read()
    if path.endswith((".yaml", ".yml")):
        import yaml
        return yaml.load(data.decode("utf-8"), Loader=yaml_loader())
    if path.endswith(".toml"):
        import tomllib
        return rfc3339(tomllib.loads(data.decode("utf-8")))
    return json.loads(data.decode("utf-8"))


# --- peers, each in a child process ---------------------------------------------------------

def peer_python(src, schema, instances, out):
    try:
        import jsonschema
        import referencing
        import referencing.jsonschema
        from referencing.exceptions import NoSuchResource

        def retrieve(uri):
            path = catalog_file(src, uri)
            if not path:
                raise NoSuchResource(ref=uri)
            with open(path, encoding="utf-8") as handle:
                return referencing.Resource.from_contents(json.load(handle), default_specification=referencing.jsonschema.DRAFT202012)

        cls = jsonschema.validators.validator_for(schema)
        validator = cls(schema, registry=referencing.Registry(retrieve=retrieve))
        verdicts = []
        for instance in instances:
            verdicts.append("unreadable" if instance is UNREADABLE else ("valid" if validator.is_valid(instance) else "invalid"))
        out.send(("ok", verdicts))
    except BaseException as error:  # noqa: BLE001 - any failure is "does not compile"
        out.send(("error", f"{type(error).__name__}: {str(error)[:200]}"))


def peer_rs(src, schema, instances, out):
    try:
        import jsonschema_rs

        def retrieve(uri):
            path = catalog_file(src, uri)
            if not path:
                raise ValueError(f"not in the catalog: {uri}")
            with open(path, encoding="utf-8") as handle:
                return json.load(handle)

        validator = jsonschema_rs.validator_for(schema, retriever=retrieve)
        verdicts = []
        for instance in instances:
            verdicts.append("unreadable" if instance is UNREADABLE else ("valid" if validator.is_valid(instance) else "invalid"))
        out.send(("ok", verdicts))
    except BaseException as error:  # noqa: BLE001
        out.send(("error", f"{type(error).__name__}: {str(error)[:200]}"))


class _Unreadable:
    pass


UNREADABLE = _Unreadable()


def run_peer(function, src, schema, instances, timeout):
    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)
    process = context.Process(target=function, args=(src, schema, instances, send))
    process.start()
    send.close()
    if receive.poll(timeout):
        try:
            result = receive.recv()
        except EOFError:
            result = ("crash", f"exit {process.exitcode}")
    else:
        result = ("timeout", f"> {timeout} s")
    process.join(1)
    if process.is_alive():
        process.kill()
        process.join()
    if result[0] == "ok" or result[0] == "timeout":
        return result
    if process.exitcode not in (0, None) and result[0] != "error":
        return ("crash", f"exit {process.exitcode}")
    return result


def run_ours(sanitize, src, name, files, timeout, extra):
    schema_file = os.path.join(src, "schemas", "json", name + ".json")
    command = [sanitize, "validate", "--schema", schema_file] + extra
    for uri, path in sorted(reachable(src, schema_file).items()):
        if os.path.abspath(path) != os.path.abspath(schema_file):
            command += ["--ref", f"{uri}={path}"]
    command += files
    try:
        done = subprocess.run(command, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return ("timeout", f"> {timeout} s", command)
    if done.returncode == 2:
        return ("error", done.stderr.decode("utf-8", "replace").strip()[:300], command)
    if done.returncode not in (0, 1):
        return ("crash", f"status {done.returncode}: {done.stderr.decode('utf-8', 'replace')[-300:]}", command)
    verdicts, lines = {}, done.stdout.decode("utf-8", "replace").splitlines()
    if len(lines) == len(files) and not any("\t" in line for line in lines):
        verdicts = dict(zip(files, lines))  # builds that print the bare verdict per file, in order
    for line in lines:
        file, _, verdict = line.rpartition("\t")
        if file:
            verdicts[file] = verdict
    if any(file not in verdicts for file in files):
        return ("crash", "a verdict line is missing", command)
    return ("ok", [verdicts[file] for file in files], command)


def examples(src, name):
    found = []
    for folder, expected in (("test", "valid"), ("negative_test", "invalid")):
        directory = os.path.join(src, folder, name)
        if os.path.isdir(directory):
            for file in sorted(os.listdir(directory)):
                if file.endswith((".json", ".yaml", ".yml", ".toml")):
                    found.append((os.path.join(directory, file), expected))
    return found


def dialect(schema):
    uri = schema.get("$schema", "") if isinstance(schema, dict) else ""
    for needle, label in (("draft-04", "draft4"), ("draft-06", "draft6"), ("draft-07", "draft7"), ("2019-09", "2019-09"), ("2020-12", "2020-12")):
        if needle in uri:
            return label
    return uri or "none"


def main():
    arguments = sys.argv[1:]
    extra = []
    if "--" in arguments:
        extra = arguments[arguments.index("--") + 1:]
        arguments = arguments[:arguments.index("--")]
    sanitize, src = arguments[0], arguments[1]
    import jsonschema  # noqa: F401 - imported once here, inherited by every forked peer
    import jsonschema_rs  # noqa: F401
    import referencing  # noqa: F401
    import yaml  # noqa: F401
    timeout, only, json_out, previous = 60.0, None, None, None
    rest = arguments[2:]
    while rest:
        option = rest.pop(0)
        if option == "--timeout":
            timeout = float(rest.pop(0))
        elif option == "--only":
            only = set(rest.pop(0).split(","))
        elif option == "--no-peers":
            previous = {}
        elif option == "--peers-from":
            with open(rest.pop(0), encoding="utf-8") as handle:
                previous = {record["schema"]: record for record in json.load(handle)["records"]}
        elif option == "--json":
            json_out = rest.pop(0)
        else:
            sys.exit(f"unknown option {option}")
    with open(os.path.join(src, "schema-validation.jsonc"), encoding="utf-8") as handle:
        options = json.loads(strip_comments(handle.read()))
    skipped = {entry[:-5] for entry in options.get("skiptest", [])}
    names = sorted(set(os.listdir(os.path.join(src, "test"))) | set(os.listdir(os.path.join(src, "negative_test"))))
    tools = ("sanitize", "jsonschema", "jsonschema-rs")
    totals = {tool: {"compiled": 0, "agree": 0, "instances_compiled": 0, "crash": 0, "timeout": 0} for tool in tools}
    schemas, instances_total, records = 0, 0, []
    print(f"{'schema':<48} {'dialect':<8} {'n':>4}  " + "  ".join(f"{tool:>14}" for tool in tools))
    for name in names:
        if name in skipped or (only and name not in only):
            continue
        schema_file = os.path.join(src, "schemas", "json", name + ".json")
        if not os.path.isfile(schema_file):
            continue
        cases = examples(src, name)
        if not cases:
            continue
        with open(schema_file, encoding="utf-8") as handle:
            schema = json.load(handle)
        schemas += 1
        instances_total += len(cases)
        loaded = []
        for path, _ in cases:
            try:
                loaded.append(load_instance(path))
            except Exception:  # noqa: BLE001 - the peers see it as unreadable
                loaded.append(UNREADABLE)
        results = {"sanitize": run_ours(sanitize, src, name, [path for path, _ in cases], timeout, extra)[:2]}
        for tool, function in (("jsonschema", peer_python), ("jsonschema-rs", peer_rs)):
            old = previous.get(name) if previous else None
            if old and len(old["instances"]) == len(cases):
                status = old[tool]["status"]
                results[tool] = (status, [item[tool] for item in old["instances"]] if status == "ok" else old[tool]["detail"])
            elif previous == {}:
                results[tool] = ("skipped", "--no-peers")
            else:
                results[tool] = run_peer(function, src, schema, loaded, timeout)
        cells, record = [], {"schema": name, "dialect": dialect(schema), "instances": []}
        for tool in tools:
            status, detail = results[tool]
            if status == "ok":
                agree = sum(1 for verdict, (_, expected) in zip(detail, cases) if verdict == expected)
                totals[tool]["compiled"] += 1
                totals[tool]["instances_compiled"] += len(cases)
                totals[tool]["agree"] += agree
                cells.append(f"{agree:>4}/{len(cases):<4} ok ")
            else:
                if status in ("crash", "timeout"):
                    totals[tool][status] += 1
                cells.append(f"{status:>14}")
            record[tool] = {"status": status, "detail": detail if status != "ok" else None}
        for index, (path, expected) in enumerate(cases):
            record["instances"].append({
                "file": os.path.relpath(path, src), "expected": expected,
                **{tool: (results[tool][1][index] if results[tool][0] == "ok" else results[tool][0]) for tool in tools}})
        records.append(record)
        print(f"{name[:48]:<48} {record['dialect']:<8} {len(cases):>4}  " + "  ".join(cells), flush=True)
    print()
    print(f"{schemas} schemas, {instances_total} instances (valid in test/, invalid in negative_test/)")
    print(f"{'tool':<14} {'compiled':>9} {'agree':>7} {'of compiled':>12} {'crashes':>8} {'timeouts':>9}")
    for tool in tools:
        t = totals[tool]
        print(f"{tool:<14} {t['compiled']:>9} {t['agree']:>7} {t['instances_compiled']:>12} {t['crash']:>8} {t['timeout']:>9}")
    if json_out:
        with open(json_out, "w", encoding="utf-8") as handle:
            json.dump({"totals": totals, "schemas": schemas, "instances": instances_total, "records": records}, handle, indent=1)


if __name__ == "__main__":
    start = time.time()
    main()
    print(f"({time.time() - start:.0f} s)")
