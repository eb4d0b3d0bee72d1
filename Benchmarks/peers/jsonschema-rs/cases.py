"""The jsonschema-rs benchmark set's cases, as compare.py and instructions.py run them:
(name, schema file, instance file, documents for the instruction count's longer run)."""

CASES = [
    ("GeoJSON", "geojson.json", "canada.json", 3),
    ("CITM", "citm_catalog_schema.json", "citm_catalog.json", 3),
    ("Swagger", "swagger.json", "kubernetes.json", 3),
    ("FHIR", "fhir.schema.json", "patient-example-d.json", 201),
    ("Recursive", "recursive_schema.json", "recursive_instance.json", 201),
    ("Fast valid", "fast_schema.json", "fast_valid.json", 2001),
    ("Fast invalid", "fast_schema.json", "fast_invalid.json", 2001),
]
