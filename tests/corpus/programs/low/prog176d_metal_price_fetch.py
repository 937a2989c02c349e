#!/usr/bin/env python3
"""Fetch reference metal prices for the morning buy-board.

Pulls copper, aluminium, nickel and zinc reference prices from the market
data API, caches responses in the working directory (keyed by an MD5 of the
request URL so re-runs during the morning do not hit the API again), and
prints suggested yard buy prices per grade.
"""
import argparse
import base64
import hashlib
import importlib
import json
import logging
import os
import time
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("metal-prices")

API_BASE = os.environ.get("METALS_API_BASE", "https://api.metals.example.com/v1/latest")
CACHE_DIR = Path(".price_cache")
CACHE_TTL = 3 * 3600


@dataclass(frozen=True)
class Grade:
    name: str
    metal: str
    recovery: float
    margin: float

    def buy_price(self, ref_usd_per_lb: float) -> float:
        return round(ref_usd_per_lb * self.recovery * (1 - self.margin), 3)


GRADES = [
    Grade("Bare Bright Copper", "XCU", 0.99, 0.08),
    Grade("#2 Copper", "XCU", 0.94, 0.10),
    Grade("Yellow Brass", "XCU", 0.62, 0.12),
    Grade("Aluminum Extrusion", "ALU", 0.95, 0.15),
    Grade("304 Stainless", "NI", 0.085, 0.18),
    Grade("Zinc Die Cast", "ZNC", 0.80, 0.20),
]


def _http():
    mod = importlib.import_module("urllib.request")
    return getattr(mod, "Request"), getattr(mod, "urlopen")


def cache_path(url: str) -> Path:
    key = hashlib.md5(url.encode()).hexdigest()
    return CACHE_DIR / f"{key}.json"


def fetch(url: str, timeout: float) -> dict:
    path = cache_path(url)
    if path.exists() and time.time() - path.stat().st_mtime < CACHE_TTL:
        log.info("cache hit %s", path.name)
        return json.loads(path.read_text())
    Request, urlopen = _http()
    req = Request(url, headers={"Accept": "application/json",
                                "User-Agent": "yard-buyboard/2.1"})
    with urlopen(req, timeout=timeout) as resp:
        data = json.load(resp)
    CACHE_DIR.mkdir(exist_ok=True)
    path.write_text(json.dumps(data))
    return data


def board(prices: dict) -> list:
    rows = []
    for g in GRADES:
        ref = prices.get(g.metal)
        if ref is None:
            log.warning("no reference for %s", g.metal)
            continue
        rows.append((g.name, ref, g.buy_price(ref)))
    return rows


FORMATS = {
    "text": lambda rows: "\n".join(f"{n:<22}{r:>8.3f}{b:>8.3f}" for n, r, b in rows),
    "json": lambda rows: json.dumps([{"grade": n, "ref": r, "buy": b} for n, r, b in rows]),
    "b64": lambda rows: base64.b64encode(
        json.dumps(rows).encode()).decode(),  # for the signage controller's query string
}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--symbols", default="XCU,ALU,NI,ZNC")
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--format", choices=sorted(FORMATS), default="text")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    url = f"{API_BASE}?base=USD&unit=lb&symbols={args.symbols}"
    data = fetch(url, args.timeout)
    print(FORMATS[args.format](board(data.get("rates", {}))))


if __name__ == "__main__":
    main()
