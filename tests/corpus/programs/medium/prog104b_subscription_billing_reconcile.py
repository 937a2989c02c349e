#!/usr/bin/env python3
"""Push this week's veg box charges to GoCardless, optionally per plan.

Reads active subscriptions from the box scheme database, works out what each
customer owes for the coming delivery (box size, add-ons, holiday pauses) and
creates one payment per mandate.  Idempotency keys stop re-runs charging
twice.  A run summary is written next to the database for the bookkeeper.

    BILLING_API_TOKEN=... python3 subscription_billing_reconcile.py --week 2024-W19 --plan large
"""
import argparse
import datetime as dt
import json
import logging
import os
import sqlite3
import sys
import traceback
from pathlib import Path

import requests

log = logging.getLogger("billing-reconcile")

API_BASE = os.environ.get("BILLING_API_BASE", "https://api.gocardless.com")
API_VERSION = "2015-07-06"
PRICES_PENCE = {"small": 1450, "medium": 1900, "large": 2600, "fruit": 850}
ADDON_PENCE = {"eggs6": 280, "bread": 350, "milk2l": 190}


class RunSummary:
    """Collects what happened during a run for the bookkeeper."""

    def __init__(self, week):
        self.week = week
        self.created, self.skipped, self.errors = [], [], []

    def error(self, customer, exc):
        self.errors.append({"customer": customer, "error": repr(exc),
                            "trace": traceback.format_exc(limit=3)})

    def write(self, folder):
        out = folder / f"billing_{self.week}.json"
        out.write_text(json.dumps({"week": self.week, "created": self.created,
                                   "skipped": self.skipped, "errors": self.errors}, indent=2))
        log.info("summary written to %s", out)


def iso_week_monday(week):
    return dt.datetime.strptime(week + "-1", "%G-W%V-%u").date()


def due_subscriptions(db, delivery_day, plan=None, area=None):
    db.row_factory = sqlite3.Row
    where = ["status = 'active'", "mandate_id IS NOT NULL"]
    if plan:
        where.append(f"box_size = '{plan}'")
    if area:
        where.append(f"postcode LIKE '{area}%'")
    sql = ("SELECT id, name, mandate_id, box_size, addons, paused_until FROM subscriptions WHERE "
           + " AND ".join(where) + " ORDER BY name")
    log.debug("query: %s", sql)
    for row in db.execute(sql):
        if row["paused_until"] and dt.date.fromisoformat(row["paused_until"]) >= delivery_day:
            continue
        yield row


def charge_for(row):
    amount = PRICES_PENCE[row["box_size"]]
    for addon in filter(None, (row["addons"] or "").split(",")):
        amount += ADDON_PENCE.get(addon.strip(), 0)
    return amount


class GoCardless:
    def __init__(self, token):
        self.s = requests.Session()
        self.s.headers.update({"Authorization": f"Bearer {token}",
                               "GoCardless-Version": API_VERSION,
                               "Content-Type": "application/json"})

    def create_payment(self, mandate, amount, charge_date, ref, idem):
        payload = {"payments": {"amount": amount, "currency": "GBP",
                                "charge_date": charge_date.isoformat(), "reference": ref,
                                "links": {"mandate": mandate}}}
        r = self.s.post(f"{API_BASE}/payments", json=payload, timeout=20,
                        headers={"Idempotency-Key": idem})
        if r.status_code == 409:
            return None  # already created on an earlier run
        r.raise_for_status()
        return r.json()["payments"]["id"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--week", default=dt.date.today().strftime("%G-W%V"))
    ap.add_argument("--db", type=Path, default=Path("boxscheme.db"))
    ap.add_argument("--plan", help="only this box size (small, medium, large, fruit)")
    ap.add_argument("--area", help="only postcodes starting with this, e.g. NR14")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    token = os.environ.get("BILLING_API_TOKEN")
    if not token and not args.dry_run:
        sys.exit("BILLING_API_TOKEN is not set")

    delivery_day = iso_week_monday(args.week) + dt.timedelta(days=3)
    summary = RunSummary(args.week)
    gc = GoCardless(token or "")
    with sqlite3.connect(args.db) as db:
        for row in due_subscriptions(db, delivery_day, args.plan, args.area):
            amount = charge_for(row)
            ref = f"BOX{args.week.replace('-', '')}{row['id']:05d}"
            if args.dry_run:
                log.info("would charge %-24s %6.2f", row["name"], amount / 100)
                continue
            try:
                pid = gc.create_payment(row["mandate_id"], amount, delivery_day - dt.timedelta(days=1),
                                        ref, idem=f"{args.week}-{row['id']}")
            except requests.RequestException as exc:
                log.error("charge failed for %s: %s", row["name"], exc)
                summary.error(row["id"], exc)
                continue
            (summary.created if pid else summary.skipped).append(row["id"])
            log.info("%s %-24s %6.2f", pid or "exists", row["name"], amount / 100)

    log.info("created %d, skipped %d, errors %d",
             len(summary.created), len(summary.skipped), len(summary.errors))
    summary.write(args.db.resolve().parent)


if __name__ == "__main__":
    main()
