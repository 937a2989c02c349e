#!/usr/bin/env python3
"""Check current supplier prices for pipe metal, leather and felts.

Reads a parts list, looks prices up in the supplier catalogue API (cached
locally for a day), and submits a quote request for anything below stock.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import time
from dataclasses import dataclass
from pathlib import Path

import requests

log = logging.getLogger("parts-price")

API = os.environ.get("SUPPLIER_API", "https://api.example.com/v1")
CACHE = Path(".price_cache")
TTL = 24 * 3600


@dataclass
class Part:
    sku: str
    description: str
    stock: float
    minimum: float

    @property
    def short(self) -> bool:
        return self.stock < self.minimum


def cache_file(url: str) -> Path:
    return CACHE / (hashlib.md5(url.encode()).hexdigest() + ".json")


def cached_get(session, url: str, timeout: float):
    path = cache_file(url)
    if path.exists() and time.time() - path.stat().st_mtime < TTL:
        return json.loads(path.read_text())
    resp = session.get(url, timeout=timeout)
    resp.raise_for_status()
    data = resp.json()
    CACHE.mkdir(exist_ok=True)
    path.write_text(json.dumps(data))
    path.chmod(0o600)
    return data


def read_parts(path: Path):
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            yield Part(row["sku"], row["description"], float(row["stock"]), float(row["minimum"]))


def request_quote(session, parts, timeout: float):
    body = {"items": [{"sku": p.sku, "quantity": round(p.minimum * 2 - p.stock, 1)} for p in parts]}
    resp = session.post(f"{API}/quotes", json=body, timeout=timeout)
    resp.raise_for_status()
    return resp.json().get("quote_id")


def main():
    ap = argparse.ArgumentParser(description="Supplier price check")
    ap.add_argument("parts", type=Path, nargs="?", default=Path("parts.csv"))
    ap.add_argument("--timeout", type=float, default=15.0)
    ap.add_argument("--quote", action="store_true", help="request a quote for short items")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    key = os.environ.get("SUPPLIER_API_KEY")
    if not key:
        log.error("SUPPLIER_API_KEY is not set")
        return 2
    session = requests.Session()
    session.headers.update({"Authorization": f"Bearer {key}", "Accept": "application/json"})

    short = []
    try:
        for part in read_parts(args.parts):
            info = cached_get(session, f"{API}/catalogue/{part.sku}", args.timeout)
            flag = "SHORT" if part.short else ""
            print(f"{part.sku:<12} {part.description:<36} {info.get('price', '?'):>10} "
                  f"{info.get('currency', '')} {flag}")
            if part.short:
                short.append(part)
    except (OSError, KeyError, ValueError, requests.RequestException) as exc:
        log.error("lookup failed: %s", exc)
        return 1

    if args.quote and short:
        try:
            qid = request_quote(session, short, args.timeout)
            log.info("quote %s requested for %d items", qid, len(short))
        except requests.RequestException as exc:
            log.error("quote request failed: %s", exc)
            return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
