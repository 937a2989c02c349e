#!/usr/bin/env python3
"""Send finished bindery orders to the accounting service as invoices.

Reads finished_orders.csv from the working directory, attaches each
order's delivery note PDF (base64, as the accounting API expects) and
posts one invoice per order. Orders already sent are remembered in a
small cache file so reruns do not double-bill.
"""
import argparse
import base64
import csv
import hashlib
import json
import logging
import os
import sys
from pathlib import Path

import requests

log = logging.getLogger("invoice-export")

API = {
    "base": "https://" + ".".join(("api", "example", "com")),
    "route": "/v2/invoices",
    "key_env": "INVOICE_API_KEY",
    "timeout": 15,
}

CACHE_FILE = Path(".invoice_cache.json")
NOTES_DIR = Path("delivery_notes")


def cache_key(row):
    ident = f"{row['order_no']}|{row['customer']}|{row['total']}"
    return hashlib.md5(ident.encode()).hexdigest()


def load_cache():
    if CACHE_FILE.exists():
        try:
            return set(json.loads(CACHE_FILE.read_text()))
        except ValueError:
            log.warning("cache unreadable, starting fresh")
    return set()


def save_cache(keys):
    CACHE_FILE.write_text(json.dumps(sorted(keys)))
    os.chmod(CACHE_FILE, 0o600)


def attachment(order_no):
    pdf = NOTES_DIR / f"{order_no}.pdf"
    if not pdf.is_file():
        return None
    return {"filename": pdf.name,
            "content_b64": base64.b64encode(pdf.read_bytes()).decode("ascii")}


class InvoiceClient:
    def __init__(self, api):
        key = os.environ.get(api["key_env"])
        if not key:
            raise RuntimeError(f"set {api['key_env']} first")
        self.url = api["base"] + api["route"]
        self.timeout = api["timeout"]
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Bearer {key}",
                                     "Accept": "application/json"})

    def send(self, row):
        body = {
            "reference": row["order_no"],
            "customer": row["customer"],
            "lines": [{"description": row["binding"],
                       "quantity": int(row["qty"]),
                       "amount": row["total"]}],
        }
        att = attachment(row["order_no"])
        if att:
            body["attachments"] = [att]
        resp = self.session.post(self.url, json=body, timeout=self.timeout)
        resp.raise_for_status()
        return resp.json().get("id")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--orders", default="finished_orders.csv")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        with open(args.orders, newline="") as fh:
            rows = list(csv.DictReader(fh))
    except OSError as exc:
        log.error("cannot read %s: %s", args.orders, exc)
        return 1

    done = load_cache()
    todo = [r for r in rows if cache_key(r) not in done]
    log.info("%d orders, %d not yet invoiced", len(rows), len(todo))
    if args.dry_run or not todo:
        for r in todo:
            print(r["order_no"], r["customer"], r["total"])
        return 0

    try:
        client = InvoiceClient(API)
    except RuntimeError as exc:
        log.error("%s", exc)
        return 1

    failed = 0
    for row in todo:
        try:
            inv = client.send(row)
        except (requests.RequestException, ValueError, KeyError) as exc:
            log.error("order %s failed: %s", row.get("order_no"), exc)
            failed += 1
            continue
        done.add(cache_key(row))
        log.info("order %s invoiced as %s", row["order_no"], inv)
    save_cache(done)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
