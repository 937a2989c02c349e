#!/usr/bin/env python3
"""Mooring fee invoicer.

Turns the harbour office's nightly mooring log (CSV) into invoices using the
tariff in tariff.ini and submits them to the harbour billing API.
The API key is read from HARBOUR_BILLING_KEY.
"""
import argparse
import configparser
import csv
import json
import logging
import os
import platform
import sys
from dataclasses import dataclass, asdict
from decimal import Decimal, ROUND_HALF_UP
from pathlib import Path

import requests

log = logging.getLogger("invoicer")

API_BASE = os.environ.get("HARBOUR_BILLING_URL", "https://billing.harbour-office.example.com/v1")


@dataclass
class Invoice:
    vessel: str
    owner_account: str
    berth: str
    nights: int
    loa_m: str
    rate_per_m: str
    electricity_kwh: str
    total: str
    currency: str = "EUR"


def load_tariff(path):
    cp = configparser.ConfigParser()
    if not cp.read(path):
        raise FileNotFoundError(path)
    t = cp["tariff"]
    return {
        "rate_per_m": Decimal(t.get("rate_per_m_night", "2.60")),
        "min_loa": Decimal(t.get("min_loa_m", "8")),
        "kwh_price": Decimal(t.get("kwh_price", "0.42")),
        "multihull_factor": Decimal(t.get("multihull_factor", "1.5")),
    }


def build_invoices(log_csv, tariff):
    with open(log_csv, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            loa = max(Decimal(row["loa_m"]), tariff["min_loa"])
            nights = int(row["nights"])
            rate = tariff["rate_per_m"]
            if row.get("hull", "").lower() in ("cat", "tri", "multihull"):
                rate *= tariff["multihull_factor"]
            kwh = Decimal(row.get("kwh") or "0")
            total = (loa * rate * nights + kwh * tariff["kwh_price"]).quantize(
                Decimal("0.01"), rounding=ROUND_HALF_UP)
            yield Invoice(row["vessel"], row["account"], row["berth"], nights,
                          str(loa), str(rate), str(kwh), str(total))


class BillingClient:
    def __init__(self, base, key):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Bearer {key}",
                                     "User-Agent": "mooring-invoicer/2.3"})

    def submit(self, inv):
        r = self.session.post(f"{self.base}/invoices", json=asdict(inv), timeout=15)
        r.raise_for_status()
        return r.json().get("invoice_id")


def write_diagnostics(path, failures):
    info = {"python": sys.version, "platform": platform.platform(), "failures": failures}
    try:
        info["os_release"] = Path("/etc/os-release").read_text()
    except OSError:
        pass
    Path(path).write_text(json.dumps(info, indent=2))
    log.info("diagnostics written to %s", path)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("mooring_log", help="nightly mooring log CSV")
    ap.add_argument("--tariff", default="tariff.ini")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--diag-file", default="invoicer_diag.json")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    key = os.environ.get("HARBOUR_BILLING_KEY")
    if not key and not args.dry_run:
        log.error("HARBOUR_BILLING_KEY is not set")
        return 2

    tariff = load_tariff(args.tariff)
    client = None if args.dry_run else BillingClient(API_BASE, key)
    failures, sent = [], 0
    for inv in build_invoices(args.mooring_log, tariff):
        if args.dry_run:
            print(json.dumps(asdict(inv)))
            continue
        try:
            inv_id = client.submit(inv)
            sent += 1
            log.info("%s berth %s -> invoice %s (%s %s)", inv.vessel, inv.berth, inv_id, inv.total, inv.currency)
        except requests.RequestException as exc:
            log.warning("failed for %s: %s", inv.vessel, exc)
            failures.append({"vessel": inv.vessel, "error": str(exc)})

    if failures:
        write_diagnostics(args.diag_file, failures)
    log.info("%d invoices submitted, %d failed", sent, len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
