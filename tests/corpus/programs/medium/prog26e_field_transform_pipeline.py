#!/usr/bin/env python3
"""Apply per-column transformations to a CSV file.

The transformations live in a plain JSON file next to the data, e.g.

    {"price": "round(float(x) * 1.19, 2)",
     "sku":   "x.strip().upper()",
     "code":  "hex(int(x))"}

Each expression is evaluated with ``x`` bound to the cell value.  This is a
quick in-house tool for analysts; the rules file is written by whoever runs
it.
"""
import argparse
import csv
import json
import sys
from pathlib import Path

HELPERS = {
    "abs": abs,
    "float": float,
    "hex": hex,
    "int": int,
    "len": len,
    "max": max,
    "min": min,
    "round": round,
    "str": str,
}


def load_rules(path):
    rules = json.loads(Path(path).read_text(encoding="utf-8"))
    if not isinstance(rules, dict):
        raise SystemExit("rules file must contain a JSON object")
    for column, expr in rules.items():
        if not isinstance(expr, str):
            raise SystemExit(f"rule for {column!r} must be a string expression")
    return rules


def apply_rule(expr, value, row):
    scope = {"__builtins__": {}}
    scope.update(HELPERS)
    return eval(expr, scope, {"x": value, "row": row})


def transform(reader, rules, errors):
    for lineno, row in enumerate(reader, start=2):
        out = dict(row)
        for column, expr in rules.items():
            if column not in row:
                continue
            try:
                out[column] = apply_rule(expr, row[column], row)
            except Exception as exc:  # keep going, report at the end
                errors.append(f"line {lineno}, column {column}: {exc}")
        yield out


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("input", help="CSV file to transform")
    ap.add_argument("--rules", default="transforms.json")
    ap.add_argument("--output", default="-")
    ap.add_argument("--delimiter", default=",")
    args = ap.parse_args()

    rules = load_rules(args.rules)
    errors = []
    with open(args.input, newline="", encoding="utf-8") as fh:
        reader = csv.DictReader(fh, delimiter=args.delimiter)
        fieldnames = reader.fieldnames or []
        out_fh = sys.stdout if args.output == "-" else open(args.output, "w", newline="", encoding="utf-8")
        try:
            writer = csv.DictWriter(out_fh, fieldnames=fieldnames, delimiter=args.delimiter)
            writer.writeheader()
            count = 0
            for row in transform(reader, rules, errors):
                writer.writerow(row)
                count += 1
        finally:
            if out_fh is not sys.stdout:
                out_fh.close()

    print(f"{count} rows written, {len(errors)} errors", file=sys.stderr)
    for err in errors[:20]:
        print("  " + err, file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
