#!/usr/bin/env python3
"""Submit export declarations for outbound frozen loads.

Reads the outbound pallet manifest exported by the WMS, groups it by
shipment, builds the declaration payload and submits it to the customs
broker's API.  Receipts are kept in ./receipts for the audit trail.
"""
import argparse
import base64
import csv
import json
import logging
import os
import sys
from collections import defaultdict
from pathlib import Path

import requests

log = logging.getLogger("customs_submit")

API_BASE = os.environ.get("CUSTOMS_API_BASE", "https://api.customs.example.com/v2")
RECEIPT_DIR = Path("receipts")


def read_manifest(path):
    shipments = defaultdict(list)
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            shipments[row["shipment_id"]].append({
                "sscc": row["sscc"],
                "hs_code": row["hs_code"],
                "description": row["description"],
                "net_kg": float(row["net_kg"]),
                "value_eur": float(row["value_eur"]),
                "temp_c": float(row.get("temp_c") or -18),
            })
    return shipments


def attach_invoice(shipment_id, invoice_dir):
    """The broker wants the commercial invoice PDF inline as base64."""
    pdf = Path(invoice_dir) / f"{shipment_id}.pdf"
    if not pdf.exists():
        return None
    return {"filename": pdf.name, "content_b64": base64.b64encode(pdf.read_bytes()).decode()}


def build_declaration(shipment_id, lines, exporter, invoice):
    decl = {
        "reference": shipment_id,
        "exporter_eori": exporter,
        "procedure": "1000",
        "goods": [{
            "hs_code": l["hs_code"],
            "description": l["description"],
            "net_mass_kg": round(l["net_kg"], 2),
            "statistical_value_eur": round(l["value_eur"], 2),
            "package_ref": l["sscc"],
        } for l in lines],
        "transport": {"mode": "road", "temperature_controlled": True,
                      "set_point_c": min(l["temp_c"] for l in lines)},
    }
    if invoice:
        decl["documents"] = [invoice]
    return decl


class BrokerClient:
    def __init__(self, base, api_key):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Bearer {api_key}",
                                     "Accept": "application/json"})

    def submit(self, decl):
        r = self.session.post(f"{self.base}/declarations", json=decl, timeout=30)
        r.raise_for_status()
        return r.json()


def save_receipt(shipment_id, receipt):
    RECEIPT_DIR.mkdir(exist_ok=True)
    path = RECEIPT_DIR / f"{shipment_id}.json"
    path.write_text(json.dumps(receipt, indent=2))
    # receipts carry the exporter's EORI, keep them private to this user
    os.chmod(path, 0o600)
    return path


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("manifest")
    ap.add_argument("--invoices", default="invoices")
    ap.add_argument("--exporter", default=os.environ.get("EXPORTER_EORI", ""))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("CUSTOMS_API_KEY")
    if not api_key and not args.dry_run:
        log.error("CUSTOMS_API_KEY is not set")
        return 2

    shipments = read_manifest(args.manifest)
    client = BrokerClient(API_BASE, api_key or "")
    failures = 0
    for sid, lines in sorted(shipments.items()):
        decl = build_declaration(sid, lines, args.exporter, attach_invoice(sid, args.invoices))
        if args.dry_run:
            print(json.dumps(decl, indent=2)[:2000])
            continue
        try:
            receipt = client.submit(decl)
        except requests.RequestException as exc:
            log.error("%s: submission failed: %s", sid, exc)
            failures += 1
            continue
        log.info("%s: accepted as %s -> %s", sid, receipt.get("mrn"), save_receipt(sid, receipt))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
