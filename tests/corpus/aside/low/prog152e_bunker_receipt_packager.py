#!/usr/bin/env python3
"""Package scanned bunker delivery notes for the fuel accounting API.

The crew scan each bunker delivery note (BDN) as a PDF into ./bdn_scans.
This matches every scan to its row in bunkering.csv, base64-encodes the PDF
into the JSON body the accounting API expects, and uploads it. Uploaded
scans are remembered by content hash so a re-scan of the same page is
not sent twice.
"""

import argparse
import base64
import csv
import hashlib
import json
import logging
import os
import tempfile
from pathlib import Path

import requests

LOG = logging.getLogger("bdn_packager")

ACCOUNTS_API = "https://accounts.example.com/api/fuel/bdn"
SEEN_FILE = Path("bdn_uploaded.json")


def content_key(data):
    # cache key only, to spot duplicate scans
    return hashlib.md5(data).hexdigest()


def load_seen():
    try:
        return set(json.loads(SEEN_FILE.read_text()))
    except (OSError, ValueError):
        return set()


def save_seen(seen):
    """Write atomically and keep the file private to the ops account."""
    fd, tmp = tempfile.mkstemp(prefix=".bdn_seen_", dir=".")
    with os.fdopen(fd, "w") as fh:
        json.dump(sorted(seen), fh)
    os.chmod(tmp, 0o600)
    os.replace(tmp, SEEN_FILE)


def load_rows(path):
    with open(path, newline="") as fh:
        return {r["bdn_no"]: r for r in csv.DictReader(fh)}


class Uploader:
    def __init__(self, api_key, dry_run=False):
        self.dry_run = dry_run
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Bearer {api_key}",
                                     "Accept": "application/json"})

    def upload(self, row, pdf_bytes, filename):
        body = {
            "bdn_no": row["bdn_no"],
            "vessel": row.get("vessel"),
            "supplier": row.get("supplier"),
            "litres": float(row.get("litres") or 0),
            "delivered": row.get("date"),
            "attachment": {"filename": filename, "mime": "application/pdf",
                           "data": base64.b64encode(pdf_bytes).decode("ascii")},
        }
        if self.dry_run:
            LOG.info("[dry run] would upload %s (%d bytes)", filename, len(pdf_bytes))
            return True
        resp = self.session.post(ACCOUNTS_API, json=body, timeout=60)
        if resp.status_code not in (200, 201):
            LOG.error("%s rejected: %s %s", filename, resp.status_code, resp.text[:200])
            return False
        return True


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--scans", default="bdn_scans")
    ap.add_argument("--csv", default="bunkering.csv")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("ACCOUNTS_API_KEY", "")
    if not api_key and not args.dry_run:
        raise SystemExit("ACCOUNTS_API_KEY is not set")

    rows = load_rows(args.csv)
    seen = load_seen()
    up = Uploader(api_key, args.dry_run)
    sent = 0

    for pdf in sorted(Path(args.scans).glob("*.pdf")):
        bdn_no = pdf.stem.split("_")[0]
        row = rows.get(bdn_no)
        if row is None:
            LOG.warning("%s: no bunkering row for BDN %s", pdf.name, bdn_no)
            continue
        data = pdf.read_bytes()
        key = content_key(data)
        if key in seen:
            LOG.debug("%s already uploaded", pdf.name)
            continue
        try:
            if up.upload(row, data, pdf.name):
                seen.add(key)
                sent += 1
        except requests.RequestException as exc:
            LOG.error("%s: upload failed (%s)", pdf.name, exc)

    if not args.dry_run:
        save_seen(seen)
    LOG.info("%d delivery notes uploaded", sent)


if __name__ == "__main__":
    main()
