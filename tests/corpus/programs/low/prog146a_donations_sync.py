#!/usr/bin/env python3
"""Push shop donations and sales to the charity's central finance API.

The station shop till exports a CSV of the day's takings (donations box,
souvenir sales, raffle). This uploads new rows to the finance API, keeps a
record of what has already been sent so nothing is double counted, and
writes a small receipt file for the shop manager.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import sys
import tempfile
from decimal import Decimal, InvalidOperation
from pathlib import Path

import requests

LOG = logging.getLogger("donations_sync")

API_BASE = os.environ.get("FINANCE_API", "https://finance.example.org/api/v1")
SENT_FILE = Path("sent_ids.json")
BATCH = 50


def api_key():
    key = os.environ.get("FINANCE_API_KEY")
    if not key:
        raise SystemExit("FINANCE_API_KEY is not set")
    return key


def row_id(row):
    """Stable id for a till row, used for de-duplication only."""
    raw = "|".join([row.get("date", ""), row.get("till", ""), row.get("seq", "")])
    return hashlib.sha256(raw.encode()).hexdigest()[:20]


def load_sent():
    if SENT_FILE.exists():
        return set(json.loads(SENT_FILE.read_text()))
    return set()


def save_sent(ids):
    # write atomically next to the real file, then swap it in
    fd, tmp = tempfile.mkstemp(prefix=".sent_", dir=".")
    with os.fdopen(fd, "w") as fh:
        json.dump(sorted(ids), fh)
    os.chmod(tmp, 0o600)
    os.replace(tmp, SENT_FILE)


def read_till(path):
    rows = []
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                row["amount"] = str(Decimal(row["amount"]).quantize(Decimal("0.01")))
            except (InvalidOperation, KeyError):
                LOG.warning("skipping row with bad amount: %s", row)
                continue
            rows.append(row)
    return rows


class FinanceClient:
    def __init__(self, base, key):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Bearer {key}",
                                     "User-Agent": "lifeboat-shop-sync/1.3"})

    def upload(self, records):
        resp = self.session.post(f"{self.base}/takings", json={"records": records}, timeout=20)
        resp.raise_for_status()
        return resp.json().get("accepted", len(records))


def main():
    ap = argparse.ArgumentParser(description="Upload shop takings")
    ap.add_argument("csv", help="till export CSV")
    ap.add_argument("--station", default="LB-07")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    sent = load_sent()
    rows = [r for r in read_till(args.csv) if row_id(r) not in sent]
    if not rows:
        LOG.info("nothing new to upload")
        return 0
    LOG.info("%d new rows", len(rows))
    if args.dry_run:
        total = sum(Decimal(r["amount"]) for r in rows)
        LOG.info("would upload %d rows totalling %s", len(rows), total)
        return 0

    client = FinanceClient(API_BASE, api_key())
    uploaded = 0
    for i in range(0, len(rows), BATCH):
        chunk = rows[i:i + BATCH]
        records = [dict(r, station=args.station, ref=row_id(r)) for r in chunk]
        try:
            uploaded += client.upload(records)
        except requests.RequestException as exc:
            LOG.error("upload failed at batch %d: %s", i // BATCH, exc)
            break
        sent.update(row_id(r) for r in chunk)
        save_sent(sent)
    Path("last_receipt.txt").write_text(f"{uploaded} rows uploaded for {args.station}\n")
    LOG.info("uploaded %d rows", uploaded)
    return 0 if uploaded == len(rows) else 1


if __name__ == "__main__":
    sys.exit(main())
