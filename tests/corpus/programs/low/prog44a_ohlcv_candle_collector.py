#!/usr/bin/env python3
"""Collect OHLCV candles from a public exchange REST endpoint into local CSV files.

Responses are cached under ./cache keyed by an MD5 digest of the request URL so
repeated runs during backtest development do not hammer the exchange.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import time
import urllib.parse
import urllib.request
from pathlib import Path

LOG = logging.getLogger("candles")
BASE_URL = "https://api.exchange.example.com/api/v3/klines"
CACHE_DIR = Path("cache")
OUT_DIR = Path("data")
CACHE_TTL = 15 * 60
FIELDS = ("open_time", "open", "high", "low", "close", "volume")


def cache_key(url):
    return hashlib.md5(url.encode("utf-8")).hexdigest()


def fetch_json(url, timeout=10.0):
    path = CACHE_DIR / (cache_key(url) + ".json")
    if path.exists() and time.time() - path.stat().st_mtime < CACHE_TTL:
        LOG.debug("cache hit %s", path.name)
        return json.loads(path.read_text())
    req = urllib.request.Request(url, headers={"Accept": "application/json",
                                               "User-Agent": "candle-collector/1.3"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        body = resp.read().decode("utf-8")
    CACHE_DIR.mkdir(exist_ok=True)
    path.write_text(body)
    return json.loads(body)


def prune_cache(max_age):
    if not CACHE_DIR.is_dir():
        return 0
    removed = 0
    now = time.time()
    for entry in CACHE_DIR.glob("*.json"):
        if now - entry.stat().st_mtime > max_age:
            entry.unlink()
            removed += 1
    return removed


def collect(symbol, interval, limit):
    query = urllib.parse.urlencode({"symbol": symbol, "interval": interval, "limit": limit})
    rows = fetch_json(f"{BASE_URL}?{query}")
    candles = []
    for raw in rows:
        candles.append(dict(zip(FIELDS, raw[:len(FIELDS)])))
    return candles


def write_csv(symbol, interval, candles):
    OUT_DIR.mkdir(exist_ok=True)
    target = OUT_DIR / f"{symbol.lower()}_{interval}.csv"
    with target.open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=FIELDS)
        writer.writeheader()
        writer.writerows(candles)
    return target


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("symbols", nargs="+", help="e.g. BTCUSDT ETHUSDT")
    ap.add_argument("--interval", default="1h", choices=["1m", "5m", "15m", "1h", "4h", "1d"])
    ap.add_argument("--limit", type=int, default=500)
    ap.add_argument("--prune-hours", type=float, default=24.0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    dropped = prune_cache(args.prune_hours * 3600)
    if dropped:
        LOG.info("pruned %d stale cache files", dropped)

    failures = 0
    for symbol in args.symbols:
        try:
            candles = collect(symbol.upper(), args.interval, args.limit)
        except (OSError, ValueError) as exc:
            LOG.error("%s: %s", symbol, exc)
            failures += 1
            continue
        target = write_csv(symbol, args.interval, candles)
        LOG.info("%s: %d candles -> %s", symbol, len(candles), target)
        time.sleep(0.25)
    return 1 if failures == len(args.symbols) else 0


if __name__ == "__main__":
    raise SystemExit(main())
