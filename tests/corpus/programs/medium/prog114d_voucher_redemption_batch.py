#!/usr/bin/env python3
"""Redeem gift vouchers against the booking system.

Reads pending redemptions from a CSV export (code, passenger, flight date),
checks each voucher's eligibility with the current season's pricing rules and
marks it redeemed through the booking API.

Pricing rules change every season (blackout weekends, sunrise surcharges,
partner vouchers). They live next to this script in season_rules.py, which
the office edits and commits alongside the season's price sheet.
"""
import argparse
import csv
import logging
import os
import sys
import types
from datetime import date
from pathlib import Path

import requests

log = logging.getLogger("voucher-batch")

BOOKING_API = os.environ.get("BOOKING_API", "https://bookings.sunrise-balloons.example/api/v1")
RULES_FILE = os.environ.get("VOUCHER_RULES_FILE", "season_rules.py")


class RuleBook:
    """Holds the season rules module and exposes check()/surcharge()."""

    def __init__(self, module):
        self.mod = module

    @classmethod
    def load(cls, path):
        p = Path(path)
        if not p.is_file():
            raise RuntimeError(f"rules file not found: {p}")
        source = p.read_text(encoding="utf-8")
        mod = types.ModuleType("season_rules")
        mod.__dict__["date"] = date
        code = compile(source, str(p), "exec")
        exec(code, mod.__dict__)
        log.info("loaded rules %s", getattr(mod, "VERSION", "?"))
        return cls(mod)

    def check(self, voucher, flight_day):
        fn = getattr(self.mod, "eligible", None)
        return True if fn is None else bool(fn(voucher, flight_day))

    def surcharge(self, voucher, flight_day):
        fn = getattr(self.mod, "surcharge", None)
        return 0.0 if fn is None else float(fn(voucher, flight_day))


class BookingClient:
    def __init__(self, base, key):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({"X-Api-Key": key, "Accept": "application/json"})

    def voucher(self, code):
        r = self.session.get(f"{self.base}/vouchers/{code}", timeout=15)
        r.raise_for_status()
        return r.json()

    def redeem(self, code, passenger, flight_day, surcharge):
        r = self.session.post(f"{self.base}/vouchers/{code}/redeem", timeout=15, json={
            "passenger": passenger,
            "flight_date": flight_day.isoformat(),
            "surcharge": surcharge,
        })
        r.raise_for_status()
        return r.json()


def read_pending(path):
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            yield row["code"].strip().upper(), row["passenger"].strip(), \
                date.fromisoformat(row["flight_date"])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("pending_csv")
    ap.add_argument("--rules", default=RULES_FILE)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    key = os.environ.get("BOOKING_API_KEY")
    if not key:
        log.error("BOOKING_API_KEY not set")
        return 2

    try:
        rules = RuleBook.load(args.rules)
    except (RuntimeError, SyntaxError) as exc:
        log.error("%s", exc)
        return 1
    api = BookingClient(BOOKING_API, key)
    ok = rejected = 0
    for code, passenger, day in read_pending(args.pending_csv):
        try:
            v = api.voucher(code)
        except requests.HTTPError as exc:
            log.warning("%s: lookup failed (%s)", code, exc)
            rejected += 1
            continue
        if v.get("status") != "active" or not rules.check(v, day):
            log.info("%s: not eligible for %s", code, day)
            rejected += 1
            continue
        extra = rules.surcharge(v, day)
        if args.dry_run:
            log.info("%s: would redeem for %s (+%.2f)", code, passenger, extra)
        else:
            api.redeem(code, passenger, day, extra)
            log.info("%s: redeemed for %s", code, passenger)
        ok += 1
    log.info("done: %d redeemed, %d rejected", ok, rejected)
    return 0


if __name__ == "__main__":
    sys.exit(main())
