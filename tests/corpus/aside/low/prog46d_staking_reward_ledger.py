#!/usr/bin/env python3
"""Turn exported beacon-chain reward events into a fiat-valued CSV ledger.

Input: a JSON export (list of {"epoch", "validator_index", "amount_gwei",
"timestamp"}). Daily EUR prices are fetched once and cached under
./.price_cache, keyed by an MD5 of the request parameters.
"""
import argparse
import csv
import datetime as dt
import hashlib
import json
import logging
import pathlib
import time

import requests

log = logging.getLogger(__name__)
CACHE_DIR = pathlib.Path(".price_cache")
PRICE_API = "https://api.coingecko.com/api/v3/coins/ethereum/history"
GWEI = 10 ** 9


def cache_path(day: str, vs: str) -> pathlib.Path:
    digest = hashlib.md5(f"{day}|{vs}".encode()).hexdigest()
    return CACHE_DIR / f"{digest}.json"


def daily_price(day: dt.date, vs: str = "eur") -> float:
    stamp = day.strftime("%d-%m-%Y")
    path = cache_path(stamp, vs)
    if path.exists():
        return json.loads(path.read_text())["price"]
    resp = requests.get(PRICE_API, params={"date": stamp, "localization": "false"},
                        timeout=15)
    resp.raise_for_status()
    price = resp.json()["market_data"]["current_price"][vs]
    CACHE_DIR.mkdir(exist_ok=True)
    path.write_text(json.dumps({"day": stamp, "vs": vs, "price": price}))
    time.sleep(1.5)  # free tier rate limit
    return price


def prune_cache(max_age_days: int) -> int:
    if not CACHE_DIR.is_dir():
        return 0
    cutoff = time.time() - max_age_days * 86400
    removed = 0
    for entry in CACHE_DIR.glob("*.json"):
        if entry.stat().st_mtime < cutoff:
            entry.unlink()
            removed += 1
    return removed


def load_events(path: pathlib.Path, indices):
    events = json.loads(path.read_text())
    for ev in events:
        if indices and ev["validator_index"] not in indices:
            continue
        yield ev


def build_ledger(events, vs):
    totals = {}
    for ev in events:
        day = dt.datetime.utcfromtimestamp(ev["timestamp"]).date()
        key = (day, ev["validator_index"])
        totals[key] = totals.get(key, 0) + int(ev["amount_gwei"])
    for (day, idx), gwei in sorted(totals.items()):
        eth = gwei / GWEI
        price = daily_price(day, vs)
        yield {"date": day.isoformat(), "validator": idx, "eth": f"{eth:.9f}",
               f"price_{vs}": f"{price:.2f}", f"value_{vs}": f"{eth * price:.2f}"}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("export", type=pathlib.Path)
    ap.add_argument("--validator", type=int, action="append", default=[])
    ap.add_argument("--currency", default="eur")
    ap.add_argument("--out", default="rewards_ledger.csv")
    ap.add_argument("--prune-days", type=int, default=90)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    log.info("pruned %d stale cache entries", prune_cache(args.prune_days))
    rows = list(build_ledger(load_events(args.export, set(args.validator)),
                             args.currency))
    if not rows:
        log.warning("no matching reward events")
        return 1
    with open(args.out, "w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    log.info("wrote %d rows to %s", len(rows), args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
