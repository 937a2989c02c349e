#!/usr/bin/env python3
"""Push local mooring bookings to the marina portal calendar.

The marina office keeps bookings in a local SQLite file (bookings.db) that the
desk app writes. This script pushes new and changed rows to the marina portal
API so the online availability calendar stays in step.
"""
import argparse
import json
import logging
import os
import sqlite3
import sys
from datetime import datetime, timezone
from pathlib import Path

import requests

log = logging.getLogger("mooring-calendar")

PORTAL = os.environ.get("MARINA_PORTAL_URL", "https://portal.lockkeeper-marinas.co.uk/api/v1")
STATE_FILE = Path(".mooring_calendar_state.json")


def load_state():
    try:
        return json.loads(STATE_FILE.read_text())
    except (OSError, ValueError):
        return {"last_sync": "1970-01-01T00:00:00"}


def save_state(state):
    STATE_FILE.write_text(json.dumps(state, indent=2))
    os.chmod(STATE_FILE, 0o600)


def changed_bookings(db_path, since):
    conn = sqlite3.connect(db_path)
    conn.row_factory = sqlite3.Row
    try:
        rows = conn.execute(
            "SELECT ref, berth, boat_name, arrive, depart, status, updated_at "
            "FROM bookings WHERE updated_at > ? ORDER BY updated_at",
            (since,),
        ).fetchall()
    finally:
        conn.close()
    return [dict(r) for r in rows]


def as_calendar_entry(row):
    return {
        "ref": row["ref"],
        "berth": row["berth"],
        "title": f"{row['boat_name']} ({row['status']})",
        "start": row["arrive"],
        "end": row["depart"],
        "blocked": row["status"] in ("confirmed", "maintenance"),
    }


class PortalClient:
    def __init__(self, base, key):
        self.base = base.rstrip("/")
        self.s = requests.Session()
        self.s.headers.update({"X-Api-Key": key, "User-Agent": "mooring-calendar/1.4"})

    def upsert(self, entry):
        r = self.s.put(f"{self.base}/calendar/{entry['ref']}", json=entry, timeout=15)
        r.raise_for_status()
        return r.json()

    def ping(self):
        r = self.s.get(f"{self.base}/health", timeout=10)
        return r.ok


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", default="bookings.db")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    key = os.environ.get("MARINA_API_KEY")
    if not key:
        log.error("MARINA_API_KEY not set")
        return 2
    if not Path(args.db).exists():
        log.error("booking database %s not found", args.db)
        return 2

    state = load_state()
    rows = changed_bookings(args.db, state["last_sync"])
    log.info("%d bookings changed since %s", len(rows), state["last_sync"])

    client = PortalClient(PORTAL, key)
    try:
        if not client.ping():
            log.warning("portal health check did not return OK, continuing anyway")
    except requests.RequestException as exc:
        log.error("portal unreachable: %s", exc)
        return 1

    failures = 0
    for row in rows:
        entry = as_calendar_entry(row)
        if args.dry_run:
            log.info("would push %s -> berth %s", entry["ref"], entry["berth"])
            continue
        try:
            client.upsert(entry)
            state["last_sync"] = row["updated_at"]
        except requests.RequestException as exc:
            failures += 1
            log.warning("booking %s failed: %s", row["ref"], exc)

    if not args.dry_run:
        state["finished"] = datetime.now(timezone.utc).isoformat()
        save_state(state)
    log.info("done, %d failures", failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
