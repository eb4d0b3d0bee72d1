#!/usr/bin/env python3
"""Writes deterministic NDJSON user records (about 3 % invalid, or INVALID_PERCENT) for the filter comparison.

Usage: generate-users.py MEGABYTES SEED [INVALID_PERCENT] > users.ndjson
The valid records are already clean (nothing for x-sanitize steps to change), so every
validator sees the same records and the valid/invalid counts must agree.
"""
import json
import random
import sys

megabytes, seed = int(sys.argv[1]), int(sys.argv[2])
# The four kinds of invalid record share the fraction equally (3 % by default).
invalid = (float(sys.argv[3]) if len(sys.argv) > 3 else 3.0) / 100
rng = random.Random(seed)
first = ["Ada", "Grace", "Linus", "José", "Zoë", "Ming", "Olu", "Anna", "Li", "Sam", "Émile", "Øystein"]
last = ["Lovelace", "Hopper", "Torvalds", "Martí", "Ng", "Okafor", "Schmidt", "Müller", "Kim", "Lee"]
cities = ["London", "Paris", "Berlin", "Madrid", "Tokyo", "Lagos", "Lima", "Oslo", "São Paulo"]
tags = ["admin", "beta", "staff", "vip", "new", "eu", "us", "asia", "trial", "pro"]
out = sys.stdout
written, n = 0, 0
limit = megabytes * 1_000_000
while written < limit:
    n += 1
    record = {
        "id": n,
        "name": f"{rng.choice(first)} {rng.choice(last)}",
        "email": f"user{n}@example.com",
        "age": rng.randint(0, 99),
        "address": {
            "street": f"{rng.randint(1, 999)} Main Street",
            "city": rng.choice(cities),
            "postcode": f"{rng.randint(10000, 99999)}",
            "country": rng.choice(["GB", "FR", "DE", "ES", "JP"]),
        },
        "tags": rng.sample(tags, 3),
    }
    kind = rng.random()
    if kind < invalid * 8 / 30:
        record["age"] = "old"                      # type
    elif kind < invalid * 16 / 30:
        del record["email"]                        # required
    elif kind < invalid * 24 / 30:
        record["address"]["country"] = "Britain"   # pattern
    elif kind < invalid:
        record["role"] = "admin"                   # additionalProperties
    line = json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n"
    out.write(line)
    written += len(line.encode())
