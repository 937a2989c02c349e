#!/usr/bin/env python3
"""Push finished job invoices to the accounting service.

Reads invoice JSON files exported by the job-sheet app from ./outbox,
posts each one to the accounting API, and moves it to ./sent. A small
local cache remembers which invoices were already accepted so a re-run
after a network drop does not create duplicates.
"""

import argparse
import hashlib
import json
import logging
import os
import sys
import tempfile
import time
from pathlib import Path

import requests

log = logging.getLogger("invoice-push")

API_URL = "https://accounts.example.com/api/v3/invoices"
CACHE_FILE = Path(".invoice_push_cache.json")


def cache_key(payload: dict) -> str:
    """Stable key for an invoice body, used only to spot duplicates."""
    raw = json.dumps(payload, sort_keys=True).encode()
    return hashlib.md5(raw).hexdigest()


class SentCache:
    def __init__(self, path: Path):
        self.path = path
        try:
            self.data = json.loads(path.read_text())
        except (OSError, ValueError):
            self.data = {}

    def seen(self, key):
        return key in self.data

    def mark(self, key, remote_id):
        self.data[key] = {"id": remote_id, "at": int(time.time())}

    def save(self):
        # write atomically next to the real file, then swap it in
        fd, tmp = tempfile.mkstemp(dir=".", prefix=".cache-", suffix=".tmp")
        with os.fdopen(fd, "w") as fh:
            json.dump(self.data, fh, indent=1)
        os.chmod(tmp, 0o600)
        os.replace(tmp, self.path)


def validate(inv: dict):
    for field in ("job_id", "customer", "lines", "total"):
        if field not in inv:
            raise ValueError(f"missing {field}")
    total = round(sum(l["qty"] * l["unit_price"] for l in inv["lines"]), 2)
    if abs(total - inv["total"]) > 0.01:
        raise ValueError(f"total {inv['total']} does not match lines ({total})")


def post_invoice(session: requests.Session, inv: dict) -> str:
    resp = session.post(API_URL, json=inv, timeout=30)
    if resp.status_code == 409:
        return resp.json().get("existing_id", "duplicate")
    resp.raise_for_status()
    return resp.json()["id"]


def main():
    ap = argparse.ArgumentParser(description="Send invoices to accounting")
    ap.add_argument("--outbox", default="outbox")
    ap.add_argument("--sent", default="sent")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    api_key = os.environ.get("ACCOUNTS_API_KEY")
    if not api_key:
        log.error("ACCOUNTS_API_KEY is not set")
        return 1

    session = requests.Session()
    session.headers.update({"Authorization": f"Bearer {api_key}",
                            "User-Agent": "locksmith-invoice-push/1.4"})
    cache = SentCache(CACHE_FILE)
    outbox, sent = Path(args.outbox), Path(args.sent)
    sent.mkdir(exist_ok=True)

    ok = failed = 0
    for path in sorted(outbox.glob("*.json")):
        try:
            inv = json.loads(path.read_text())
            validate(inv)
        except (OSError, ValueError) as exc:
            log.warning("%s: %s", path.name, exc)
            failed += 1
            continue
        key = cache_key(inv)
        if cache.seen(key):
            log.info("%s already sent", path.name)
        elif args.dry_run:
            log.info("would send %s (%.2f)", path.name, inv["total"])
            continue
        else:
            try:
                cache.mark(key, post_invoice(session, inv))
                ok += 1
            except requests.RequestException as exc:
                log.warning("%s: %s", path.name, exc)
                failed += 1
                continue
        path.rename(sent / path.name)

    cache.save()
    log.info("sent %d, failed %d", ok, failed)
    return 0 if failed == 0 else 3


if __name__ == "__main__":
    sys.exit(main())
