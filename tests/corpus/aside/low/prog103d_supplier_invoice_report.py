#!/usr/bin/env python3
"""Report outstanding supplier invoices for upcoming weddings.

Reads the invoice exports (florist, caterer, venue, cake, band ...) from the
planner's invoices/ folder, works out what is outstanding per wedding and per
supplier, and pushes the summary to the studio's LedgerBloom account so it
shows up on the bookkeeping dashboard.
"""

import argparse
import csv
import hashlib
import json
import logging
import os
from collections import defaultdict
from datetime import date, datetime
from pathlib import Path

import requests

log = logging.getLogger("invoice-report")

LEDGER_API = "https://api.ledgerbloom.com/v1/reports/payables"
CACHE_DIR = Path(".invoice_report_cache")


def parse_amount(raw):
    raw = raw.replace("£", "").replace("$", "").replace("€", "").replace(",", "").strip()
    return round(float(raw or 0), 2)


def load_invoices(folder):
    rows = []
    for path in sorted(Path(folder).glob("*.csv")):
        with open(path, newline="", encoding="utf-8-sig") as fh:
            for rec in csv.DictReader(fh):
                try:
                    rows.append({
                        "wedding": rec["wedding_ref"].strip(),
                        "supplier": rec["supplier"].strip(),
                        "number": rec["invoice_no"].strip(),
                        "due": datetime.strptime(rec["due_date"], "%Y-%m-%d").date(),
                        "amount": parse_amount(rec["amount"]),
                        "paid": parse_amount(rec.get("paid", "0")),
                    })
                except (KeyError, ValueError) as exc:
                    log.warning("%s: skipping row %r (%s)", path.name, rec, exc)
    return rows


def summarise(invoices, today=None):
    today = today or date.today()
    by_wedding = defaultdict(lambda: {"outstanding": 0.0, "overdue": []})
    by_supplier = defaultdict(float)
    for inv in invoices:
        owed = round(inv["amount"] - inv["paid"], 2)
        if owed <= 0:
            continue
        w = by_wedding[inv["wedding"]]
        w["outstanding"] += owed
        by_supplier[inv["supplier"]] += owed
        if inv["due"] < today:
            w["overdue"].append(f'{inv["supplier"]} #{inv["number"]} ({owed:.2f})')
    return dict(by_wedding), dict(by_supplier)


def cache_key(payload):
    blob = json.dumps(payload, sort_keys=True).encode()
    return hashlib.md5(blob).hexdigest()


def already_sent(payload):
    marker = CACHE_DIR / cache_key(payload)
    return marker.exists()


def mark_sent(payload):
    CACHE_DIR.mkdir(exist_ok=True)
    marker = CACHE_DIR / cache_key(payload)
    marker.write_text(datetime.utcnow().isoformat())
    os.chmod(marker, 0o600)


def build_payload(by_wedding, by_supplier):
    return {
        "report_date": date.today().isoformat(),
        "weddings": [{"ref": ref, "outstanding": round(info["outstanding"], 2),
                      "overdue": info["overdue"]}
                     for ref, info in sorted(by_wedding.items())],
        "suppliers": [{"name": s, "balance": round(a, 2)}
                      for s, a in sorted(by_supplier.items(), key=lambda kv: -kv[1])],
    }


def push_report(payload, api_key):
    headers = {"Authorization": f"Bearer {api_key}", "Content-Type": "application/json"}
    resp = requests.post(LEDGER_API, json=payload, headers=headers, timeout=15)
    if resp.status_code == 409:
        log.info("ledger already has today's report")
        return
    resp.raise_for_status()
    log.info("report accepted, id=%s", resp.json().get("id"))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--folder", default="invoices")
    ap.add_argument("--dry-run", action="store_true", help="print, do not post")
    ap.add_argument("--force", action="store_true", help="send even if unchanged")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    invoices = load_invoices(args.folder)
    if not invoices:
        log.error("no invoices found in %s", args.folder)
        return 1
    by_wedding, by_supplier = summarise(invoices)
    payload = build_payload(by_wedding, by_supplier)

    if args.dry_run:
        print(json.dumps(payload, indent=2, ensure_ascii=False))
        return 0
    if already_sent(payload) and not args.force:
        log.info("nothing changed since last report")
        return 0

    api_key = os.environ.get("LEDGERBLOOM_API_KEY")
    if not api_key:
        log.error("LEDGERBLOOM_API_KEY is not set")
        return 1
    try:
        push_report(payload, api_key)
    except requests.RequestException as exc:
        log.error("could not push report: %s", exc)
        return 2
    mark_sent(payload)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
