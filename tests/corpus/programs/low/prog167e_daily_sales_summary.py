#!/usr/bin/env python3
"""Summarises the day's till exports per stall and per hour.

Reads the CSV exports the POS tablets drop into exports/, writes a small
report into reports/, and keeps a cache of already-parsed files.
"""

import argparse
import csv
import hashlib
import json
import logging
from collections import defaultdict
from datetime import datetime
from pathlib import Path

log = logging.getLogger("sales_summary")

CACHE_DIR = Path(".cache/sales")
REPORT_DIR = Path("reports")


def cache_key(path):
    digest = hashlib.md5()
    digest.update(str(path).encode())
    digest.update(str(path.stat().st_mtime_ns).encode())
    return digest.hexdigest()


def parse_export(path):
    key = cache_key(path)
    cached = CACHE_DIR / (key + ".json")
    if cached.exists():
        return json.loads(cached.read_text())
    rows = []
    with open(path, newline="", encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            try:
                rows.append({
                    "stall": row["stall"],
                    "hour": datetime.fromisoformat(row["timestamp"]).hour,
                    "total": float(row["total"]),
                    "method": row.get("payment_method", "card"),
                })
            except (KeyError, ValueError):
                continue
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    cached.write_text(json.dumps(rows))
    return rows


class DaySummary:
    def __init__(self):
        self.by_stall = defaultdict(float)
        self.by_hour = defaultdict(float)
        self.by_method = defaultdict(int)
        self.orders = 0

    def add(self, row):
        self.by_stall[row["stall"]] += row["total"]
        self.by_hour[row["hour"]] += row["total"]
        self.by_method[row["method"]] += 1
        self.orders += 1

    def busiest_hour(self):
        return max(self.by_hour, key=self.by_hour.get) if self.by_hour else None

    def render(self, day):
        lines = ["Market sales for {}".format(day), "=" * 30,
                 "Orders: {}".format(self.orders),
                 "Takings: {:.2f}".format(sum(self.by_stall.values())), ""]
        lines.append("By stall:")
        for stall, total in sorted(self.by_stall.items(), key=lambda x: -x[1]):
            lines.append("  {:<24} {:>9.2f}".format(stall, total))
        lines.append("")
        lines.append("Busiest hour: {}:00".format(self.busiest_hour()))
        lines.append("Payment mix: " + ", ".join(
            "{} {}".format(m, n) for m, n in sorted(self.by_method.items())))
        return "\n".join(lines) + "\n"


def clear_cache():
    removed = 0
    if CACHE_DIR.is_dir():
        for item in CACHE_DIR.glob("*.json"):
            item.unlink()
            removed += 1
    log.info("removed %d cached file(s)", removed)


def main():
    parser = argparse.ArgumentParser(description="Daily sales summary")
    parser.add_argument("--exports", type=Path, default=Path("exports"))
    parser.add_argument("--day", default=datetime.now().strftime("%Y-%m-%d"))
    parser.add_argument("--clear-cache", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.clear_cache:
        clear_cache()
    summary = DaySummary()
    files = sorted(args.exports.glob("sales_{}*.csv".format(args.day)))
    for path in files:
        for row in parse_export(path):
            summary.add(row)
    REPORT_DIR.mkdir(exist_ok=True)
    out = REPORT_DIR / "summary_{}.txt".format(args.day)
    out.write_text(summary.render(args.day))
    log.info("%d export(s) read, report at %s", len(files), out)


if __name__ == "__main__":
    main()
