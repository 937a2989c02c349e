#!/usr/bin/env python3
"""Estimate a household move and push the quote to the Harbor & Hale pricing API.

Input is an inventory CSV exported from the survey app (columns: room, item,
category, qty) plus the trip details on the command line.  Rates live in
rates.json next to the script so the sales office can tune them without a
release.
"""
import argparse
import csv
import json
import logging
import math
import os
import sys
from dataclasses import dataclass, field, asdict
from datetime import date

import requests

log = logging.getLogger("quote")

PRICING_API = os.environ.get("QUOTE_API_URL", "https://pricing.harborhale-moving.example.net/v1/quotes")

DEFAULT_RATES = {
    "cuft": {"small": 3, "medium": 12, "large": 35, "xl": 60, "box": 4.5, "piano": 80},
    "per_cuft": 1.15,
    "per_mile": 2.40,
    "per_floor_no_elevator": 45.0,
    "packing_per_box": 6.50,
    "truck_cuft": 1700,
    "min_charge": 450.0,
    "weekend_uplift": 0.12,
    "tax": 0.0725,
}


@dataclass
class Quote:
    customer: str
    move_date: str
    miles: float
    cubic_feet: float
    trucks: int
    lines: list = field(default_factory=list)
    subtotal: float = 0.0
    tax: float = 0.0
    total: float = 0.0

    def add(self, label, amount):
        self.lines.append({"label": label, "amount": round(amount, 2)})
        self.subtotal += amount


def load_rates(path):
    rates = dict(DEFAULT_RATES)
    if os.path.exists(path):
        with open(path) as fh:
            override = json.load(fh)
        rates.update(override)
        log.debug("loaded %d rate overrides from %s", len(override), path)
    return rates


def read_inventory(path, rates):
    total_cuft, boxes = 0.0, 0
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            cat = row.get("category", "medium").strip().lower()
            qty = int(row.get("qty") or 1)
            if cat not in rates["cuft"]:
                log.warning("unknown category %r for %s, using medium", cat, row.get("item"))
                cat = "medium"
            total_cuft += rates["cuft"][cat] * qty
            if cat == "box":
                boxes += qty
    return total_cuft, boxes


def build_quote(args, rates):
    cuft, boxes = read_inventory(args.inventory, rates)
    trucks = max(1, math.ceil(cuft / rates["truck_cuft"]))
    q = Quote(args.customer, args.date, args.miles, round(cuft, 1), trucks)
    q.add(f"Volume {cuft:.0f} cu ft", cuft * rates["per_cuft"])
    q.add(f"Distance {args.miles:.0f} mi x {trucks} truck(s)", args.miles * rates["per_mile"] * trucks)
    if args.floors and not args.elevator:
        q.add(f"Stairs, {args.floors} floor(s)", args.floors * rates["per_floor_no_elevator"])
    if args.packing:
        q.add(f"Packing service, {boxes} boxes", boxes * rates["packing_per_box"])
    if date.fromisoformat(args.date).weekday() >= 5:
        q.add("Weekend surcharge", q.subtotal * rates["weekend_uplift"])
    if q.subtotal < rates["min_charge"]:
        q.add("Minimum charge adjustment", rates["min_charge"] - q.subtotal)
    q.tax = round(q.subtotal * rates["tax"], 2)
    q.subtotal = round(q.subtotal, 2)
    q.total = round(q.subtotal + q.tax, 2)
    return q


def submit(quote, api_key, retries=3):
    session = requests.Session()
    session.headers.update({"Authorization": f"Bearer {api_key}", "Accept": "application/json"})
    for attempt in range(1, retries + 1):
        try:
            r = session.post(PRICING_API, json=asdict(quote), timeout=15)
            r.raise_for_status()
            return r.json().get("quote_id")
        except requests.RequestException as exc:
            log.warning("submit attempt %d failed: %s", attempt, exc)
    return None


def main(argv=None):
    ap = argparse.ArgumentParser(description="Household move quote calculator")
    ap.add_argument("inventory")
    ap.add_argument("--customer", required=True)
    ap.add_argument("--date", required=True, help="YYYY-MM-DD")
    ap.add_argument("--miles", type=float, required=True)
    ap.add_argument("--floors", type=int, default=0)
    ap.add_argument("--elevator", action="store_true")
    ap.add_argument("--packing", action="store_true")
    ap.add_argument("--rates", default="rates.json")
    ap.add_argument("--offline", action="store_true", help="print only, do not submit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        quote = build_quote(args, load_rates(args.rates))
    except (OSError, ValueError, KeyError) as exc:
        log.error("could not build quote: %s", exc)
        return 1

    for line in quote.lines:
        print(f"  {line['label']:<40} {line['amount']:>10.2f}")
    print(f"  {'Subtotal':<40} {quote.subtotal:>10.2f}\n  {'Tax':<40} {quote.tax:>10.2f}")
    print(f"  {'TOTAL':<40} {quote.total:>10.2f}")

    if args.offline:
        return 0
    api_key = os.environ.get("QUOTE_API_KEY")
    if not api_key:
        log.error("QUOTE_API_KEY not set; use --offline to skip submission")
        return 2
    qid = submit(quote, api_key)
    if not qid:
        log.error("quote was not stored")
        return 1
    log.info("stored as quote %s", qid)
    return 0


if __name__ == "__main__":
    sys.exit(main())
