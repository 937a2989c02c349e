#!/usr/bin/env python3
"""Tiling quote estimator.

Reads a survey sheet (plain JSON) describing the rooms on a job, works out
tile, adhesive and grout quantities and prices the job using the current rate
table published by head office as JSON.

Usage:
    prog121e_tiling_quote_estimator.py survey.json [--margin 0.22] [--refresh]
"""
import argparse
import hashlib
import json
import logging
import math
import os
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("quote")

RATE_TABLE_URL = os.environ.get(
    "QUOTE_RATE_TABLE_URL",
    "https://rates.tilequote-hub.com/packs/current/rates.json",
)
CACHE_DIR = Path(".quote_cache")
MAX_AGE = 24 * 3600

DEFAULT_RATES = {
    "waste_factor": 0.10,
    "labour_floor_m2": 38.0,
    "labour_wall_m2": 42.0,
    "labour_floor_m2_large": 48.0,
    "labour_wall_m2_large": 55.0,
    "tile_each_allowance": 4.50,
    "adhesive_kg_m2": 4.0,
    "adhesive_bag": 17.95,
    "grout_kg_m2": 0.4,
    "grout_bag": 12.40,
    "minimum_charge": 250.0,
}


@dataclass
class Area:
    name: str
    length_m: float
    width_m: float
    kind: str = "floor"
    tile_mm: tuple = (600, 600)
    deductions_m2: float = 0.0

    @property
    def m2(self):
        return max(self.length_m * self.width_m - self.deductions_m2, 0.0)


@dataclass
class Quote:
    lines: list = field(default_factory=list)

    def add(self, desc, qty, unit, rate):
        self.lines.append((desc, qty, unit, rate, round(qty * rate, 2)))

    @property
    def subtotal(self):
        return round(sum(l[4] for l in self.lines), 2)


class RateTable:
    """Fetches and caches the head-office rate table."""

    def __init__(self, url=RATE_TABLE_URL, cache_dir=CACHE_DIR):
        self.url = url
        self.cache_dir = cache_dir
        key = hashlib.md5(url.encode()).hexdigest()
        self.path = cache_dir / f"rates-{key}.json"
        self.values = dict(DEFAULT_RATES)

    def _stale(self):
        return not self.path.exists() or time.time() - self.path.stat().st_mtime > MAX_AGE

    def refresh(self, force=False):
        if force or self._stale():
            self.cache_dir.mkdir(exist_ok=True)
            req = urllib.request.Request(self.url, headers={"User-Agent": "tile-quote/2.1"})
            for attempt in range(3):
                try:
                    with urllib.request.urlopen(req, timeout=15) as resp:
                        self.path.write_bytes(resp.read())
                    log.info("rate table updated")
                    break
                except urllib.error.URLError as exc:
                    log.warning("rate table download failed (%s), retrying", exc)
                    time.sleep(1 + attempt)
        if self.path.exists():
            try:
                remote = json.loads(self.path.read_text())
                self.values.update({k: float(v) for k, v in remote.items() if k in DEFAULT_RATES})
            except (ValueError, OSError) as exc:
                log.warning("ignoring bad rate table: %s", exc)
        else:
            log.warning("no rate table cached, using built-in defaults")

    def rate(self, key, default=None):
        return self.values.get(key, default)


def load_survey(path):
    data = json.loads(Path(path).read_text())
    return [Area(name=a["name"], length_m=a["length_m"], width_m=a["width_m"],
                 kind=a.get("kind", "floor"), tile_mm=tuple(a.get("tile_mm", (600, 600))),
                 deductions_m2=a.get("deductions_m2", 0.0))
            for a in data["areas"]]


def build_quote(areas, rates):
    q = Quote()
    waste = rates.rate("waste_factor")
    for a in areas:
        tile_m2 = a.tile_mm[0] * a.tile_mm[1] / 1e6
        tiles = math.ceil(a.m2 * (1 + waste) / tile_m2)
        labour_key = f"labour_{a.kind}_m2"
        if max(a.tile_mm) >= 900:
            labour_key += "_large"
        q.add(f"{a.name}: tiling labour", round(a.m2, 2), "m2", rates.rate(labour_key, 38.0))
        q.add(f"{a.name}: tiles ({a.tile_mm[0]}x{a.tile_mm[1]})", tiles, "ea",
              rates.rate("tile_each_allowance"))
        bags = math.ceil(a.m2 * rates.rate("adhesive_kg_m2") / 20)
        q.add(f"{a.name}: adhesive 20kg", bags, "bag", rates.rate("adhesive_bag"))
        grout = math.ceil(a.m2 * rates.rate("grout_kg_m2") / 5)
        q.add(f"{a.name}: grout 5kg", grout, "bag", rates.rate("grout_bag"))
    shortfall = rates.rate("minimum_charge") - q.subtotal
    if shortfall > 0:
        q.add("Minimum charge adjustment", 1, "job", round(shortfall, 2))
    return q


def print_quote(q, margin, vat):
    for desc, qty, unit, rate, total in q.lines:
        print(f"{desc:<42} {qty:>8} {unit:<4} @ {rate:>7.2f} = {total:>9.2f}")
    net = q.subtotal * (1 + margin)
    print("-" * 80)
    print(f"{'Net (incl. margin)':<66}{net:>12.2f}")
    print(f"{'VAT':<66}{net * vat:>12.2f}")
    print(f"{'Total':<66}{net * (1 + vat):>12.2f}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("survey")
    ap.add_argument("--margin", type=float, default=0.22)
    ap.add_argument("--vat", type=float, default=0.20)
    ap.add_argument("--refresh", action="store_true", help="force a rate table download")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        areas = load_survey(args.survey)
    except (OSError, KeyError, json.JSONDecodeError) as exc:
        log.error("bad survey file: %s", exc)
        return 2

    rates = RateTable()
    rates.refresh(force=args.refresh)
    print_quote(build_quote(areas, rates), args.margin, args.vat)
    return 0


if __name__ == "__main__":
    sys.exit(main())
