#!/usr/bin/env python3
"""Writes the load benchmark's request bodies into DIR: for each size (1 KB, 64 KB) one valid
order and one invalid one (its last item's quantity is 0, so the whole body is read before the
violation), each as close to the size as whole items allow. The valid body is clean, as most
bodies a server receives are: no x-sanitize step changes it (so the middleware passes it after
one read, its shape check); the invalid one goes through the parser and the evaluator.

    python3 bodies.py DIR
"""
import json
import os
import sys


def order(target, invalid):
    body = {
        "id": 1001,
        "customer": {"name": "Ada Lovelace", "email": "ada@example.com", "password": "correct horse battery", "country": "GB"},
        "items": [],
        "note": "Leave at the door, please.",
    }
    n = 0
    while True:
        item = {"sku": "ABC-%06d" % n, "title": "Widget number %d, blue" % n, "quantity": 1 + n % 7,
                "price": 9.5 + n, "tags": ["sale", "blue"]}
        body["items"].append(item)
        if len(json.dumps(body, separators=(",", ":"))) > target:
            body["items"].pop()
            break
        n += 1
    if invalid:
        body["items"][-1]["quantity"] = 0
    return json.dumps(body, separators=(",", ":"))


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    for name, size in (("1k", 1024), ("64k", 65536)):
        for kind in ("valid", "invalid"):
            with open(os.path.join(out, "%s-%s.json" % (name, kind)), "w") as f:
                f.write(order(size, kind == "invalid"))


main()
