#!/usr/bin/env python3
"""Turn the month's livery charges (full, part, DIY, extras such as turnout,
rugging, farrier holding) into draft invoices in the yard's accounting
package.

Reads livery_charges.csv from the working directory:
    owner_ref,owner_name,horse,item,qty,unit_price,vat_code
"""
import argparse
import csv
import http.client
import json
import logging
import os
import sys
from collections import defaultdict
from datetime import date
from decimal import Decimal
from pathlib import Path

log = logging.getLogger("livery_sync")

API_HOST = "api.stablebooks.co.uk"
API_PREFIX = "/v2"
VAT = {"S": Decimal("0.20"), "Z": Decimal("0"), "E": Decimal("0")}


def read_charges(path):
    by_owner = defaultdict(list)
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                row["qty"] = Decimal(row["qty"])
                row["unit_price"] = Decimal(row["unit_price"])
            except Exception:
                log.warning("skipping bad row: %r", row)
                continue
            by_owner[(row["owner_ref"], row["owner_name"])].append(row)
    return by_owner


def build_invoice(owner_ref, owner_name, rows, period):
    lines, net, tax = [], Decimal(0), Decimal(0)
    for r in rows:
        amount = (r["qty"] * r["unit_price"]).quantize(Decimal("0.01"))
        rate = VAT.get(r.get("vat_code", "S"), VAT["S"])
        lines.append({
            "description": f"{r['horse']}: {r['item']}",
            "quantity": str(r["qty"]),
            "unit_amount": str(r["unit_price"]),
            "tax_code": r.get("vat_code", "S"),
        })
        net += amount
        tax += (amount * rate).quantize(Decimal("0.01"))
    return {
        "contact": {"reference": owner_ref, "name": owner_name},
        "reference": f"LIV-{period}-{owner_ref}",
        "date": date.today().isoformat(),
        "status": "DRAFT",
        "lines": lines,
        "totals": {"net": str(net), "tax": str(tax), "gross": str(net + tax)},
    }


class StableBooks:
    def __init__(self, api_key):
        self.api_key = api_key

    def post(self, path, payload):
        conn = http.client.HTTPSConnection(API_HOST, timeout=30)
        try:
            conn.request("POST", API_PREFIX + path, body=json.dumps(payload),
                         headers={"Content-Type": "application/json",
                                  "X-Api-Key": self.api_key})
            resp = conn.getresponse()
            body = resp.read()
            if resp.status >= 300:
                raise RuntimeError(f"{resp.status} {resp.reason}: {body[:200]!r}")
            return json.loads(body or b"{}")
        finally:
            conn.close()


def write_run_log(summary, directory="."):
    path = Path(directory) / f"livery_sync_{summary['period']}.json"
    path.write_text(json.dumps(summary, indent=2))
    os.chmod(path, 0o600)
    log.debug("run log written to %s", path)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Export livery charges as draft invoices")
    ap.add_argument("--charges", default="livery_charges.csv")
    ap.add_argument("--period", default=date.today().strftime("%Y%m"))
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("STABLEBOOKS_API_KEY")
    if not api_key and not args.dry_run:
        log.error("STABLEBOOKS_API_KEY is not set")
        return 2

    charges = read_charges(args.charges)
    client = StableBooks(api_key)
    summary = {"period": args.period, "owners": len(charges), "ok": 0, "failed": []}

    for (ref, name), rows in sorted(charges.items()):
        inv = build_invoice(ref, name, rows, args.period)
        if args.dry_run:
            print(json.dumps(inv, indent=2))
            continue
        try:
            created = client.post("/invoices", inv)
            summary["ok"] += 1
            log.info("invoice %s for %s: %s", created.get("number", "?"), name,
                     inv["totals"]["gross"])
        except (OSError, RuntimeError) as exc:
            summary["failed"].append(ref)
            log.error("invoice for %s failed: %s", name, exc)

    if not args.dry_run:
        write_run_log(summary)
    log.info("%d of %d invoices created", summary["ok"], summary["owners"])
    return 1 if summary["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
