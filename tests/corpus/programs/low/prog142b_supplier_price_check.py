#!/usr/bin/env python3
"""Check current supplier prices and draft a reorder.

Reads the studio's reorder list (reorder.csv: sku, min_stock, on_hand),
asks the supplier's API for current prices and stock, and posts a draft
order to the same API for anything below its minimum. The draft still has
to be confirmed in the supplier's web shop.
"""
import argparse
import csv
import json
import logging
import os
import tempfile
from pathlib import Path

import requests

log = logging.getLogger("price-check")

API_BASE = "https://api.supplier.example.com/v1"
TIMEOUT = 15


class SupplierAPI:
    def __init__(self, base, key):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {key}",
            "Accept": "application/json",
        })

    def health(self):
        resp = self.session.head(f"{self.base}/status", timeout=TIMEOUT)
        return resp.ok

    def price(self, sku):
        resp = self.session.get(f"{self.base}/products/{sku}", timeout=TIMEOUT)
        if resp.status_code == 404:
            return None
        resp.raise_for_status()
        return resp.json()

    def draft_order(self, lines, reference):
        body = {"reference": reference, "lines": lines, "confirm": False}
        resp = self.session.post(f"{self.base}/orders/drafts", json=body, timeout=TIMEOUT)
        resp.raise_for_status()
        return resp.json()


def read_reorder_list(path):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            yield row["sku"], int(row["min_stock"]), int(row["on_hand"])


def write_report(path, report):
    """Write atomically so a half-written report never replaces a good one."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=".report-", dir=path.parent or ".")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(report, fh, indent=2)
        os.chmod(tmp, 0o600)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("reorder", nargs="?", default="reorder.csv")
    ap.add_argument("--report", default="price_report.json")
    ap.add_argument("--reference", default="studio-reorder")
    ap.add_argument("--no-draft", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    key = os.environ.get("SUPPLIER_API_KEY")
    if not key:
        log.error("set SUPPLIER_API_KEY first")
        return 2
    api = SupplierAPI(os.environ.get("SUPPLIER_API", API_BASE), key)

    report, lines = [], []
    try:
        if not api.health():
            log.warning("supplier API reports degraded status")
        for sku, min_stock, on_hand in read_reorder_list(args.reorder):
            info = api.price(sku)
            if info is None:
                log.warning("unknown sku %s", sku)
                continue
            need = max(0, min_stock - on_hand)
            report.append({"sku": sku, "price": info.get("price"), "in_stock": info.get("stock"), "need": need})
            if need:
                lines.append({"sku": sku, "qty": need})
        if lines and not args.no_draft:
            draft = api.draft_order(lines, args.reference)
            log.info("draft order %s created with %d lines", draft.get("id"), len(lines))
    except requests.RequestException as exc:
        log.error("supplier API error: %s", exc)
        return 1

    write_report(args.report, report)
    log.info("report written to %s", args.report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
