#!/usr/bin/env python3
"""Get courier quotes and labels for outgoing banner and board shipments.

Reads the packed-orders CSV from the dispatch bench, asks the courier API for
a quote per parcel, books the cheapest service within the promised date and
saves the returned label PDF next to the CSV.
"""
import argparse
import base64
import csv
import json
import logging
import os
import sys
from pathlib import Path

import requests

log = logging.getLogger("courier-quote")

API_BASE = "https://api.courier.example.com/v1"
STATUS_URL = "https://status.courier.example.com/"


class CourierClient:
    def __init__(self, api_key, timeout=15):
        self.session = requests.Session()
        # the key is only ever sent to the courier's own API
        self.session.headers.update({"Authorization": f"Bearer {api_key}", "Accept": "application/json"})
        self.timeout = timeout

    def healthy(self):
        try:
            return requests.head(STATUS_URL, timeout=5).ok
        except requests.RequestException:
            return False

    def quote(self, parcel):
        resp = self.session.post(f"{API_BASE}/quotes", json=parcel, timeout=self.timeout)
        resp.raise_for_status()
        return resp.json().get("options", [])

    def book(self, parcel, service):
        body = dict(parcel, service=service)
        resp = self.session.post(f"{API_BASE}/shipments", json=body, timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()


def parcel_from_row(row):
    return {
        "reference": row["order"],
        "to": {"name": row["name"], "postcode": row["postcode"], "country": row.get("country", "GB")},
        # rolled banners ship in tubes, rigid boards flat
        "dimensions_cm": [float(row["length_cm"]), float(row["width_cm"]), float(row["height_cm"])],
        "weight_kg": float(row["weight_kg"]),
    }


def pick(options, max_days):
    usable = [o for o in options if o.get("transit_days", 99) <= max_days]
    return min(usable, key=lambda o: o["price"]) if usable else None


def save_label(out_dir, ref, shipment):
    pdf = base64.b64decode(shipment["label_pdf_base64"])
    path = out_dir / f"{ref}.pdf"
    path.write_bytes(pdf)
    os.chmod(path, 0o600)
    (out_dir / f"{ref}.json").write_text(json.dumps({k: v for k, v in shipment.items() if k != "label_pdf_base64"}, indent=2))
    return path


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("csv", type=Path)
    ap.add_argument("--max-days", type=int, default=2)
    ap.add_argument("--quote-only", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    key = os.environ.get("COURIER_API_KEY")
    if not key:
        log.error("COURIER_API_KEY is not set")
        return 2
    client = CourierClient(key)
    if not client.healthy():
        log.warning("courier status page not answering, trying anyway")

    out_dir = args.csv.parent / "labels"
    out_dir.mkdir(exist_ok=True)
    with open(args.csv, newline="") as fh:
        for row in csv.DictReader(fh):
            parcel = parcel_from_row(row)
            try:
                best = pick(client.quote(parcel), args.max_days)
                if best is None:
                    log.warning("%s: no service within %d days", row["order"], args.max_days)
                    continue
                log.info("%s: %s at %.2f", row["order"], best["service"], best["price"])
                if not args.quote_only:
                    label = save_label(out_dir, row["order"], client.book(parcel, best["service"]))
                    log.info("label saved to %s", label)
            except (requests.RequestException, KeyError, ValueError) as exc:
                log.error("%s: %s", row["order"], exc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
