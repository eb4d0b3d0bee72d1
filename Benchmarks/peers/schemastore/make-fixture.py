#!/usr/bin/env python3
"""Copies a subset of the SchemaStore catalog into a corpus folder (../shared/corpora/schemastore-subset,
read by SchemaStoreCatalogTests; scripts/get-corpora runs this), with a manifest; the manifest is
our own data and lives in Tests/IntegrationTests/Fixtures/schemastore with EXCEPTIONS.json.

    make-fixture.py CATALOG_SRC OUT NAME...

For each NAME: schemas/json/NAME.json, every catalog schema it reaches through $ref, and its
examples (test/NAME/*, negative_test/NAME/*). manifest.json lists, per schema, the --ref pairs
(URI -> fixture path) and each instance with the verdict the catalog expects.
"""
import json
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check  # noqa: E402


def main():
    src, out, names = sys.argv[1], sys.argv[2], sys.argv[3:]
    entries = []
    for name in sorted(set(names)):
        schema_file = os.path.join(src, "schemas", "json", name + ".json")
        refs = {}
        os.makedirs(os.path.join(out, "schemas"), exist_ok=True)
        for uri, path in sorted(check.reachable(src, schema_file).items()):
            if os.path.abspath(path) == os.path.abspath(schema_file):
                continue
            relative = "schemas/" + os.path.basename(path)
            refs[uri] = relative
            shutil.copyfile(path, os.path.join(out, relative))
        shutil.copyfile(schema_file, os.path.join(out, "schemas", name + ".json"))
        instances = []
        for path, expected in check.examples(src, name):
            relative = os.path.relpath(path, src)
            os.makedirs(os.path.join(out, os.path.dirname(relative)), exist_ok=True)
            shutil.copyfile(path, os.path.join(out, relative))
            instances.append({"file": relative, "expected": expected})
        entries.append({"name": name, "schema": f"schemas/{name}.json", "refs": refs, "instances": instances})
    with open(os.path.join(out, "manifest.json"), "w", encoding="utf-8") as handle:
        json.dump({"schemas": entries}, handle, indent=1, sort_keys=True)
        handle.write("\n")


if __name__ == "__main__":
    main()
