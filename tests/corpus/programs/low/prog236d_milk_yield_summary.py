#!/usr/bin/env python3
"""Weekly milk-yield and revenue summary.

Reads the parlour's daily yield exports (CSV) from the working directory,
fetches the co-op's published milk price for each week (cached locally by
URL), and writes summary.csv for the farm accounts.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import shutil
import urllib.request
from collections import defaultdict
from datetime import date
from pathlib import Path

LOG = logging.getLogger("yield.summary")

PRICE_API = "https://api.example.com/coop/milk-price"
CACHE_DIR = Path(".price_cache")


def cache_key(url):
    # MD5 is only a filename for the cache entry here.
    return hashlib.md5(url.encode()).hexdigest() + ".json"


def fetch_price(week, offline=False):
    url = "%s?week=%s" % (PRICE_API, week)
    entry = CACHE_DIR / cache_key(url)
    if entry.exists():
        return json.loads(entry.read_text())["ppl"]
    if offline:
        return None
    try:
        with urllib.request.urlopen(url, timeout=10) as resp:
            data = json.load(resp)
    except (OSError, ValueError) as exc:
        LOG.warning("price for %s unavailable: %s", week, exc)
        return None
    CACHE_DIR.mkdir(exist_ok=True)
    entry.write_text(json.dumps(data))
    return data.get("ppl")


def iso_week(day):
    y, w, _ = date.fromisoformat(day).isocalendar()
    return "%d-W%02d" % (y, w)


class WeeklyTotals:
    def __init__(self):
        self.litres = defaultdict(float)
        self.cows = defaultdict(set)

    def add_file(self, path):
        with open(path, newline="") as fh:
            for row in csv.DictReader(fh):
                try:
                    wk = iso_week(row["date"])
                    self.litres[wk] += float(row["litres"])
                    self.cows[wk].add(row["cow_id"])
                except (KeyError, ValueError):
                    continue

    def rows(self, offline):
        for wk in sorted(self.litres):
            ppl = fetch_price(wk, offline)
            revenue = round(self.litres[wk] * ppl / 100, 2) if ppl else ""
            yield [wk, round(self.litres[wk], 1), len(self.cows[wk]),
                   ppl if ppl else "", revenue]


def write_summary(rows, out):
    with open(out, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["week", "litres", "cows", "price_ppl", "revenue_gbp"])
        w.writerows(rows)
    # Accounts data: keep it readable by the farm office user only.
    os.chmod(out, 0o600)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--pattern", default="yield_*.csv")
    ap.add_argument("--out", default="summary.csv")
    ap.add_argument("--offline", action="store_true")
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clear_cache and CACHE_DIR.is_dir():
        shutil.rmtree(CACHE_DIR)
        LOG.info("cleared %s", CACHE_DIR)

    files = sorted(Path(".").glob(args.pattern))
    if not files:
        LOG.error("no files match %s", args.pattern)
        return 1
    totals = WeeklyTotals()
    for f in files:
        totals.add_file(f)
    write_summary(totals.rows(args.offline), args.out)
    LOG.info("wrote %s from %d exports", args.out, len(files))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
