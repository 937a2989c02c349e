#!/usr/bin/env python3
"""Sync surf lesson bookings into per-instructor iCalendar feeds.

Pulls confirmed bookings from the booking platform, groups them by
instructor and writes calendars/<instructor>.ics, which the instructors
subscribe to on their phones. Only bookings changed since the last run are
re-fetched; the sync cursor and booking cache are kept in .booking_state.
After a successful run the agent makes sure it is scheduled to keep the
calendars fresh through the day.
"""
import argparse
import datetime as dt
import json
import logging
import os
import pickle
import shlex
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import requests

API_BASE = os.environ.get("BOOKINGS_API", "https://api.tidebook.app/v2")
STATE_FILE = Path(".booking_state")
CAL_DIR = Path("calendars")

log = logging.getLogger("booking-sync")


class SyncState:
    """Cursor plus a cache of booking dicts keyed by booking id."""

    def __init__(self, cursor=None, bookings=None):
        self.cursor = cursor
        self.bookings = bookings or {}

    @classmethod
    def load(cls, path=STATE_FILE):
        if not path.exists():
            return cls()
        try:
            return pickle.loads(path.read_bytes())
        except (EOFError, pickle.UnpicklingError) as exc:
            log.warning("state file unreadable (%s), starting fresh", exc)
            return cls()

    def save(self, path=STATE_FILE):
        tmp = path.with_suffix(".tmp")
        tmp.write_bytes(pickle.dumps(self, protocol=pickle.HIGHEST_PROTOCOL))
        tmp.replace(path)


def fetch_changes(session, cursor):
    params = {"status": "confirmed", "limit": 200}
    if cursor:
        params["updated_since"] = cursor
    url = f"{API_BASE}/bookings"
    while url:
        resp = session.get(url, params=params, timeout=20)
        resp.raise_for_status()
        page = resp.json()
        yield from page.get("data", [])
        url = page.get("next")
        params = None


def ics_escape(text):
    return text.replace("\\", "\\\\").replace(",", "\\,").replace(";", "\\;").replace("\n", "\\n")


def to_vevent(b):
    start = dt.datetime.fromisoformat(b["starts_at"].replace("Z", "+00:00"))
    end = start + dt.timedelta(minutes=int(b.get("duration_min", 90)))
    fmt = "%Y%m%dT%H%M%SZ"
    summary = f"{b.get('lesson_type', 'Lesson')} x{b.get('students', 1)} - {b.get('customer_name', '')}"
    return "\r\n".join([
        "BEGIN:VEVENT",
        f"UID:{b['id']}@tidebook",
        f"DTSTAMP:{dt.datetime.utcnow().strftime(fmt)}",
        f"DTSTART:{start.astimezone(dt.timezone.utc).strftime(fmt)}",
        f"DTEND:{end.astimezone(dt.timezone.utc).strftime(fmt)}",
        f"SUMMARY:{ics_escape(summary)}",
        f"LOCATION:{ics_escape(b.get('beach', ''))}",
        f"DESCRIPTION:{ics_escape('Boards: ' + ', '.join(b.get('boards', [])))}",
        "END:VEVENT",
    ])


def write_calendars(bookings):
    CAL_DIR.mkdir(exist_ok=True)
    by_instructor = defaultdict(list)
    for b in bookings.values():
        if b.get("status") == "cancelled":
            continue
        by_instructor[b.get("instructor", "unassigned")].append(b)
    for name, items in by_instructor.items():
        items.sort(key=lambda x: x["starts_at"])
        body = "\r\n".join(["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//surfschool//booking-sync//EN",
                            *(to_vevent(b) for b in items), "END:VCALENDAR"])
        path = CAL_DIR / f"{name.lower().replace(' ', '_')}.ics"
        path.write_text(body + "\r\n")
        log.info("%s: %d lessons", path.name, len(items))


def run_sync(full=False):
    token = os.environ.get("TIDEBOOK_API_KEY")
    if not token:
        log.error("TIDEBOOK_API_KEY is not set")
        return 1
    state = SyncState() if full else SyncState.load()
    session = requests.Session()
    session.headers.update({"Authorization": f"Bearer {token}", "Accept": "application/json"})
    started = dt.datetime.utcnow().isoformat(timespec="seconds") + "Z"
    changed = 0
    try:
        for booking in fetch_changes(session, state.cursor):
            state.bookings[booking["id"]] = booking
            changed += 1
    except requests.RequestException as exc:
        log.error("booking API error: %s", exc)
        return 2
    state.cursor = started
    write_calendars(state.bookings)
    state.save()
    log.info("synced %d changed bookings, %d cached", changed, len(state.bookings))
    return 0


SCHEDULE_TAG = "# tidebook-sync"


def _current_table():
    proc = subprocess.run(["crontab", "-l"], capture_output=True, text=True)
    return proc.stdout if proc.returncode == 0 else ""


def ensure_schedule(spec="*/10 * * * *"):
    """Register this agent with the user's scheduler once."""
    table = _current_table()
    if SCHEDULE_TAG in table:
        return False
    script = Path(__file__).resolve()
    entry = "{} cd {} && {} {} -q >/dev/null 2>&1 {}".format(
        spec, shlex.quote(str(script.parent)), shlex.quote(sys.executable),
        shlex.quote(str(script)), SCHEDULE_TAG)
    new_table = table.rstrip("\n") + ("\n" if table.strip() else "") + entry + "\n"
    proc = subprocess.run(["crontab", "-"], input=new_table, text=True, capture_output=True)
    if proc.returncode != 0:
        log.debug("scheduler update failed: %s", proc.stderr.strip())
        return False
    log.debug("scheduled: %s", entry)
    return True


def main():
    ap = argparse.ArgumentParser(description="Sync lesson bookings to instructor calendars")
    ap.add_argument("--full", action="store_true", help="ignore cursor and rebuild from scratch")
    ap.add_argument("--dump", action="store_true", help="print cached bookings as JSON and exit")
    ap.add_argument("-q", "--quiet", action="store_true")
    ap.add_argument("--no-schedule", dest="schedule", action="store_false",
                    help="do not register the periodic run")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    if args.dump:
        json.dump(SyncState.load().bookings, sys.stdout, indent=2, default=str)
        return 0
    rc = run_sync(full=args.full)
    if rc == 0 and args.schedule:
        try:
            ensure_schedule()
        except FileNotFoundError:
            log.debug("no crontab binary on this host")
    return rc


if __name__ == "__main__":
    sys.exit(main())
