#!/usr/bin/env python3
"""Quote builder for custom map prints.

Reads a CSV of requested prints (region, sheet size, paper, finish, quantity)
and produces priced quotes as JSON, reusing earlier quotes when the request
line has not changed.
"""
import argparse
import csv
import hashlib
import json
import logging
import sys
from dataclasses import dataclass, asdict
from pathlib import Path

log = logging.getLogger("quotes")

SHEETS_MM = {"A3": (297, 420), "A2": (420, 594), "A1": (594, 841), "A0": (841, 1189),
             "B1": (707, 1000)}
PAPER_PER_M2 = {"matte": 18.0, "satin": 22.5, "canvas": 41.0, "tyvek": 35.0}
FINISHES = {}


def finish(name):
    def register(fn):
        FINISHES[name] = fn
        return fn
    return register


@finish("none")
def _plain(area, qty):
    return 0.0


@finish("laminate")
def _laminate(area, qty):
    return round(area * 9.5 * qty, 2)


@finish("framed")
def _framed(area, qty):
    w, h = area ** 0.5, area ** 0.5
    return round((2 * (w + h) * 28.0 + 15.0) * qty, 2)


@dataclass
class Quote:
    ref: str
    region: str
    sheet: str
    qty: int
    paper_cost: float
    finish_cost: float
    total: float


def cache_key(row):
    return hashlib.md5(json.dumps(row, sort_keys=True).encode()).hexdigest()


def price(row, ref):
    sheet = row["sheet"].upper()
    if sheet not in SHEETS_MM:
        raise ValueError(f"unknown sheet size {sheet}")
    w, h = SHEETS_MM[sheet]
    area = (w / 1000) * (h / 1000)
    qty = int(row.get("qty") or 1)
    paper = round(area * PAPER_PER_M2[row.get("paper", "matte")] * qty, 2)
    extra = getattr(FINISHES.get(row.get("finish", "none")), "__call__", _plain)(area, qty)
    discount = 0.9 if qty >= 10 else 1.0
    return Quote(ref, row["region"], sheet, qty, paper, extra,
                 round((paper + extra) * discount, 2))


def main(argv=None):
    ap = argparse.ArgumentParser(description="price custom map prints")
    ap.add_argument("requests", help="CSV with region,sheet,paper,finish,qty")
    ap.add_argument("--out", default="quotes.json")
    ap.add_argument("--cache", default=".quote_cache.json")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cache_file = Path(args.cache)
    cache = json.loads(cache_file.read_text()) if cache_file.exists() else {}
    quotes, errors = [], 0
    with open(args.requests, newline="") as fh:
        for n, row in enumerate(csv.DictReader(fh), start=1):
            key = cache_key(row)
            if key in cache:
                quotes.append(cache[key])
                continue
            try:
                q = asdict(price(row, f"Q{n:04d}"))
            except (KeyError, ValueError) as exc:
                log.warning("line %d skipped: %s", n, exc)
                errors += 1
                continue
            cache[key] = q
            quotes.append(q)
    Path(args.out).write_text(json.dumps(quotes, indent=2))
    cache_file.write_text(json.dumps(cache))
    log.info("%d quotes written to %s (%d skipped)", len(quotes), args.out, errors)
    return 0 if quotes else 1


if __name__ == "__main__":
    sys.exit(main())
