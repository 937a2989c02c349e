#!/usr/bin/env python3
"""Add derived columns to a CSV using formulas from a local sheet spec.

The spec (JSON) looks like:
    {"derived": {"margin": "price - cost", "margin_pct": "round(100 * margin / price, 1)"},
     "filter": "qty > 0"}
Formulas are evaluated row by row, in declaration order, so later formulas
may refer to earlier derived columns.
"""
import argparse
import csv
import json
import logging
import math
import sys
from pathlib import Path

logger = logging.getLogger("sheet")

SAFE_FUNCS = {
    "round": round, "min": min, "max": max, "abs": abs, "int": int, "float": float,
    "sqrt": math.sqrt, "log": math.log, "ceil": math.ceil, "floor": math.floor,
}


def coerce(value):
    """Turn CSV strings into numbers where possible."""
    for cast in (int, float):
        try:
            return cast(value)
        except (TypeError, ValueError):
            continue
    return value


class FormulaSheet:
    def __init__(self, spec_path):
        spec = json.loads(Path(spec_path).read_text(encoding="utf-8"))
        self.derived = list(spec.get("derived", {}).items())
        self.row_filter = spec.get("filter")
        self._compiled = {}

    def _code(self, name, expr):
        if name not in self._compiled:
            self._compiled[name] = compile(expr, f"<formula {name}>", "eval")
        return self._compiled[name]

    def apply(self, row):
        scope = {k: coerce(v) for k, v in row.items()}
        env = {"__builtins__": {}, **SAFE_FUNCS}
        if self.row_filter and not eval(self._code("__filter__", self.row_filter), env, scope):
            return None
        for name, expr in self.derived:
            try:
                scope[name] = eval(self._code(name, expr), env, scope)
            except ZeroDivisionError:
                scope[name] = ""
        return scope

    @property
    def columns(self):
        return [name for name, _ in self.derived]


def run(sheet, src, dst):
    reader = csv.DictReader(src)
    fields = list(reader.fieldnames or []) + sheet.columns
    writer = csv.DictWriter(dst, fieldnames=fields, extrasaction="ignore")
    writer.writeheader()
    kept = dropped = 0
    for lineno, row in enumerate(reader, start=2):
        try:
            out = sheet.apply(row)
        except Exception as exc:  # report and keep going
            logger.warning("line %d: %s", lineno, exc)
            dropped += 1
            continue
        if out is None:
            dropped += 1
            continue
        writer.writerow(out)
        kept += 1
    return kept, dropped


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("spec", help="sheet spec JSON")
    ap.add_argument("input", help="input CSV")
    ap.add_argument("-o", "--output", help="output CSV (default: stdout)")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s: %(message)s")

    sheet = FormulaSheet(args.spec)
    with open(args.input, newline="", encoding="utf-8") as src:
        if args.output:
            with open(args.output, "w", newline="", encoding="utf-8") as dst:
                kept, dropped = run(sheet, src, dst)
        else:
            kept, dropped = run(sheet, src, sys.stdout)
    logger.info("%d rows written, %d dropped", kept, dropped)


if __name__ == "__main__":
    main()
