#!/usr/bin/env python3
"""Summarise the cafe till exports and push the daily figures to head office.

The till drops one CSV per shift into ./till_exports. This script totals each
trading day (net, VAT, covers, average spend, top lines), keeps a local
summary in ./reports, and posts the day's figures to the head office
reporting API so the area manager sees all sites on one dashboard.

Needs HQ_REPORTING_KEY in the environment.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from collections import Counter, defaultdict
from decimal import Decimal
from pathlib import Path

log = logging.getLogger("till_daily")

API_URL = "https://reporting.softplay-hq.example.com/api/v1/cafe/daily"
CACHE_FILE = Path(".till_report_cache.json")


def file_key(path):
    st = path.stat()
    return hashlib.md5(f"{path.name}:{st.st_size}:{st.st_mtime_ns}".encode()).hexdigest()


def load_cache():
    if CACHE_FILE.exists():
        return json.loads(CACHE_FILE.read_text())
    return {}


def summarise(files):
    days = defaultdict(lambda: {"net": Decimal(0), "vat": Decimal(0),
                                "covers": set(), "lines": Counter()})
    for f in files:
        with open(f, newline="", encoding="utf-8-sig") as fh:
            for row in csv.DictReader(fh):
                d = days[row["Date"]]
                d["net"] += Decimal(row["Net"])
                d["vat"] += Decimal(row["VAT"])
                d["covers"].add(row["Transaction"])
                d["lines"][row["Item"]] += int(row["Qty"])
    out = {}
    for day, d in sorted(days.items()):
        covers = len(d["covers"])
        out[day] = {
            "net": str(d["net"]),
            "vat": str(d["vat"]),
            "covers": covers,
            "avg_spend": str((d["net"] / covers).quantize(Decimal("0.01")) if covers else 0),
            "top_lines": d["lines"].most_common(5),
        }
    return out


def post_day(site, day, figures, key, retries=3):
    body = json.dumps({"site": site, "date": day, **figures}).encode()
    req = urllib.request.Request(API_URL, data=body, method="POST", headers={
        "Content-Type": "application/json", "X-Api-Key": key})
    for attempt in range(1, retries + 1):
        try:
            with urllib.request.urlopen(req, timeout=20) as resp:
                return resp.status
        except urllib.error.HTTPError as exc:
            if exc.code < 500:
                raise
            log.warning("HQ returned %s for %s (attempt %d)", exc.code, day, attempt)
        except urllib.error.URLError as exc:
            log.warning("HQ unreachable for %s (attempt %d): %s", day, attempt, exc.reason)
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--site", default=os.environ.get("VENUE_SITE", "site00"))
    ap.add_argument("--exports", type=Path, default=Path("till_exports"))
    ap.add_argument("--reports", type=Path, default=Path("reports"))
    ap.add_argument("--no-post", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    cache = load_cache()
    files = sorted(args.exports.glob("*.csv"))
    fresh = [f for f in files if cache.get(f.name) != file_key(f)]
    if not fresh:
        log.info("no new till exports")
        return 0

    figures = summarise(fresh)
    args.reports.mkdir(exist_ok=True)
    for day, fig in figures.items():
        (args.reports / f"cafe_{day}.json").write_text(json.dumps(fig, indent=2))
        log.info("%s net %s covers %d", day, fig["net"], fig["covers"])

    if not args.no_post:
        key = os.environ.get("HQ_REPORTING_KEY")
        if not key:
            log.error("HQ_REPORTING_KEY not set; use --no-post for local only")
            return 2
        for day, fig in figures.items():
            status = post_day(args.site, day, fig, key)
            log.info("posted %s -> %s", day, status)

    cache.update({f.name: file_key(f) for f in fresh})
    CACHE_FILE.write_text(json.dumps(cache, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
