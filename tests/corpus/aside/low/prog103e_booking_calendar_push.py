#!/usr/bin/env python3
"""Push dinghy and keelboat bookings from the front-desk export to ClubHub.

Reads bookings_export.csv (written by the front-desk booking sheet) from the
working directory, turns each row into a calendar event and POSTs it to the
ClubHub calendar API.  Pushed events are remembered in .push_state.json so the
script can be re-run from the office PC without creating duplicates.
"""
import argparse
import csv
import hashlib
import http.client
import json
import logging
import os
import sys
import time
from dataclasses import asdict, dataclass
from datetime import datetime, timedelta
from pathlib import Path
from urllib.parse import urlsplit

log = logging.getLogger("booking_push")

DEFAULT_API = "https://api.clubhub.example/v2"
STATE_FILE = Path(".push_state.json")


@dataclass
class Booking:
    ref: str
    boat: str
    member_no: str
    start: str
    end: str
    crew: int = 1

    @classmethod
    def from_row(cls, row):
        start = datetime.strptime(f"{row['date']} {row['slot_start']}", "%Y-%m-%d %H:%M")
        end = start + timedelta(hours=float(row.get("hours") or 2))
        return cls(
            ref=row["ref"].strip(),
            boat=row["boat"].strip(),
            member_no=row["member_no"].strip(),
            start=start.isoformat(timespec="minutes"),
            end=end.isoformat(timespec="minutes"),
            crew=int(row.get("crew") or 1),
        )

    def cache_key(self):
        blob = json.dumps(asdict(self), sort_keys=True).encode()
        return hashlib.md5(blob).hexdigest()


class ClubHubClient:
    def __init__(self, base_url, token, timeout=15):
        parts = urlsplit(base_url)
        self.host = parts.hostname
        self.port = parts.port or 443
        self.prefix = parts.path.rstrip("/")
        self.token = token
        self.timeout = timeout

    def _request(self, method, path, body=None):
        conn = http.client.HTTPSConnection(self.host, self.port, timeout=self.timeout)
        headers = {
            "Authorization": f"Bearer {self.token}",
            "Content-Type": "application/json",
            "User-Agent": "booking-push/1.4",
        }
        payload = json.dumps(body).encode() if body is not None else None
        try:
            conn.request(method, self.prefix + path, body=payload, headers=headers)
            resp = conn.getresponse()
            data = resp.read()
        finally:
            conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path} -> {resp.status}: {data[:200]!r}")
        return json.loads(data) if data else {}

    def push_event(self, booking, retries=3):
        event = {
            "external_id": booking.ref,
            "resource": booking.boat,
            "member": booking.member_no,
            "starts_at": booking.start,
            "ends_at": booking.end,
            "attendees": booking.crew,
        }
        for attempt in range(1, retries + 1):
            try:
                return self._request("POST", "/calendar/events", event)
            except (OSError, RuntimeError) as exc:
                log.warning("push %s failed (attempt %d/%d): %s",
                            booking.ref, attempt, retries, exc)
                time.sleep(2 * attempt)
        raise RuntimeError(f"giving up on {booking.ref}")


def load_state():
    if STATE_FILE.exists():
        try:
            return json.loads(STATE_FILE.read_text())
        except json.JSONDecodeError:
            log.warning("state file unreadable, starting fresh")
    return {}


def save_state(state):
    STATE_FILE.write_text(json.dumps(state, indent=2, sort_keys=True))
    os.chmod(STATE_FILE, 0o600)


def read_bookings(path):
    with open(path, newline="", encoding="utf-8-sig") as fh:
        for lineno, row in enumerate(csv.DictReader(fh), start=2):
            try:
                yield Booking.from_row(row)
            except (KeyError, ValueError) as exc:
                log.error("%s:%d skipped: %s", path, lineno, exc)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Push bookings to the ClubHub calendar")
    ap.add_argument("--export", default="bookings_export.csv")
    ap.add_argument("--api", default=os.environ.get("CLUBHUB_API", DEFAULT_API))
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    token = os.environ.get("CLUBHUB_TOKEN")
    if not token and not args.dry_run:
        log.error("CLUBHUB_TOKEN is not set")
        return 2
    if not Path(args.export).exists():
        log.error("export %s not found", args.export)
        return 1

    client = ClubHubClient(args.api, token)
    state = load_state()
    pushed = unchanged = 0
    for booking in read_bookings(args.export):
        key = booking.cache_key()
        if state.get(booking.ref) == key:
            unchanged += 1
            continue
        if args.dry_run:
            log.info("would push %s %s %s", booking.ref, booking.boat, booking.start)
            continue
        try:
            client.push_event(booking)
        except RuntimeError as exc:
            log.error("%s", exc)
            continue
        state[booking.ref] = key
        pushed += 1

    if not args.dry_run:
        save_state(state)
    log.info("pushed %d, unchanged %d", pushed, unchanged)
    return 0


if __name__ == "__main__":
    sys.exit(main())
