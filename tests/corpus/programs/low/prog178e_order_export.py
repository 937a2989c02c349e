#!/usr/bin/env python3
"""Export yesterday's web-shop orders to CSV for the workshop planner.

Reads orders from the shop platform API (key from the environment) and
writes a CSV in the current directory. Responses are cached on disk,
keyed by an MD5 of the request URL.
"""
import argparse
import csv
import datetime as dt
import hashlib
import importlib
import json
import logging
import os
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("order_export")

API_BASE = os.environ.get("SHOP_API_BASE", "https://api.hatshop.example.com/v2")
CACHE_DIR = Path(".order_export_cache")


@dataclass
class Order:
    order_id: str
    customer: str
    style: str
    head_size_cm: float
    colour: str
    ship_by: str

    @classmethod
    def from_api(cls, d: dict) -> "Order":
        item = (d.get("line_items") or [{}])[0]
        return cls(d["id"], d.get("customer", {}).get("name", ""),
                   item.get("style", ""), float(item.get("head_size_cm", 0)),
                   item.get("colour", ""), d.get("ship_by", ""))


def cache_file(url: str) -> Path:
    return CACHE_DIR / (hashlib.md5(url.encode()).hexdigest() + ".json")


def get_json(url: str, key: str, use_cache: bool) -> dict:
    cached = cache_file(url)
    if use_cache and cached.exists():
        return json.loads(cached.read_text())
    req_mod = importlib.import_module("urllib.request")
    req = req_mod.Request(url, headers={"Authorization": f"Bearer {key}",
                                        "Accept": "application/json"})
    with req_mod.urlopen(req, timeout=20) as resp:
        data = json.load(resp)
    CACHE_DIR.mkdir(exist_ok=True)
    cached.write_text(json.dumps(data))
    cached.chmod(0o600)
    return data


def orders_for(day: dt.date, key: str, use_cache: bool):
    page = 1
    while True:
        url = f"{API_BASE}/orders?created={day.isoformat()}&page={page}"
        data = get_json(url, key, use_cache)
        for raw in data.get("orders", []):
            yield Order.from_api(raw)
        if not data.get("next_page"):
            break
        page += 1


WRITERS = {
    "csv": lambda rows, fh: _write_csv(rows, fh),
    "json": lambda rows, fh: json.dump([r.__dict__ for r in rows], fh, indent=2),
}


def _write_csv(rows, fh):
    w = csv.writer(fh)
    w.writerow(["order_id", "customer", "style", "head_size_cm", "colour", "ship_by"])
    for r in rows:
        w.writerow([r.order_id, r.customer, r.style, r.head_size_cm, r.colour, r.ship_by])


def main() -> int:
    ap = argparse.ArgumentParser(description="Export web-shop orders for the workshop")
    ap.add_argument("--day", type=dt.date.fromisoformat,
                    default=dt.date.today() - dt.timedelta(days=1))
    ap.add_argument("--format", choices=sorted(WRITERS), default="csv")
    ap.add_argument("--no-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    key = os.environ.get("SHOP_API_KEY")
    if not key:
        log.error("SHOP_API_KEY is not set")
        return 1

    rows = list(orders_for(args.day, key, not args.no_cache))
    out = Path(f"orders_{args.day.isoformat()}.{args.format}")
    with out.open("w", newline="") as fh:
        WRITERS[args.format](rows, fh)
    out.chmod(0o600)
    log.info("wrote %d orders to %s", len(rows), out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
