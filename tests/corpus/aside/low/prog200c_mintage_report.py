#!/usr/bin/env python3
"""Mintage report.

Groups the inventory by series, mint mark and year, compares holdings
with mintage figures, and writes a report for the buying meeting.
"""
import argparse
import csv
import functools
import hashlib
import json
import logging
import os
from collections import defaultdict
from dataclasses import dataclass, asdict
from pathlib import Path

log = logging.getLogger("mintage")

CACHE_DIR = Path(".cache") / "mintage"


@dataclass
class Line:
    series: str
    year: str
    mint: str
    held: int
    mintage: int

    @property
    def per_million(self):
        return round(self.held * 1_000_000 / self.mintage, 3) if self.mintage else 0.0


def cached(fn):
    @functools.wraps(fn)
    def wrapper(path, *args):
        digest = hashlib.md5(Path(path).read_bytes()).hexdigest()
        key = CACHE_DIR / f"{fn.__name__}-{digest}.json"
        if key.exists():
            log.debug("cache hit %s", key.name)
            return [Line(**d) for d in json.loads(key.read_text())]
        result = fn(path, *args)
        CACHE_DIR.mkdir(parents=True, exist_ok=True)
        key.write_text(json.dumps([asdict(r) for r in result]))
        return result
    return wrapper


def load_mintages(path):
    table = {}
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            table[(row["series"], row["year"], row["mint"])] = int(row["mintage"])
    return table


@cached
def build(inventory_path, mintage_path):
    mintages = load_mintages(mintage_path)
    counts = defaultdict(int)
    with open(inventory_path, newline="") as fh:
        for row in csv.DictReader(fh):
            counts[(row["series"], row["year"], row.get("mint") or "P")] += int(row.get("qty", 1))
    return [Line(s, y, m, n, mintages.get((s, y, m), 0)) for (s, y, m), n in sorted(counts.items())]


def render_text(lines):
    out = [f"{'series':20s} {'year':>4} {'mint':>4} {'held':>5} {'mintage':>12} {'per M':>8}"]
    out += [f"{l.series:20s} {l.year:>4} {l.mint:>4} {l.held:>5} {l.mintage:>12,} {l.per_million:>8}"
            for l in lines]
    return "\n".join(out) + "\n"


def render_csv(lines):
    rows = ["series,year,mint,held,mintage,per_million"]
    rows += [f"{l.series},{l.year},{l.mint},{l.held},{l.mintage},{l.per_million}" for l in lines]
    return "\n".join(rows) + "\n"


RENDERERS = {"txt": render_text, "csv": render_csv}


def main():
    ap = argparse.ArgumentParser(description="inventory vs mintage report")
    ap.add_argument("inventory")
    ap.add_argument("mintages")
    ap.add_argument("--format", choices=sorted(RENDERERS), default="txt")
    ap.add_argument("--out", default=None)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    try:
        lines = build(args.inventory, args.mintages)
    except (OSError, KeyError, ValueError) as exc:
        log.error("cannot build report: %s", exc)
        return 1

    out = Path(args.out or f"mintage_report.{args.format}")
    out.write_text(RENDERERS[args.format](lines))
    os.chmod(out, 0o600)
    log.info("%d lines written to %s", len(lines), out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
