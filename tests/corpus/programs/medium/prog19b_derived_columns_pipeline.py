#!/usr/bin/env python3
"""Add computed columns to a CSV file using formulas from a rules file.

Rules file format (one per line)::

    margin = (price - cost) / price
    is_bulk = quantity >= 100

Each formula is evaluated per row with the row's numeric fields in scope.
"""
import argparse
import csv
import logging
import math
import sys

log = logging.getLogger("derive")

SAFE_FUNCS = {"abs": abs, "round": round, "min": min, "max": max,
              "log": math.log, "sqrt": math.sqrt}


def parse_rules(path):
    """Return a list of (column, expression) pairs."""
    rules = []
    with open(path, encoding="utf-8") as fh:
        for lineno, line in enumerate(fh, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            if "=" not in line:
                raise ValueError(f"line {lineno}: expected 'name = expression'")
            name, expr = line.split("=", 1)
            rules.append((name.strip(), expr.strip()))
    return rules


def coerce(row):
    """Convert numeric-looking strings so formulas can do arithmetic."""
    out = {}
    for key, value in row.items():
        try:
            out[key] = float(value) if "." in value else int(value)
        except (TypeError, ValueError):
            out[key] = value
    return out


def apply_rules(row, rules):
    scope = coerce(row)
    for name, expr in rules:
        try:
            scope[name] = eval(expr, {"__builtins__": {}}, {**SAFE_FUNCS, **scope})
        except ZeroDivisionError:
            scope[name] = None
        row[name] = scope[name]
    return row


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("input")
    parser.add_argument("rules")
    parser.add_argument("-o", "--output", default="-")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, stream=sys.stderr)

    try:
        rules = parse_rules(args.rules)
    except (OSError, ValueError) as exc:
        log.error("rules: %s", exc)
        return 2

    out = sys.stdout if args.output == "-" else open(args.output, "w", newline="")
    try:
        with open(args.input, newline="", encoding="utf-8") as fh:
            reader = csv.DictReader(fh)
            fields = list(reader.fieldnames or []) + [n for n, _ in rules]
            writer = csv.DictWriter(out, fieldnames=fields)
            writer.writeheader()
            count = 0
            for row in reader:
                try:
                    writer.writerow(apply_rules(row, rules))
                    count += 1
                except (NameError, SyntaxError, TypeError) as exc:
                    log.warning("row %d skipped: %s", reader.line_num, exc)
        log.info("processed %d rows", count)
    finally:
        if out is not sys.stdout:
            out.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
