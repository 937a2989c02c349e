#!/usr/bin/env python3
"""Tiny spreadsheet evaluator for CSV files in the working directory.

Cells starting with '=' are formulas such as  =A1*2 + sqrt(B3)  or
=SUM(A1:A4)/COUNT(A1:A4).  Cell references are rewritten to lookups and the
expression is evaluated with Python's eval() against a small namespace.
"""
import argparse
import csv
import logging
import math
import re
import string
import sys
from functools import lru_cache

LOG = logging.getLogger("sheet")
REF_RE = re.compile(r"\b([A-Z])([0-9]+)\b")
RANGE_RE = re.compile(r"\b([A-Z])([0-9]+):([A-Z])([0-9]+)\b")
MATH_NAMES = ("sqrt", "floor", "ceil", "log", "log10", "exp", "fabs", "pow")


class Sheet:
    def __init__(self, rows):
        self.rows = rows
        self.namespace = {name.upper(): getattr(math, name) for name in MATH_NAMES}
        self.namespace.update(SUM=lambda xs: sum(xs), COUNT=len, ROUND=round,
                              AVG=lambda xs: sum(xs) / len(xs) if xs else 0.0,
                              MIN=min, MAX=max, PI=math.pi)
        self.namespace["_cell"] = self.value
        self.namespace["_range"] = self.cells
        self._visiting = set()

    @staticmethod
    def split_ref(col: str, row: str):
        return int(row) - 1, string.ascii_uppercase.index(col)

    def raw(self, r: int, c: int) -> str:
        try:
            return self.rows[r][c].strip()
        except IndexError:
            return ""

    def cells(self, c1, r1, c2, r2):
        out = []
        for r in range(int(r1) - 1, int(r2)):
            for c in range(string.ascii_uppercase.index(c1), string.ascii_uppercase.index(c2) + 1):
                out.append(self.value_rc(r, c))
        return out

    def value(self, col: str, row: str):
        return self.value_rc(*self.split_ref(col, row))

    def value_rc(self, r: int, c: int):
        text = self.raw(r, c)
        if not text.startswith("="):
            try:
                return float(text) if text else 0.0
            except ValueError:
                return text
        if (r, c) in self._visiting:
            raise ValueError(f"circular reference at row {r + 1} col {c + 1}")
        self._visiting.add((r, c))
        try:
            return self.evaluate(text[1:])
        finally:
            self._visiting.discard((r, c))

    def evaluate(self, formula: str):
        expr = RANGE_RE.sub(lambda m: "_range('%s',%s,'%s',%s)" % m.groups(), formula)
        expr = REF_RE.sub(lambda m: "_cell('%s','%s')" % m.groups(), expr)
        LOG.debug("eval %s", expr)
        return eval(expr, {"__builtins__": {}}, self.namespace)


def load(path):
    with open(path, newline="", encoding="utf-8") as fh:
        return [row for row in csv.reader(fh)]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("csvfile", help="sheet to evaluate, e.g. budget.csv")
    ap.add_argument("-o", "--output", help="write computed values as CSV")
    ap.add_argument("--precision", type=int, default=2)
    ap.add_argument("-d", "--debug", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO)

    sheet = Sheet(load(args.csvfile))
    result = []
    for r, row in enumerate(sheet.rows):
        out_row = []
        for c, _ in enumerate(row):
            try:
                val = sheet.value_rc(r, c)
            except Exception as exc:  # formula errors are shown in the cell
                val = f"#ERR({exc.__class__.__name__})"
            if isinstance(val, float):
                val = round(val, args.precision)
            out_row.append(val)
        result.append(out_row)

    if args.output:
        with open(args.output, "w", newline="", encoding="utf-8") as fh:
            csv.writer(fh).writerows(result)
        LOG.info("wrote %s", args.output)
    else:
        for row in result:
            print("\t".join(str(v) for v in row))
    return 0


if __name__ == "__main__":
    sys.exit(main())
