#!/usr/bin/env python3
"""Push comp-ticket allocations to the ticketing platform.

Company management allocates complimentary seats to dancers' families for
each performance in a CSV. This tool turns the sheet into orders on the
ticketing platform's API, caching responses so reruns don't double-book.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import tempfile
from pathlib import Path

import requests

log = logging.getLogger("comp_tickets")

API_BASE = os.environ.get("TICKETING_API", "https://api.tickets.example.com/v2")
CACHE_DIR = Path(".comp_cache")


def api_key():
    key = os.environ.get("TICKETING_API_KEY")
    if not key:
        raise SystemExit("TICKETING_API_KEY is not set")
    return key


def cache_key(row):
    # stable key per allocation line; only used to name cache files
    raw = "|".join([row["performance"], row["dancer"], row["guest"], row["seats"]])
    return hashlib.md5(raw.encode()).hexdigest()


def save_cache(key, data):
    CACHE_DIR.mkdir(exist_ok=True)
    final = CACHE_DIR / f"{key}.json"
    # write to a temp file in the same dir, then rename atomically
    fd, tmp = tempfile.mkstemp(dir=CACHE_DIR, suffix=".part")
    with os.fdopen(fd, "w") as fh:
        json.dump(data, fh)
    os.chmod(tmp, 0o600)
    os.replace(tmp, final)


def load_cache(key):
    path = CACHE_DIR / f"{key}.json"
    if path.exists():
        with open(path) as fh:
            return json.load(fh)
    return None


class TicketingClient:
    def __init__(self, base, key, timeout=15):
        self.base = base.rstrip("/")
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Bearer {key}",
                                     "Accept": "application/json"})

    def create_comp_order(self, row):
        body = {
            "performance_id": row["performance"],
            "holder": row["guest"],
            "quantity": int(row["seats"]),
            "price_band": "COMP",
            "note": f"family of {row['dancer']}",
        }
        resp = self.session.post(f"{self.base}/orders", json=body, timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()


def read_sheet(path):
    with open(path, newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def main():
    ap = argparse.ArgumentParser(description="Create comp ticket orders")
    ap.add_argument("sheet", help="allocation CSV")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    client = TicketingClient(API_BASE, api_key())
    created = skipped = failed = 0
    for row in read_sheet(args.sheet):
        key = cache_key(row)
        if load_cache(key):
            skipped += 1
            continue
        if args.dry_run:
            log.info("would book %s seats for %s (%s)", row["seats"], row["guest"], row["performance"])
            continue
        try:
            order = client.create_comp_order(row)
            save_cache(key, order)
            created += 1
            log.info("order %s for %s", order.get("id"), row["guest"])
        except (requests.RequestException, ValueError, KeyError) as exc:
            failed += 1
            log.warning("could not book for %s: %s", row.get("guest"), exc)

    log.info("created=%d skipped=%d failed=%d", created, skipped, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
