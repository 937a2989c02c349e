#!/usr/bin/env python3
"""Push metered meeting-room usage to the billing API as draft invoice lines.

Reads a usage export (JSON lines, one booking per line) from the working
directory, groups bookings per member account, and posts one draft invoice
line per account to the billing provider. Already-pushed batches are
remembered in a small local cache keyed by an MD5 of the batch content so
re-running the job is idempotent.

Env:
    BILLING_API_KEY   secret key for https://billing.example.com (required)
"""

import argparse
import hashlib
import json
import logging
import os
import sys
from collections import defaultdict
from pathlib import Path

import requests

API_URL = "https://billing.example.com/v1/invoice_lines"
CACHE_FILE = Path(".pushed_batches.json")
log = logging.getLogger("usage-push")


class PushCache:
    """Remembers which batches were already sent."""

    def __init__(self, path):
        self.path = path
        self.keys = set()
        if path.exists():
            try:
                self.keys = set(json.loads(path.read_text()))
            except json.JSONDecodeError:
                log.warning("cache %s unreadable, starting fresh", path)

    @staticmethod
    def key_for(payload):
        blob = json.dumps(payload, sort_keys=True).encode()
        return hashlib.md5(blob).hexdigest()

    def seen(self, payload):
        return self.key_for(payload) in self.keys

    def add(self, payload):
        self.keys.add(self.key_for(payload))

    def save(self):
        self.path.write_text(json.dumps(sorted(self.keys)))
        os.chmod(self.path, 0o600)


def load_usage(path, rate_cents):
    per_account = defaultdict(lambda: {"minutes": 0, "bookings": 0})
    with path.open() as fh:
        for lineno, line in enumerate(fh, 1):
            line = line.strip()
            if not line:
                continue
            try:
                rec = json.loads(line)
                acct = rec["account_id"]
                minutes = int(rec["duration_min"])
            except (ValueError, KeyError) as exc:
                log.warning("line %d skipped: %s", lineno, exc)
                continue
            per_account[acct]["minutes"] += minutes
            per_account[acct]["bookings"] += 1
    for acct, agg in per_account.items():
        hours = agg["minutes"] / 60
        yield {
            "account": acct,
            "description": f"Meeting rooms: {agg['bookings']} bookings, {hours:.1f} h",
            "amount_cents": round(hours * rate_cents),
            "currency": "EUR",
            "draft": True,
        }


def push_line(session, line, dry_run):
    if dry_run:
        log.info("[dry-run] would push %s", line)
        return True
    resp = session.post(API_URL, json=line, timeout=20)
    if resp.status_code >= 400:
        log.error("billing API rejected %s: %s %s", line["account"], resp.status_code, resp.text[:200])
        return False
    return True


def main(argv=None):
    ap = argparse.ArgumentParser(description="Push room usage to billing")
    ap.add_argument("usage_file", type=Path)
    ap.add_argument("--rate-cents", type=int, default=1200, help="price per hour in cents")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("BILLING_API_KEY")
    if not api_key and not args.dry_run:
        log.error("BILLING_API_KEY not set")
        return 2

    session = requests.Session()
    session.headers.update({"Authorization": f"Bearer {api_key}", "User-Agent": "usage-push/1.3"})
    cache = PushCache(CACHE_FILE)

    pushed = failed = skipped = 0
    for line in load_usage(args.usage_file, args.rate_cents):
        if cache.seen(line):
            skipped += 1
            continue
        try:
            ok = push_line(session, line, args.dry_run)
        except requests.RequestException as exc:
            log.error("network error for %s: %s", line["account"], exc)
            ok = False
        if ok:
            pushed += 1
            if not args.dry_run:
                cache.add(line)
        else:
            failed += 1

    cache.save()
    log.info("pushed=%d skipped=%d failed=%d", pushed, skipped, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
