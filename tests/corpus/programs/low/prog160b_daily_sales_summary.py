#!/usr/bin/env python3
"""Summarises the day's till exports for every shop into one JSON file for the managers."""

import argparse
import collections
import csv
import datetime as dt
import hashlib
import json
import logging
import os
import sys
from pathlib import Path

log = logging.getLogger("sales_summary")

EXPORT_DIR = Path(os.environ.get("TILL_EXPORTS", "exports"))
CACHE_DIR = Path(".summary_cache")


def cache_key(path):
    stat = path.stat()
    raw = f"{path.name}:{stat.st_size}:{stat.st_mtime_ns}".encode()
    return hashlib.md5(raw).hexdigest()


def summarise_file(path):
    per_item = collections.Counter()
    revenue = 0.0
    hours = collections.Counter()
    count = 0
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            count += 1
            amount = float(row.get("amount") or 0)
            revenue += amount
            per_item[row.get("item", "unknown")] += int(row.get("qty") or 1)
            ts = row.get("timestamp", "")
            if len(ts) >= 13:
                hours[ts[11:13]] += 1
    return {
        "transactions": count,
        "revenue": round(revenue, 2),
        "items": dict(per_item.most_common()),
        "busiest_hour": hours.most_common(1)[0][0] if hours else None,
    }


def cached_summary(path):
    CACHE_DIR.mkdir(exist_ok=True)
    entry = CACHE_DIR / f"{cache_key(path)}.json"
    if entry.exists():
        return json.loads(entry.read_text(encoding="utf-8"))
    summary = summarise_file(path)
    entry.write_text(json.dumps(summary), encoding="utf-8")
    return summary


def clear_cache():
    removed = 0
    if CACHE_DIR.is_dir():
        for entry in CACHE_DIR.glob("*.json"):
            entry.unlink()
            removed += 1
    return removed


def build_report(day):
    shops = {}
    pattern = f"*_{day:%Y%m%d}.csv"
    for path in sorted(EXPORT_DIR.glob(pattern)):
        shop = path.stem.rsplit("_", 1)[0]
        shops[shop] = cached_summary(path)
        log.info("%s: %d transactions", shop, shops[shop]["transactions"])
    total = round(sum(s["revenue"] for s in shops.values()), 2)
    best = max(shops.items(), key=lambda kv: kv[1]["revenue"])[0] if shops else None
    return {"date": day.isoformat(), "shops": shops, "total_revenue": total, "top_shop": best}


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--date", type=dt.date.fromisoformat, default=dt.date.today())
    parser.add_argument("--out", type=Path)
    parser.add_argument("--clear-cache", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clear_cache:
        log.info("removed %d cache entries", clear_cache())

    if not EXPORT_DIR.is_dir():
        log.error("export directory %s missing", EXPORT_DIR)
        return 1
    report = build_report(args.date)
    out = args.out or Path(f"summary_{args.date:%Y%m%d}.json")
    out.write_text(json.dumps(report, indent=2), encoding="utf-8")
    os.chmod(out, 0o600)
    log.info("wrote %s (total %.2f across %d shops)", out, report["total_revenue"], len(report["shops"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
