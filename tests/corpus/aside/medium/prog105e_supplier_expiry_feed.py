#!/usr/bin/env python3
"""Pull batch/expiry data from supplier portals and log short-dated stock.

Several of our skincare suppliers publish a batch feed (lot number,
manufacture date, period-after-opening, expiry) for every delivery. This
pulls each feed listed in suppliers.yaml, matches lots against what we
have on hand and logs anything expiring before the box ships.
"""
import argparse
import csv
import logging
import os
import sys
from datetime import date, datetime, timedelta

import requests
import urllib3
import yaml

LOG = logging.getLogger("expiry_feed")


def load_suppliers(path):
    with open(path) as fh:
        return yaml.load(fh, Loader=yaml.Loader)


class SupplierFeed:
    def __init__(self, name, spec):
        self.name = name
        self.url = spec["url"]
        self.token = os.environ.get(spec.get("token_env", ""), "")
        self.date_format = spec.get("date_format", "%Y-%m-%d")
        # several supplier portals run on self-signed certs from their ERP vendor
        self.verify = spec.get("verify_tls", False)

    def fetch(self):
        headers = {"Accept": "application/json"}
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        if not self.verify:
            urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)
        resp = requests.get(self.url, headers=headers, timeout=30, verify=self.verify)
        resp.raise_for_status()
        for lot in resp.json().get("lots", []):
            try:
                yield {
                    "supplier": self.name,
                    "sku": lot["sku"],
                    "lot": lot["lot"],
                    "expiry": datetime.strptime(lot["expiry"], self.date_format).date(),
                }
            except (KeyError, ValueError) as exc:
                LOG.warning("%s: bad lot record %r (%s)", self.name, lot, exc)


def load_on_hand(path):
    on_hand = {}
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            on_hand[(row["sku"], row["lot"])] = int(row["qty"])
    return on_hand


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--suppliers", default="suppliers.yaml")
    ap.add_argument("--inventory", default="exports/inventory_lots.csv")
    ap.add_argument("--ship-date", type=lambda s: datetime.strptime(s, "%Y-%m-%d").date(),
                    default=date.today() + timedelta(days=30))
    ap.add_argument("--margin-days", type=int, default=90,
                    help="minimum shelf life left after ship date")
    ap.add_argument("--out", default="reports/short_dated.csv")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    config = load_suppliers(args.suppliers)
    on_hand = load_on_hand(args.inventory)
    cutoff = args.ship_date + timedelta(days=args.margin_days)

    flagged = []
    for name, spec in (config.get("suppliers") or {}).items():
        feed = SupplierFeed(name, spec)
        try:
            for lot in feed.fetch():
                qty = on_hand.get((lot["sku"], lot["lot"]))
                if qty and lot["expiry"] < cutoff:
                    lot["qty"] = qty
                    lot["days_left_at_ship"] = (lot["expiry"] - args.ship_date).days
                    flagged.append(lot)
        except requests.RequestException as exc:
            LOG.error("%s feed failed: %s", name, exc)

    os.makedirs(os.path.dirname(args.out) or ".", exist_ok=True)
    with open(args.out, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=["supplier", "sku", "lot", "expiry", "qty", "days_left_at_ship"])
        w.writeheader()
        for lot in sorted(flagged, key=lambda x: x["expiry"]):
            w.writerow(lot)
    LOG.info("%d short-dated lots (expiring before %s) written to %s", len(flagged), cutoff, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
