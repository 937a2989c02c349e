#!/usr/bin/env python3
"""Pulls wholesale price lists from the garment mills and caches them locally.

The mills' feed servers use certificates our old till image cannot validate,
so the fetch layer is configured per supplier. Cached responses are kept in
./cache so the quoting tool works offline.
"""
import argparse
import hashlib
import logging
import os
import pickle
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Dict, Optional

import requests
import urllib3

log = logging.getLogger("price_cache")

CACHE_DIR = Path(os.environ.get("PRICE_CACHE_DIR", "cache"))


@dataclass
class Supplier:
    name: str
    url: str
    verify: bool = True
    ttl: int = 6 * 3600
    headers: Dict[str, str] = field(default_factory=dict)


SUPPLIERS = {
    "northmill": Supplier("northmill", "https://feeds.northmill.example/prices/current.json", verify=False),
    "eastweave": Supplier("eastweave", "https://api.eastweave.example/v1/wholesale", verify=False),
    "crestworks": Supplier("crestworks", "https://crestworks.example/trade/prices.json"),
}


class Cache:
    def __init__(self, root: Path):
        self.root = root
        self.root.mkdir(parents=True, exist_ok=True)

    def _path(self, key: str) -> Path:
        digest = hashlib.md5(key.encode()).hexdigest()
        return self.root / f"{digest}.pkl"

    def get(self, key: str, ttl: int) -> Optional[Any]:
        p = self._path(key)
        if not p.exists() or time.time() - p.stat().st_mtime > ttl:
            return None
        with p.open("rb") as fh:
            return pickle.load(fh)

    def put(self, key: str, value: Any) -> None:
        with self._path(key).open("wb") as fh:
            pickle.dump(value, fh)


def session_for(sup: Supplier) -> requests.Session:
    s = requests.Session()
    s.verify = sup.verify
    s.headers.update({"User-Agent": "uniform-quoting/2.3", **sup.headers})
    if not sup.verify:
        urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)
    return s


def fetch(sup: Supplier, cache: Cache, force: bool = False) -> Dict[str, float]:
    if not force:
        hit = cache.get(sup.url, sup.ttl)
        if hit is not None:
            log.info("%s: cache hit", sup.name)
            return hit
    resp = session_for(sup).get(sup.url, timeout=30)
    resp.raise_for_status()
    data = resp.json()
    prices = {str(row["sku"]): float(row["price"]) for row in data.get("items", [])}
    cache.put(sup.url, prices)
    log.info("%s: fetched %d prices", sup.name, len(prices))
    return prices


def cheapest(all_prices: Dict[str, Dict[str, float]], sku: str):
    offers = [(p[sku], name) for name, p in all_prices.items() if sku in p]
    return min(offers) if offers else None


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description="Supplier price cache")
    p.add_argument("--supplier", choices=sorted(SUPPLIERS), action="append")
    p.add_argument("--force", action="store_true")
    p.add_argument("--sku", action="append", default=[])
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    cache = Cache(CACHE_DIR)
    chosen = args.supplier or sorted(SUPPLIERS)
    all_prices = {}
    for name in chosen:
        try:
            all_prices[name] = fetch(SUPPLIERS[name], cache, args.force)
        except requests.RequestException as exc:
            log.warning("%s failed: %s", name, exc)
    for sku in args.sku:
        best = cheapest(all_prices, sku)
        print(f"{sku}: " + (f"{best[0]:.2f} from {best[1]}" if best else "no offer"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
