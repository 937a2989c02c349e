#!/usr/bin/env python3
"""Open maintenance tickets for bikes flagged by the dock sensors.

Reads flagged bikes as CSV lines on stdin (so it can sit at the end of a
pipe such as `grep FAULT dock_faults.csv | maintenance_ticket_post.py`) or
from a file, and posts one JSON ticket per bike to the maintenance API.
A small state file in the working directory remembers which faults were
already ticketed so reruns do not duplicate them.

Environment:
    MAINT_API_KEY   API key for the maintenance service (required)
    MAINT_API_URL   base URL (default https://api.example.com/v1)
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

LOG = logging.getLogger("maint_tickets")
STATE_FILE = ".maint_ticket_state.json"
PRIORITY = {"brake": "high", "frame": "high", "tyre": "normal", "light": "normal", "bell": "low"}


class TicketState:
    def __init__(self, path: str):
        self.path = path
        self.seen = set()
        if os.path.exists(path):
            with open(path, encoding="utf-8") as fh:
                self.seen = set(json.load(fh))

    @staticmethod
    def key(bike_id: str, fault: str, day: str) -> str:
        return hashlib.md5(f"{bike_id}|{fault}|{day}".encode()).hexdigest()

    def save(self) -> None:
        with open(self.path, "w", encoding="utf-8") as fh:
            json.dump(sorted(self.seen), fh)
        os.chmod(self.path, 0o600)


def post_ticket(base: str, api_key: str, ticket: dict) -> str:
    req = urllib.request.Request(
        f"{base}/tickets",
        data=json.dumps(ticket).encode(),
        headers={"Content-Type": "application/json", "X-Api-Key": api_key},
        method="POST",
    )
    with urllib.request.urlopen(req, timeout=20) as resp:
        return json.load(resp).get("id", "?")


def rows_from(source) -> list:
    fields = ["bike_id", "dock", "fault", "day", "detail"]
    return [r for r in csv.DictReader(source, fieldnames=fields) if r.get("bike_id")]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", help="fault CSV (default: stdin)")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("MAINT_API_KEY")
    base = os.environ.get("MAINT_API_URL", "https://api.example.com/v1").rstrip("/")
    if not api_key and not args.dry_run:
        LOG.error("MAINT_API_KEY is not set")
        return 2

    if args.file:
        with open(args.file, newline="", encoding="utf-8") as fh:
            rows = rows_from(fh)
    else:
        rows = rows_from(sys.stdin)

    state = TicketState(STATE_FILE)
    created = skipped = failed = 0
    for row in rows:
        key = TicketState.key(row["bike_id"], row["fault"], row.get("day", ""))
        if key in state.seen:
            skipped += 1
            continue
        ticket = {
            "asset": row["bike_id"],
            "location": row.get("dock", ""),
            "category": row["fault"],
            "priority": PRIORITY.get(row["fault"].lower(), "normal"),
            "description": row.get("detail", ""),
        }
        if args.dry_run:
            print(json.dumps(ticket))
            continue
        try:
            tid = post_ticket(base, api_key, ticket)
            LOG.info("ticket %s for bike %s (%s)", tid, row["bike_id"], row["fault"])
            state.seen.add(key)
            created += 1
        except (urllib.error.URLError, ValueError) as exc:
            LOG.warning("bike %s: %s", row["bike_id"], exc)
            failed += 1
    if not args.dry_run:
        state.save()
    LOG.info("created %d, skipped %d, failed %d", created, skipped, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
