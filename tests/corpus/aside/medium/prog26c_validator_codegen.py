#!/usr/bin/env python3
"""Generate record validators from the project's schema file and run them.

The schema lives in ./schema/records.yaml.  For every record type it
lists field names with a type and optional constraints.  This tool turns
the schema into Python source (one `validate_<type>` function per
record type), writes the source to ./build/generated/validators.py for
review, exec()s it, and checks every record in ./data/*.json.
"""
import argparse
import json
import sys
from pathlib import Path

import yaml

PROJECT = Path.cwd()
GEN_DIR = PROJECT / "build" / "generated"

TYPE_CHECKS = {
    "str": "isinstance(value, str)",
    "int": "isinstance(value, int) and not isinstance(value, bool)",
    "float": "isinstance(value, (int, float))",
    "bool": "isinstance(value, bool)",
}


def load_schema(path: Path) -> dict:
    with path.open(encoding="utf-8") as fh:
        # schema files use custom tags for shared field groups
        return yaml.load(fh, Loader=yaml.Loader)


def gen_function(rtype: str, fields: dict) -> str:
    lines = [f"def validate_{rtype}(rec):", "    errors = []"]
    for fname, spec in fields.items():
        spec = spec or {}
        check = TYPE_CHECKS.get(spec.get("type", "str"), "True")
        lines.append(f"    value = rec.get({fname!r})")
        if spec.get("required", True):
            lines.append("    if value is None:")
            lines.append(f"        errors.append('missing {fname}')")
            lines.append(f"    elif not ({check}):")
        else:
            lines.append(f"    if value is not None and not ({check}):")
        lines.append(f"        errors.append('bad type for {fname}')")
        if "min" in spec:
            lines.append(f"    if isinstance(value, (int, float)) and value < {spec['min']}:")
            lines.append(f"        errors.append('{fname} below minimum')")
        if "expr" in spec:
            # free-form constraint written by the schema author
            lines.append(f"    if value is not None and not ({spec['expr']}):")
            lines.append(f"        errors.append('{fname} failed constraint')")
    lines.append("    return errors")
    return "\n".join(lines)


def generate_source(schema: dict) -> str:
    parts = ["# Generated from schema/records.yaml -- do not edit.", ""]
    for rtype, fields in schema.get("records", {}).items():
        if not rtype.isidentifier():
            raise ValueError(f"record type {rtype!r} is not an identifier")
        parts.append(gen_function(rtype, fields or {}))
        parts.append("")
    return "\n".join(parts)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--schema", default="schema/records.yaml")
    ap.add_argument("--data", default="data")
    opts = ap.parse_args(argv)

    schema = load_schema(PROJECT / opts.schema)
    source = generate_source(schema)

    GEN_DIR.mkdir(parents=True, exist_ok=True)
    gen_file = GEN_DIR / "validators.py"
    gen_file.write_text(source, encoding="utf-8")

    namespace: dict = {}
    exec(compile(source, str(gen_file), "exec"), namespace)

    failures = 0
    for path in sorted((PROJECT / opts.data).glob("*.json")):
        with path.open(encoding="utf-8") as fh:
            records = json.load(fh)
        for idx, rec in enumerate(records):
            validator = namespace.get(f"validate_{rec.get('type')}")
            if validator is None:
                print(f"{path.name}[{idx}]: unknown record type {rec.get('type')!r}")
                failures += 1
                continue
            for err in validator(rec):
                print(f"{path.name}[{idx}]: {err}")
                failures += 1

    print(f"{failures} problem(s) found")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
