#!/usr/bin/env python3
"""Submit approved fare changes to the fares API.

The depot office keeps proposed fare changes in a CSV. This tool validates
each row and posts the approved ones as JSON to the operator's fares API,
authenticating with the API key from the FARES_API_KEY environment variable.
Rows can also be piped in from another tool (``--stdin``), and already
submitted batches are remembered in a small cache in the working directory.
"""

import argparse
import csv
import hashlib
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from pathlib import Path

LOG = logging.getLogger("fare_change_submit")

API_URL = "https://api.fares.example.com/v1/fare-changes"
CACHE = Path("./.fare_submit_cache.json")
FIELDS = ("product", "zone_from", "zone_to", "old_cents", "new_cents", "effective")


class FareChange:
    def __init__(self, row: dict):
        self.product = row["product"].strip()
        self.zone_from = int(row["zone_from"])
        self.zone_to = int(row["zone_to"])
        self.old_cents = int(row["old_cents"])
        self.new_cents = int(row["new_cents"])
        self.effective = row["effective"].strip()

    def validate(self):
        if not self.product:
            raise ValueError("empty product")
        if self.new_cents <= 0 or self.new_cents > 50000:
            raise ValueError(f"implausible price {self.new_cents}")
        if abs(self.new_cents - self.old_cents) > self.old_cents // 2:
            raise ValueError("change above 50%, needs board approval")

    def as_dict(self):
        return {k: getattr(self, k) for k in FIELDS}


def load_cache() -> dict:
    try:
        return json.loads(CACHE.read_text())
    except (OSError, ValueError):
        return {}


def save_cache(cache: dict):
    CACHE.write_text(json.dumps(cache, indent=1))
    os.chmod(CACHE, 0o600)


def read_rows(args):
    fh = sys.stdin if args.stdin else open(args.csv, newline="")
    with fh:
        for n, row in enumerate(csv.DictReader(fh), start=2):
            if row.get("approved", "").strip().lower() not in ("y", "yes", "1"):
                continue
            try:
                change = FareChange(row)
                change.validate()
            except (KeyError, ValueError) as exc:
                LOG.warning("line %d skipped: %s", n, exc)
                continue
            yield change


def post(payload: dict, key: str, timeout: int) -> dict:
    req = urllib.request.Request(
        API_URL,
        data=json.dumps(payload).encode(),
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {key}"},
        method="POST",
    )
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return json.loads(resp.read() or b"{}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("csv", nargs="?", default="./fare_changes.csv")
    ap.add_argument("--stdin", action="store_true", help="read CSV from a pipe")
    ap.add_argument("--timeout", type=int, default=15)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    key = os.environ.get("FARES_API_KEY")
    if not key and not args.dry_run:
        LOG.error("FARES_API_KEY is not set")
        return 1
    changes = [c.as_dict() for c in read_rows(args)]
    if not changes:
        LOG.info("no approved changes to submit")
        return 0
    batch = json.dumps(changes, sort_keys=True).encode()
    batch_id = hashlib.md5(batch).hexdigest()  # cache key only
    cache = load_cache()
    if batch_id in cache:
        LOG.info("batch %s already submitted on %s", batch_id[:8], cache[batch_id])
        return 0
    if args.dry_run:
        print(json.dumps({"batch": batch_id, "changes": changes}, indent=2))
        return 0
    try:
        result = post({"batch": batch_id, "changes": changes}, key, args.timeout)
    except (urllib.error.URLError, ValueError) as exc:
        LOG.error("submission failed: %s", exc)
        return 1
    cache[batch_id] = result.get("received_at", "unknown")
    save_cache(cache)
    LOG.info("submitted %d changes, batch %s", len(changes), batch_id[:8])
    return 0


if __name__ == "__main__":
    sys.exit(main())
