#!/usr/bin/env python3
"""Push signed waivers from the kiosk queue to the waiver service API.

The kiosk drops one JSON file per signed waiver into ./waiver_queue. This
sends each to the waiver service, stores the receipt locally and moves the
waiver to ./waiver_sent once the service has accepted it.
"""
import argparse
import json
import logging
import os
import sys
import tempfile
import time
from pathlib import Path

import requests

log = logging.getLogger("waiversync")

API_BASE = os.environ.get("WAIVER_API_BASE", "https://api.example.com/v1")
QUEUE = Path("waiver_queue")
SENT = Path("waiver_sent")
RECEIPTS = Path("receipts")


class WaiverApi:
    def __init__(self, base, api_key, timeout=15):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "Content-Type": "application/json",
            "User-Agent": "park-waiver-sync/1.3",
        })
        self.timeout = timeout

    def submit(self, waiver):
        resp = self.session.post(f"{self.base}/waivers", json=waiver, timeout=self.timeout)
        if resp.status_code == 409:
            log.info("waiver %s already on file", waiver.get("id"))
            return resp.json() if resp.content else {"status": "duplicate"}
        resp.raise_for_status()
        return resp.json()


def write_receipt(receipt, waiver_id):
    """Write atomically so a half-written receipt never appears."""
    RECEIPTS.mkdir(exist_ok=True)
    final = RECEIPTS / f"{waiver_id}.json"
    fd, tmp = tempfile.mkstemp(dir=RECEIPTS, prefix=".receipt-", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(receipt, fh, indent=2)
        os.chmod(tmp, 0o600)  # receipts include the guardian's name
        os.replace(tmp, final)
    except Exception:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    return final


def validate(waiver):
    missing = [k for k in ("id", "guardian", "jumpers", "signed_at") if k not in waiver]
    if missing:
        raise ValueError(f"missing fields: {', '.join(missing)}")
    if not waiver["jumpers"]:
        raise ValueError("no jumpers listed")


def sync(api, retries):
    SENT.mkdir(exist_ok=True)
    ok = failed = 0
    for path in sorted(QUEUE.glob("*.json")):
        try:
            waiver = json.loads(path.read_text(encoding="utf-8"))
            validate(waiver)
        except ValueError as exc:
            log.error("skipping %s: %s", path.name, exc)
            failed += 1
            continue
        for attempt in range(1, retries + 1):
            try:
                receipt = api.submit(waiver)
                write_receipt(receipt, waiver["id"])
                path.rename(SENT / path.name)
                ok += 1
                break
            except requests.RequestException as exc:
                log.warning("attempt %d for %s failed: %s", attempt, path.name, exc)
                time.sleep(2 ** attempt)
        else:
            failed += 1
    return ok, failed


def main():
    ap = argparse.ArgumentParser(description="Sync signed waivers to the waiver API")
    ap.add_argument("--retries", type=int, default=3)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("WAIVER_API_KEY")
    if not api_key:
        log.error("WAIVER_API_KEY is not set")
        return 1
    if not QUEUE.is_dir():
        log.info("queue folder %s does not exist yet, nothing to do", QUEUE)
        return 0
    ok, failed = sync(WaiverApi(API_BASE, api_key), args.retries)
    log.info("synced %d waiver(s), %d failed", ok, failed)
    return 0 if failed == 0 else 2


if __name__ == "__main__":
    sys.exit(main())
