#!/usr/bin/env python3
"""Python fastjsonschema: json.loads + validate per NDJSON line. Prints "valid invalid"."""
import json
import sys

import fastjsonschema

validate = fastjsonschema.compile(json.load(open(sys.argv[1])))
valid = invalid = 0
with open(sys.argv[2], "rb") as lines:
    for line in lines:
        if not line.strip():
            continue
        try:
            validate(json.loads(line))
            valid += 1
        except (ValueError, fastjsonschema.JsonSchemaException):
            invalid += 1
print(valid, invalid)
