#!/usr/bin/env python3
"""Writes N realistic user records (NDJSON) to stdout, seeded, all valid against user.schema.json."""
import json, random, sys

count = int(sys.argv[1]) if len(sys.argv) > 1 else 100000
rng = random.Random(42)
words = ["alpha", "beta", "gamma", "delta", "omega", "kappa", "sigma", "theta", "lambda", "zeta"]
cities = ["Berlin", "Paris", "Zürich", "São Paulo", "Tokyo", "Oslo", "Lyon", "Kraków"]
for i in range(1, count + 1):
    name = " ".join(rng.choice(words).capitalize() for _ in range(2))
    record = {
        "id": i,
        "name": name,
        "email": f"{name.split()[0].lower()}.{i}@example.com",
        "age": rng.randint(18, 90),
        "active": rng.random() < 0.5,
        "score": round(rng.random() * 100, 2),
        "role": rng.choice(["admin", "editor", "viewer"]),
        "tags": rng.sample(words, rng.randint(0, 4)),
        "address": {
            "street": f"{rng.randint(1, 200)} {rng.choice(words).capitalize()} Street",
            "city": rng.choice(cities),
            "zip": f"{rng.randint(0, 99999):05d}",
            "country": rng.choice(["DE", "FR", "CH", "BR", "JP", "NO", "PL"]),
        },
    }
    sys.stdout.write(json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n")
