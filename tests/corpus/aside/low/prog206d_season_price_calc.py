#!/usr/bin/env python3
"""Quote calculator for mobile sauna trailer rentals.

Reads rental requests from a JSON file and writes quotes to CSV, applying
season, weekend, distance and add-on pricing rules.
"""
import argparse
import csv
import datetime as dt
import hashlib
import json
import logging
import os
import sys
from dataclasses import asdict, dataclass, field
from pathlib import Path

log = logging.getLogger("quotes")

BASE_DAY_RATE = {"small": 180.0, "family": 240.0, "event": 390.0}
ADDONS = {"firewood": 25.0, "cold_tub": 60.0, "towels": 4.0, "attendant": 120.0}
RULES = {}


def rule(name):
    def wrap(fn):
        RULES[name] = fn
        return fn
    return wrap


@dataclass
class Request:
    customer: str
    trailer: str
    start: str
    days: int
    distance_km: float = 0.0
    addons: dict = field(default_factory=dict)

    @property
    def start_date(self):
        return dt.date.fromisoformat(self.start)


@rule("season")
def season_factor(req, subtotal):
    month = req.start_date.month
    factor = 1.25 if month in (11, 12, 1, 2) else 0.9 if month in (6, 7, 8) else 1.0
    return subtotal * (factor - 1)


@rule("weekend")
def weekend_surcharge(req, _subtotal):
    days = (req.start_date + dt.timedelta(days=i) for i in range(req.days))
    return sum(35.0 for d in days if d.weekday() >= 5)


@rule("delivery")
def delivery_fee(req, _subtotal):
    return round(max(0.0, req.distance_km - 20) * 1.4 * 2, 2)


@rule("addons")
def addon_total(req, _subtotal):
    return sum(ADDONS.get(k, 0.0) * qty for k, qty in req.addons.items())


def quote(req: Request):
    if req.trailer not in BASE_DAY_RATE:
        raise ValueError(f"unknown trailer type {req.trailer!r}")
    subtotal = BASE_DAY_RATE[req.trailer] * req.days
    lines = {"base": subtotal}
    for name, fn in RULES.items():
        lines[name] = round(fn(req, subtotal), 2)
    lines["total"] = round(sum(lines.values()), 2)
    return lines


def cache_key(req: Request):
    raw = json.dumps(asdict(req), sort_keys=True).encode()
    return hashlib.md5(raw).hexdigest()[:12]


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("requests", type=Path, help="JSON list of rental requests")
    ap.add_argument("-o", "--output", type=Path, default=Path("quotes.csv"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        items = [Request(**r) for r in json.loads(args.requests.read_text())]
    except (OSError, ValueError, TypeError) as exc:
        log.error("cannot read requests: %s", exc)
        return 2

    header = ["quote_id", "customer", "trailer", "start", "days", "base", *RULES, "total"]
    written = 0
    with args.output.open("w", newline="") as fh:
        out = csv.writer(fh)
        out.writerow(header)
        for req in items:
            try:
                q = quote(req)
            except ValueError as exc:
                log.warning("skipping %s: %s", req.customer, exc)
                continue
            out.writerow([cache_key(req), req.customer, req.trailer, req.start, req.days,
                          *(q[k] for k in ["base", *RULES, "total"])])
            written += 1
    os.chmod(args.output, 0o600)
    log.info("wrote %d quote(s) to %s", written, args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
