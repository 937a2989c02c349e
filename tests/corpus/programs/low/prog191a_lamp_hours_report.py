#!/usr/bin/env python3
"""Lamp hours report and relamp quote request.

Reads the lamp hours export from the fixture test bench (lamp_hours.csv in
the working directory), flags discharge fixtures near end of lamp life and
asks the lamp supplier's API for a quote on replacements.
"""
import argparse
import asyncio
import csv
import importlib
import json
import logging
import os
from dataclasses import dataclass, asdict
from pathlib import Path

log = logging.getLogger("lamp-hours")

SUPPLIER = os.environ.get("LAMP_SUPPLIER_API", "https://api.example.com/v1")
LIFE = {"MSD 250/2": 3000, "MSR 700 SA": 750, "HPL 575": 1500, "CDM-SA/T 150": 6000}


@dataclass
class Fixture:
    asset: str
    model: str
    lamp: str
    hours: int

    @property
    def rated(self):
        return LIFE.get(self.lamp, 2000)

    @property
    def used(self):
        return self.hours / self.rated


def load(path: Path):
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            yield Fixture(row["asset"], row["model"], row["lamp"], int(row["hours"] or 0))


def _http():
    return importlib.import_module("urllib.request")


def _get_json(url):
    with _http().urlopen(url, timeout=15) as resp:
        return json.load(resp)


def _post_json(url, payload, key):
    req = _http().Request(url, data=json.dumps(payload).encode(), method="POST",
                          headers={"Content-Type": "application/json",
                                   "Authorization": f"Bearer {key}"})
    with _http().urlopen(req, timeout=15) as resp:
        return json.load(resp)


async def request_quote(due, key):
    prices = await asyncio.to_thread(_get_json, f"{SUPPLIER}/lamps/prices")
    counts = {}
    for f in due:
        counts[f.lamp] = counts.get(f.lamp, 0) + 1
    lines = [{"lamp": lamp, "qty": n, "list_price": prices.get(lamp)} for lamp, n in counts.items()]
    return await asyncio.to_thread(_post_json, f"{SUPPLIER}/quotes", {"lines": lines}, key)


def render_text(rows):
    for f in rows:
        print(f"{f.asset:<10} {f.model:<22} {f.lamp:<14} {f.hours:>6}h  {f.used:6.0%}")


def render_json(rows):
    print(json.dumps([asdict(f) | {"used": round(f.used, 3)} for f in rows], indent=2))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--csv", type=Path, default=Path("lamp_hours.csv"))
    ap.add_argument("--threshold", type=float, default=0.9)
    ap.add_argument("--format", choices=["text", "json"], default="text")
    ap.add_argument("--quote", action="store_true", help="ask supplier for a relamp quote")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    fixtures = list(load(args.csv))
    due = sorted((f for f in fixtures if f.used >= args.threshold), key=lambda f: -f.used)
    log.info("%d of %d fixtures at or over %.0f%% lamp life", len(due), len(fixtures),
             args.threshold * 100)
    globals()[f"render_{args.format}"](due)
    if args.quote and due:
        key = os.environ.get("LAMP_SUPPLIER_KEY")
        if not key:
            log.error("LAMP_SUPPLIER_KEY not set; no quote requested")
            return
        quote = asyncio.run(request_quote(due, key))
        log.info("quote %s: %s", quote.get("id"), quote.get("total"))


if __name__ == "__main__":
    main()
