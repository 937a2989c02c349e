#!/usr/bin/env python3
"""Compile derived-column rules from a YAML report spec into Python and run them.

The analysts keep their report definitions in reports/*.yaml:

    name: weekly_margin
    input: data/sales.csv
    columns:
      margin: "row['revenue'] - row['cost']"
      margin_pct: "round(100 * row['margin'] / row['revenue'], 2) if row['revenue'] else 0"

The rules are turned into a generated module (kept in build/ for debugging)
which is then executed to produce the transformed CSV.
"""
from __future__ import annotations

import argparse
import csv
import logging
import sys
from pathlib import Path

import yaml

log = logging.getLogger("derive")

GENERATED_TEMPLATE = '''\
# generated from {spec}
def derive(row):
{body}
    return row
'''


def load_spec(path: Path) -> dict:
    with path.open() as fh:
        spec = yaml.load(fh, Loader=yaml.Loader)
    for key in ("name", "input", "columns"):
        if key not in spec:
            raise ValueError(f"{path}: missing '{key}'")
    return spec


def coerce(row: dict) -> dict:
    out = {}
    for key, value in row.items():
        try:
            out[key] = float(value) if "." in value else int(value)
        except (TypeError, ValueError):
            out[key] = value
    return out


def build_source(spec_path: Path, columns: dict[str, str]) -> str:
    body = []
    for column, expression in columns.items():
        if not column.isidentifier():
            raise ValueError(f"bad column name {column!r}")
        body.append(f"    row[{column!r}] = ({expression})")
    return GENERATED_TEMPLATE.format(spec=spec_path.name, body="\n".join(body) or "    pass")


def compile_rules(spec_path: Path, columns: dict[str, str], build_dir: Path):
    source = build_source(spec_path, columns)
    build_dir.mkdir(exist_ok=True)
    (build_dir / f"{spec_path.stem}_rules.py").write_text(source)
    namespace: dict = {"__builtins__": __builtins__, "round": round, "abs": abs}
    code = compile(source, f"<rules:{spec_path.name}>", "exec")
    exec(code, namespace)
    return namespace["derive"]


def process(spec_path: Path, out_dir: Path, build_dir: Path) -> int:
    spec = load_spec(spec_path)
    derive = compile_rules(spec_path, spec["columns"], build_dir)
    src = Path(spec["input"])
    dst = out_dir / f"{spec['name']}.csv"
    out_dir.mkdir(exist_ok=True)
    rows = 0
    with src.open(newline="") as fin, dst.open("w", newline="") as fout:
        reader = csv.DictReader(fin)
        fieldnames = list(reader.fieldnames or []) + [c for c in spec["columns"]
                                                     if c not in (reader.fieldnames or [])]
        writer = csv.DictWriter(fout, fieldnames=fieldnames)
        writer.writeheader()
        for raw in reader:
            try:
                writer.writerow(derive(coerce(raw)))
                rows += 1
            except (ZeroDivisionError, KeyError, TypeError) as exc:
                log.warning("%s line %d: %s", src, reader.line_num, exc)
    log.info("%s -> %s (%d rows)", spec_path.name, dst, rows)
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("specs", nargs="*", type=Path)
    parser.add_argument("--reports-dir", type=Path, default=Path("reports"))
    parser.add_argument("--out", type=Path, default=Path("output"))
    parser.add_argument("--build", type=Path, default=Path("build"))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    specs = args.specs or sorted(args.reports_dir.glob("*.yaml"))
    if not specs:
        log.error("no report specs found")
        return 1
    failures = 0
    for spec_path in specs:
        try:
            process(spec_path, args.out, args.build)
        except (OSError, ValueError, SyntaxError, yaml.YAMLError) as exc:
            log.error("%s: %s", spec_path, exc)
            failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
