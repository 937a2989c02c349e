#!/usr/bin/env python3
"""Generate typed dataclass models from JSON Schema files.

Usage: schema_codegen.py schemas/ -o src/app/models/

Each schema becomes one module.  Generated files are byte-compiled to catch
syntax errors early; an MD5 of the schema is embedded so unchanged schemas
are skipped on the next run.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import keyword
import logging
import py_compile
import re
import sys
from pathlib import Path

log = logging.getLogger("codegen")

TYPE_MAP = {
    "string": "str",
    "integer": "int",
    "number": "float",
    "boolean": "bool",
    "null": "None",
}

MODULE_HEADER = '''\
# -*- coding: utf-8 -*-
# AUTO-GENERATED from {schema_name} - do not edit.
# schema-md5: {digest}
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional

'''


def snake(name: str) -> str:
    s = re.sub(r"(?<!^)(?=[A-Z])", "_", name).replace("-", "_").lower()
    return s + "_" if keyword.iskeyword(s) else s


def pascal(name: str) -> str:
    return "".join(part.capitalize() for part in re.split(r"[_\-\s]+", name) if part)


class ModelWriter:
    def __init__(self) -> None:
        self.classes: list[str] = []

    def py_type(self, prop: dict, hint_name: str) -> str:
        kind = prop.get("type", "object")
        if isinstance(kind, list):
            inner = [k for k in kind if k != "null"]
            base = self.py_type({**prop, "type": inner[0] if inner else "null"}, hint_name)
            return f"Optional[{base}]"
        if kind == "array":
            return f"list[{self.py_type(prop.get('items', {}), hint_name + 'Item')}]"
        if kind == "object":
            if "properties" in prop:
                self.emit_class(hint_name, prop)
                return hint_name
            return "dict[str, Any]"
        return TYPE_MAP.get(kind, "Any")

    def emit_class(self, class_name: str, schema: dict) -> None:
        required = set(schema.get("required", []))
        lines = ["@dataclass", f"class {class_name}:"]
        doc = schema.get("description")
        if doc:
            lines.append(f'    """{doc.strip()}"""')
        required_fields, optional_fields = [], []
        for prop_name, prop in schema.get("properties", {}).items():
            annot = self.py_type(prop, class_name + pascal(prop_name))
            attr = snake(prop_name)
            if prop_name in required:
                required_fields.append(f"    {attr}: {annot}")
            elif annot.startswith(("list[", "dict[")):
                optional_fields.append(f"    {attr}: {annot} = field(default_factory={annot.split('[')[0]})")
            else:
                optional_fields.append(f"    {attr}: Optional[{annot}] = None")
        body = required_fields + optional_fields or ["    pass"]
        self.classes.append("\n".join(lines + body))


def generate(schema_path: Path, out_dir: Path, force: bool) -> bool:
    raw = schema_path.read_bytes()
    digest = hashlib.md5(raw).hexdigest()  # cache key only
    target = out_dir / f"{snake(schema_path.stem)}.py"
    if not force and target.exists() and f"schema-md5: {digest}" in target.read_text():
        log.debug("%s unchanged", schema_path.name)
        return False

    schema = json.loads(raw)
    writer = ModelWriter()
    writer.emit_class(pascal(schema.get("title", schema_path.stem)), schema)
    source = MODULE_HEADER.format(schema_name=schema_path.name, digest=digest)
    source += "\n\n\n".join(writer.classes) + "\n"
    target.write_text(source, encoding="utf-8")
    py_compile.compile(str(target), doraise=True)
    log.info("generated %s (%d classes)", target, len(writer.classes))
    return True


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("schema_dir", type=Path)
    parser.add_argument("-o", "--out", type=Path, default=Path("models"))
    parser.add_argument("--force", action="store_true")
    parser.add_argument("-v", "--verbose", action="count", default=0)
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(name)s: %(message)s")

    args.out.mkdir(parents=True, exist_ok=True)
    init = args.out / "__init__.py"
    if not init.exists():
        init.write_text("# generated package\n")

    changed = failed = 0
    for schema_path in sorted(args.schema_dir.glob("*.json")):
        try:
            changed += generate(schema_path, args.out, args.force)
        except (json.JSONDecodeError, py_compile.PyCompileError, KeyError) as exc:
            log.error("%s: %s", schema_path.name, exc)
            failed += 1
    print(f"{changed} module(s) regenerated, {failed} failure(s)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
