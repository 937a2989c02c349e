#!/usr/bin/env python3
"""Push mooring invoices to the accounts ledger.

Reads the invoice files produced by the season run and posts each one as a
JSON document to the accounting service's API. The API key comes from the
environment and is only ever sent to that API. A receipt file records which
invoices were accepted so a re-run doesn't post duplicates.
"""
import argparse
import json
import logging
import os
import re
import sys
import tempfile
from pathlib import Path

import requests

log = logging.getLogger("ledger-push")

LEDGER_API = os.environ.get("LEDGER_API", "https://api.ledger.example.com/v1")
RECEIPTS = Path("ledger_receipts.json")
FIELD_RE = re.compile(r"^(?P<k>[A-Za-z ]+):\s*(?P<v>.+)$")


def parse_invoice(path: Path):
    lines = path.read_text().splitlines()
    doc = {"number": lines[0].split()[-1], "source_file": path.name}
    for line in lines[1:]:
        m = FIELD_RE.match(line)
        if m:
            doc[m.group("k").strip().lower().replace(" ", "_")] = m.group("v").strip()
    for money_field in ("net", "vat", "total"):
        if money_field in doc:
            doc[money_field] = float(doc[money_field])
    return doc


def load_receipts():
    if RECEIPTS.exists():
        return json.loads(RECEIPTS.read_text())
    return {}


def save_receipts(receipts):
    # write atomically next to the final file, then keep it private
    fd, tmp = tempfile.mkstemp(prefix=".receipts-", dir=".")
    with os.fdopen(fd, "w") as fh:
        json.dump(receipts, fh, indent=2)
    os.replace(tmp, RECEIPTS)
    os.chmod(RECEIPTS, 0o600)


class LedgerClient:
    def __init__(self, base, key):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Bearer {key}",
                                     "Content-Type": "application/json"})

    def post_invoice(self, doc):
        resp = self.session.post(f"{self.base}/invoices", json=doc, timeout=20)
        if resp.status_code == 409:
            return {"id": None, "status": "duplicate"}
        resp.raise_for_status()
        return resp.json()


def main():
    ap = argparse.ArgumentParser(description="Post invoice files to the accounts ledger")
    ap.add_argument("folder", nargs="?", default="invoices")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    key = os.environ.get("LEDGER_API_KEY")
    if not key and not args.dry_run:
        log.error("set LEDGER_API_KEY first")
        return 1

    files = sorted(Path(args.folder).glob("INV*.txt"))
    if not files:
        log.warning("no invoice files in %s", args.folder)
        return 0

    receipts = load_receipts()
    client = LedgerClient(LEDGER_API, key or "")
    posted = failed = 0
    for path in files:
        try:
            doc = parse_invoice(path)
        except (IndexError, ValueError) as exc:
            log.warning("cannot read %s: %s", path.name, exc)
            failed += 1
            continue
        if doc["number"] in receipts:
            continue
        if args.dry_run:
            print(json.dumps(doc))
            continue
        try:
            result = client.post_invoice(doc)
        except requests.RequestException as exc:
            log.error("ledger rejected %s: %s", doc["number"], exc)
            failed += 1
            continue
        receipts[doc["number"]] = result.get("id") or result.get("status")
        posted += 1

    if not args.dry_run:
        save_receipts(receipts)
    log.info("posted %d, failed %d, already in ledger %d", posted, failed,
             len(files) - posted - failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
