#!/usr/bin/env python3
"""Weekly concession reorder report.

Takes the closing shelf counts (closing_counts.csv: sku,description,counted)
and the last four weeks of sales (sales_history.csv: week,sku,units), fetches
the supplier's current catalogue (pack sizes, case prices, lead times) and
writes a suggested order with enough cover for next week's bookings.

The catalogue is cached in ./cache keyed by URL so repeated runs during the
same day do not hit the supplier's API again.
"""

import argparse
import csv
import hashlib
import json
import logging
import math
import sys
import time
import urllib.error
import urllib.request
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("reorder")

CACHE_DIR = Path("cache")
CACHE_TTL = 6 * 3600


def fetch_catalogue(url, timeout=20):
    key = hashlib.md5(url.encode("utf-8")).hexdigest()
    cached = CACHE_DIR / f"catalogue_{key}.json"
    if cached.exists() and time.time() - cached.stat().st_mtime < CACHE_TTL:
        log.debug("catalogue from cache %s", cached)
        return json.loads(cached.read_text())
    req = urllib.request.Request(url, headers={"Accept": "application/json",
                                               "User-Agent": "reorder-report/1.4"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        body = resp.read().decode("utf-8")
    CACHE_DIR.mkdir(exist_ok=True)
    cached.write_text(body)
    return json.loads(body)


def read_counts(path):
    with open(path, newline="") as fh:
        return {r["sku"]: (r.get("description", ""), int(r["counted"])) for r in csv.DictReader(fh)}


def weekly_average(path, weeks):
    per_sku = defaultdict(dict)
    with open(path, newline="") as fh:
        for r in csv.DictReader(fh):
            per_sku[r["sku"]][r["week"]] = int(r["units"])
    avg = {}
    for sku, by_week in per_sku.items():
        recent = [by_week[w] for w in sorted(by_week)[-weeks:]]
        avg[sku] = sum(recent) / len(recent)
    return avg


def suggest(counts, averages, catalogue, uplift, buffer):
    items = {i["sku"]: i for i in catalogue.get("items", [])}
    lines = []
    for sku, (desc, on_hand) in sorted(counts.items()):
        demand = averages.get(sku, 0.0) * uplift
        item = items.get(sku)
        if item is None:
            log.warning("%s (%s) not in supplier catalogue", sku, desc)
            continue
        lead_weeks = item.get("lead_days", 3) / 7
        target = demand * (1 + lead_weeks) + buffer * demand
        shortfall = max(0.0, target - on_hand)
        pack = max(1, int(item.get("pack_size", 1)))
        cases = math.ceil(shortfall / pack) if shortfall else 0
        lines.append({
            "sku": sku, "description": desc or item.get("name", ""), "on_hand": on_hand,
            "weekly_demand": round(demand, 1), "cases": cases, "pack_size": pack,
            "case_price": item.get("case_price", 0.0),
            "line_total": round(cases * float(item.get("case_price", 0.0)), 2),
        })
    return lines


def write_report(lines, out):
    fields = ["sku", "description", "on_hand", "weekly_demand", "cases", "pack_size", "case_price", "line_total"]
    with open(out, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=fields)
        w.writeheader()
        w.writerows(lines)
    total = sum(l["line_total"] for l in lines)
    log.info("%d lines, %d to order, total %.2f -> %s",
             len(lines), sum(1 for l in lines if l["cases"]), total, out)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--counts", default="closing_counts.csv")
    ap.add_argument("--history", default="sales_history.csv")
    ap.add_argument("--catalogue-url", default="https://api.snackwholesale.co.uk/v1/catalogue/cinema")
    ap.add_argument("--weeks", type=int, default=4)
    ap.add_argument("--uplift", type=float, default=1.0, help="multiplier for a big release week")
    ap.add_argument("--buffer", type=float, default=0.2)
    ap.add_argument("-o", "--out", default="reorder_suggestion.csv")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        counts = read_counts(args.counts)
        averages = weekly_average(args.history, args.weeks)
    except (OSError, KeyError, ValueError) as exc:
        log.error("cannot read input: %s", exc)
        return 2
    try:
        catalogue = fetch_catalogue(args.catalogue_url)
    except (urllib.error.URLError, ValueError) as exc:
        log.error("catalogue unavailable: %s", exc)
        return 1

    write_report(suggest(counts, averages, catalogue, args.uplift, args.buffer), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
