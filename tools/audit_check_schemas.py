#!/usr/bin/python3
"""Validates every line of an audit export against schemas/audit-export-line.schema.json.

    audit_check_schemas.py SCHEMA_DIR EXPORT.jsonl

Exit 0 when every line is valid, 1 naming the first invalid line, 2 when
python3-jsonschema is missing (the check is then skipped by the tests).
"""
import json
import pathlib
import sys

try:
    import jsonschema
except ImportError:
    print("audit_check_schemas: python3-jsonschema is not installed", file=sys.stderr)
    sys.exit(2)


def main():
    schema_dir = pathlib.Path(sys.argv[1])
    schemas = {}
    for name in ("audit-record", "audit-tree-head", "audit-checkpoint", "audit-export-line"):
        schemas[name] = json.loads((schema_dir / (name + ".schema.json")).read_text())
    main_schema = schemas["audit-export-line"]
    try:  # jsonschema >= 4.18
        from referencing import Registry, Resource
        registry = Registry()
        for doc in schemas.values():
            registry = registry.with_resource(doc["$id"], Resource.from_contents(doc))
        validator = jsonschema.Draft202012Validator(main_schema, registry=registry)
    except ImportError:  # Debian 12's jsonschema 4.10
        store = {doc["$id"]: doc for doc in schemas.values()}
        resolver = jsonschema.RefResolver.from_schema(main_schema, store=store)
        validator = jsonschema.Draft202012Validator(main_schema, resolver=resolver)
    with open(sys.argv[2], "rb") as f:
        for n, line in enumerate(f, start=1):
            obj = json.loads(line)
            errors = sorted(validator.iter_errors(obj), key=lambda e: e.path)
            if errors:
                print("line %d: %s" % (n, errors[0].message))
                return 1
    print("every line matches the schema")
    return 0


if __name__ == "__main__":
    sys.exit(main())
