#!/usr/bin/env python3
"""Push the day's walk-in jump sessions to the booking platform.

The till exports walk-in sales as CSV; the booking platform wants them as
JSON so capacity numbers stay right. Each batch is cached by content hash so
re-running the script never double-posts.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import pathlib
import urllib.request
from dataclasses import dataclass, asdict

log = logging.getLogger("booking-export")

API_BASE = os.environ.get("BOOKING_API", "https://api.bookings.example.com/v1")
CACHE = pathlib.Path(".export_cache")


@dataclass
class WalkIn:
    ticket: str
    court: str
    minutes: int
    jumpers: int
    sold_at: str


def read_csv(path):
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            yield WalkIn(row["ticket"], row["court"], int(row["minutes"]),
                         int(row["jumpers"]), row["sold_at"])


def batch_key(rows):
    blob = json.dumps([asdict(r) for r in rows], sort_keys=True).encode()
    return hashlib.md5(blob).hexdigest()


def already_sent(key):
    return (CACHE / key).exists()


def mark_sent(key, status):
    CACHE.mkdir(exist_ok=True)
    marker = CACHE / key
    marker.write_text(json.dumps({"status": status}))
    os.chmod(marker, 0o600)


def post(rows, api_key):
    body = json.dumps({"source": "till", "walkins": [asdict(r) for r in rows]}).encode()
    req = urllib.request.Request(
        f"{API_BASE}/walkins/bulk",
        data=body,
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {api_key}"},
    )
    with urllib.request.urlopen(req, timeout=30) as resp:
        return resp.status


def chunks(seq, n):
    for i in range(0, len(seq), n):
        yield seq[i:i + n]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("csv", type=pathlib.Path)
    ap.add_argument("--batch", type=int, default=100)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("BOOKING_API_KEY")
    if not api_key and not args.dry_run:
        log.error("BOOKING_API_KEY is not set")
        return 2

    rows = list(read_csv(args.csv))
    sent = skipped = 0
    for part in chunks(rows, args.batch):
        key = batch_key(part)
        if already_sent(key):
            skipped += 1
            continue
        if args.dry_run:
            log.info("would post %d walk-ins (batch %s)", len(part), key[:8])
            continue
        status = post(part, api_key)
        mark_sent(key, status)
        sent += 1
    log.info("%d rows, %d batches sent, %d already sent", len(rows), sent, skipped)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
