#!/usr/bin/env python3
"""QR scan ingest.

Reads the CSV batches the handheld scanners leave in ./inbox, validates
each bait station scan and posts them in batches to the office scan API.
Processed batches are moved to ./inbox/done.
"""
import argparse
import csv
import logging
import os
import sys
import time
from pathlib import Path

import requests

LOG = logging.getLogger("scan_ingest")

API_BASE = os.environ.get("SCAN_API_BASE", "https://api.example.com/v1")
BATCH_SIZE = 200
VALID_ACTIVITY = {"none", "low", "medium", "high", "replaced", "missing"}


def api_available(session):
    try:
        resp = session.head(f"{API_BASE}/health", timeout=5)
        return resp.status_code < 500
    except requests.RequestException as exc:
        LOG.warning("health check failed: %s", exc)
        return False


def parse_batch(path):
    good, bad = [], 0
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            station = (row.get("station_id") or "").strip()
            activity = (row.get("activity") or "").strip().lower()
            if not station or activity not in VALID_ACTIVITY:
                bad += 1
                continue
            good.append({
                "station_id": station,
                "activity": activity,
                "technician": row.get("technician", "").strip(),
                "scanned_at": row.get("scanned_at", "").strip(),
            })
    return good, bad


def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]


class ScanUploader:
    def __init__(self, api_key, retries=3):
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "User-Agent": "scan-ingest/1.4",
        })
        self.retries = retries

    def post(self, scans):
        for attempt in range(1, self.retries + 1):
            try:
                resp = self.session.post(f"{API_BASE}/scans", json={"scans": scans}, timeout=20)
                resp.raise_for_status()
                return resp.json().get("accepted", len(scans))
            except requests.RequestException as exc:
                LOG.warning("upload attempt %d failed: %s", attempt, exc)
                time.sleep(2 * attempt)
        raise RuntimeError("upload failed after retries")


def main():
    parser = argparse.ArgumentParser(description="Upload handheld QR scan batches")
    parser.add_argument("--inbox", default="inbox")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("SCAN_API_KEY")
    if not api_key and not args.dry_run:
        LOG.error("SCAN_API_KEY is not set")
        return 1

    inbox = Path(args.inbox)
    done = inbox / "done"
    done.mkdir(parents=True, exist_ok=True)
    uploader = ScanUploader(api_key or "")
    if not args.dry_run and not api_available(uploader.session):
        LOG.error("scan API unavailable, leaving batches in place")
        return 2

    for batch in sorted(inbox.glob("*.csv")):
        scans, bad = parse_batch(batch)
        LOG.info("%s: %d valid, %d rejected", batch.name, len(scans), bad)
        if args.dry_run:
            continue
        try:
            accepted = sum(uploader.post(part) for part in chunks(scans, BATCH_SIZE))
        except RuntimeError as exc:
            LOG.error("%s: %s", batch.name, exc)
            continue
        batch.rename(done / batch.name)
        LOG.info("%s: %d accepted", batch.name, accepted)
    return 0


if __name__ == "__main__":
    sys.exit(main())
