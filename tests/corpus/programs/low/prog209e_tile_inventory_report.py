#!/usr/bin/env python3
"""Tile inventory report.

Reads the studio's stock sheet (CSV) and a project's bill of materials,
then reports shortfalls per colour and material.
"""
import argparse
import csv
import hashlib
import json
import logging
import sys
from collections import defaultdict
from dataclasses import dataclass, asdict
from pathlib import Path

log = logging.getLogger("inventory")
CACHE_DIR = Path(".inventory_cache")


@dataclass(frozen=True)
class Line:
    material: str
    colour: str
    size_mm: int
    qty: int

    @property
    def key(self):
        return (self.material, self.colour, self.size_mm)


def read_lines(path):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                yield Line(row["material"].strip().lower(), row["colour"].strip().lower(),
                           int(row["size_mm"]), int(row["qty"]))
            except (KeyError, ValueError) as exc:
                log.warning("bad row in %s: %s (%s)", path, row, exc)


def cache_key(*paths):
    h = hashlib.md5()
    for p in paths:
        h.update(Path(p).read_bytes())
    return h.hexdigest()


def totals(lines):
    acc = defaultdict(int)
    for line in lines:
        acc[line.key] += line.qty
    return acc


def shortfall(stock, needed):
    for key, qty in sorted(needed.items()):
        have = stock.get(key, 0)
        if have < qty:
            yield {"material": key[0], "colour": key[1], "size_mm": key[2],
                   "have": have, "need": qty, "short": qty - have}


FORMATTERS = {
    "json": lambda rows: json.dumps(rows, indent=2),
    "tsv": lambda rows: "\n".join(
        "\t".join(str(r[k]) for k in ("material", "colour", "size_mm", "have", "need", "short"))
        for r in rows),
}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("stock", help="stock sheet CSV")
    ap.add_argument("bom", help="project bill of materials CSV")
    ap.add_argument("-f", "--format", choices=sorted(FORMATTERS), default="tsv")
    ap.add_argument("--no-cache", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    for p in (args.stock, args.bom):
        if not Path(p).is_file():
            log.error("file not found: %s", p)
            return 1
    cached = CACHE_DIR / (cache_key(args.stock, args.bom) + ".json")
    if cached.exists() and not args.no_cache:
        rows = json.loads(cached.read_text())
        log.debug("using cached result %s", cached.name)
    else:
        stock = totals(read_lines(args.stock))
        needed = totals(read_lines(args.bom))
        rows = list(shortfall(stock, needed))
        CACHE_DIR.mkdir(exist_ok=True)
        cached.write_text(json.dumps(rows))
    print(FORMATTERS[args.format](rows))
    log.info("%d line(s) short", len(rows))
    return 0 if not rows else 3


if __name__ == "__main__":
    sys.exit(main())
