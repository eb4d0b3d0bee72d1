"""Validates every line of an NDJSON file with fastjsonschema or jsonschema; prints the count of valid lines."""
import json, sys

engine, schema_path, data_path = sys.argv[1:4]
schema = json.load(open(schema_path))
if engine == "fastjsonschema":
    import fastjsonschema
    check = fastjsonschema.compile(schema)

    def is_valid(value):
        try:
            check(value)
            return True
        except fastjsonschema.JsonSchemaException:
            return False
else:
    import jsonschema
    is_valid = jsonschema.Draft7Validator(schema).is_valid
valid = 0
with open(data_path, "rb") as lines:
    for line in lines:
        if line.strip() and is_valid(json.loads(line)):
            valid += 1
print(valid)
