#!/usr/bin/env python3
"""Build fast record validators from the JSON schemas in ./schemas.

For every schema a small validator function is generated as Python source
and compiled with exec() into a private namespace, then applied to the
records in a JSON-lines file. Bad records are written to ./rejects.jsonl.
"""
import argparse
import json
import logging
from pathlib import Path

log = logging.getLogger("validator-builder")

PY_TYPES = {"string": "str", "integer": "int", "number": "(int, float)",
            "boolean": "bool", "array": "list", "object": "dict"}

FUNC_HEAD = "def validate_{name}(rec):\n    errors = []\n"
REQ_CHECK = "    if {key!r} not in rec:\n        errors.append('missing {key}')\n"
TYPE_CHECK = ("    if {key!r} in rec and not isinstance(rec[{key!r}], {pytype}):\n"
              "        errors.append('{key}: expected {jtype}')\n")
ENUM_CHECK = ("    if {key!r} in rec and rec[{key!r}] not in {choices!r}:\n"
              "        errors.append('{key}: not one of {choices}')\n")
FUNC_TAIL = "    return errors\n"


def ident(title):
    return "".join(c if c.isalnum() else "_" for c in title.lower())


def generate_source(schema):
    name = ident(schema.get("title", "record"))
    parts = [FUNC_HEAD.format(name=name)]
    for key in schema.get("required", []):
        parts.append(REQ_CHECK.format(key=key))
    for key, spec in schema.get("properties", {}).items():
        jtype = spec.get("type")
        if jtype in PY_TYPES:
            parts.append(TYPE_CHECK.format(key=key, pytype=PY_TYPES[jtype], jtype=jtype))
        if "enum" in spec:
            parts.append(ENUM_CHECK.format(key=key, choices=tuple(spec["enum"])))
    parts.append(FUNC_TAIL)
    return name, "".join(parts)


def build_validators(schema_dir):
    namespace = {}
    table = {}
    for path in sorted(schema_dir.glob("*.json")):
        schema = json.loads(path.read_text())
        name, source = generate_source(schema)
        log.debug("generated validator for %s:\n%s", path.name, source)
        exec(compile(source, f"<validator:{path.name}>", "exec"), namespace)
        table[schema.get("title", name)] = namespace[f"validate_{name}"]
    return table


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("records", type=Path)
    ap.add_argument("--schemas", type=Path, default=Path("schemas"))
    ap.add_argument("--kind-field", default="kind")
    ap.add_argument("--rejects", type=Path, default=Path("rejects.jsonl"))
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO)

    validators = build_validators(args.schemas)
    log.info("built %d validators", len(validators))
    ok = bad = 0
    with args.records.open() as src, args.rejects.open("w") as rej:
        for lineno, line in enumerate(src, 1):
            if not line.strip():
                continue
            rec = json.loads(line)
            check = validators.get(rec.get(args.kind_field))
            if check is None:
                log.warning("line %d: unknown kind %r", lineno, rec.get(args.kind_field))
                continue
            errs = check(rec)
            if errs:
                bad += 1
                rej.write(json.dumps({"line": lineno, "errors": errs}) + "\n")
            else:
                ok += 1
    log.info("valid=%d rejected=%d", ok, bad)
    return 0 if bad == 0 else 3


if __name__ == "__main__":
    raise SystemExit(main())
