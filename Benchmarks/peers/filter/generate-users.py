#!/usr/bin/env python3
"""Writes deterministic NDJSON user records (about 3 % invalid, or INVALID_PERCENT) for the filter comparison.

Usage: generate-users.py MEGABYTES SEED [INVALID_PERCENT [KIND]] > users.ndjson
The valid records are already clean (nothing for x-sanitize steps to change), so every
validator sees the same records and the valid/invalid counts must agree. With KIND (type,
required, pattern or additional) every invalid record has that fault and no other
(filter-kinds.sh); the records are otherwise the same.
"""
import json
import os
import random
import sys

USAGE = "usage: generate-users.py MEGABYTES SEED [INVALID_PERCENT [KIND]]"
if not 3 <= len(sys.argv) <= 5:
    sys.exit(USAGE)


def number(name, text, minimum, maximum, kind=int):
    """The argument `text` as a number from `minimum` to `maximum`, or a one-line error."""
    try:
        value = kind(text)
    except ValueError:
        value = None
    if value is None or not minimum <= value <= maximum:
        sys.exit(f"generate-users.py: {name} must be a number from {minimum} to {maximum}, not {text!r}")
    return value


megabytes = number("MEGABYTES", sys.argv[1], 1, 999_999_999)
seed = number("SEED", sys.argv[2], 0, 2**63 - 1)
# The four kinds of invalid record share the fraction equally (3 % by default).
invalid = (number("INVALID_PERCENT", sys.argv[3], 0, 100, float) if len(sys.argv) > 3 else 3.0) / 100
kinds = ["type", "required", "pattern", "additional"]
only = sys.argv[4] if len(sys.argv) > 4 else None
if only is not None and only not in kinds:
    sys.exit(f"generate-users.py: KIND must be one of {', '.join(kinds)}, not {only!r}")
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
    if only is not None and kind < invalid:
        kind = kinds.index(only) * invalid * 8 / 30  # the first value of that kind's share
    if kind < invalid * 8 / 30:
        record["age"] = "old"                      # type
    elif kind < invalid * 16 / 30:
        del record["email"]                        # required
    elif kind < invalid * 24 / 30:
        record["address"]["country"] = "Britain"   # pattern
    elif kind < invalid:
        record["role"] = "admin"                   # additionalProperties
    line = json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n"
    try:
        out.write(line)
    except BrokenPipeError:  # the reader has all it wanted (`| head`): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(0)
    written += len(line.encode())
