#!/usr/bin/env python3
"""Add computed columns to a CSV file.

    formula_sheet.py sales.csv -c "margin=(price-cost)/price" -c "total=price*qty"

Each -c NAME=EXPR is a Python expression evaluated per row with the row's
columns (numbers converted where possible) and a few math helpers in scope.
Columns are computed left to right, so later formulas may use earlier ones.
"""
import argparse
import csv
import logging
import math
import sys
from functools import reduce

log = logging.getLogger("formula")

HELPERS = {
    "abs": abs, "round": round, "min": min, "max": max,
    "sqrt": math.sqrt, "log": math.log, "ceil": math.ceil, "floor": math.floor,
}


def coerce(value):
    for cast in (int, float):
        try:
            return cast(value)
        except (TypeError, ValueError):
            continue
    return value


def parse_formula(spec):
    name, sep, expr = spec.partition("=")
    name, expr = name.strip(), expr.strip()
    if not sep or not name.isidentifier() or not expr:
        raise argparse.ArgumentTypeError(f"expected NAME=EXPR, got {spec!r}")
    return name, expr


class Sheet:
    def __init__(self, formulas):
        self.formulas = [
            (name, expr, compile(expr, f"<formula {name}>", "eval"))
            for name, expr in formulas
        ]
        self.errors = 0

    def _step(self, row, formula):
        name, expr, code = formula
        scope = {k: coerce(v) for k, v in row.items()}
        try:
            row[name] = eval(code, {"__builtins__": {}}, {**HELPERS, **scope})
        except ZeroDivisionError:
            row[name] = ""
        except Exception as exc:
            self.errors += 1
            log.debug("formula %s failed on row %s: %s", name, row, exc)
            row[name] = "#ERR"
        return row

    def apply(self, row):
        return reduce(self._step, self.formulas, dict(row))

    def run(self, reader, writer_factory):
        rows = iter(reader)
        out_fields = list(reader.fieldnames or []) + [f[0] for f in self.formulas]
        writer = writer_factory(out_fields)
        writer.writeheader()
        count = 0
        for row in rows:
            writer.writerow(self.apply(row))
            count += 1
        return count


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("csvfile")
    ap.add_argument("-c", "--column", dest="columns", action="append",
                    type=parse_formula, required=True)
    ap.add_argument("-o", "--output", help="output file (default stdout)")
    ap.add_argument("--delimiter", default=",")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    try:
        sheet = Sheet(args.columns)
    except SyntaxError as exc:
        log.error("bad formula: %s", exc)
        return 2

    out = open(args.output, "w", newline="") if args.output else sys.stdout
    try:
        with open(args.csvfile, newline="") as fh:
            reader = csv.DictReader(fh, delimiter=args.delimiter)
            n = sheet.run(reader, lambda fields: csv.DictWriter(
                out, fieldnames=fields, delimiter=args.delimiter))
    except OSError as exc:
        log.error("%s", exc)
        return 1
    finally:
        if out is not sys.stdout:
            out.close()
    if sheet.errors:
        log.warning("%d formula evaluation(s) failed", sheet.errors)
    print(f"{n} rows processed", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
