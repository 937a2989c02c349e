#!/usr/bin/env python3
"""Cellar door tasting kiosk.

Serves the tablet on the shop counter: lists today's tasting slots, takes a
walk-in booking and stores it in bookings.db. Runs on the shop Pi on port 80
so the tablet can reach it by plain hostname, then switches to the kiosk
account once the listener is open.
"""
import argparse
import datetime as dt
import grp
import html
import json
import logging
import os
import pwd
import sqlite3
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs

log = logging.getLogger("kiosk")
DB_PATH = "bookings.db"
SLOTS = ["11:00", "12:30", "14:00", "15:30", "17:00"]
SLOT_CAPACITY = 8

SCHEMA = """
CREATE TABLE IF NOT EXISTS bookings (
    id INTEGER PRIMARY KEY, day TEXT, slot TEXT, name TEXT, party INTEGER, created TEXT
)"""


def db():
    conn = sqlite3.connect(DB_PATH)
    conn.execute(SCHEMA)
    return conn


def availability(day):
    with db() as conn:
        taken = dict(conn.execute(
            "SELECT slot, SUM(party) FROM bookings WHERE day = ? GROUP BY slot", (day,)))
    return {s: SLOT_CAPACITY - (taken.get(s) or 0) for s in SLOTS}


class KioskHandler(BaseHTTPRequestHandler):
    server_version = "CellarKiosk/2.1"

    def _send(self, code, body, ctype="text/html; charset=utf-8"):
        data = body.encode("utf-8")
        self.send_response(code)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        day = dt.date.today().isoformat()
        if self.path == "/api/slots":
            return self._send(200, json.dumps(availability(day)), "application/json")
        rows = "".join(f"<li>{s} &mdash; {left} places</li>"
                       for s, left in availability(day).items())
        self._send(200, f"<h1>Tastings {html.escape(day)}</h1><ul>{rows}</ul>")

    def do_POST(self):
        if self.path != "/book":
            return self._send(404, "not found")
        length = int(self.headers.get("Content-Length", 0))
        form = parse_qs(self.rfile.read(min(length, 4096)).decode("utf-8"))
        name = form.get("name", [""])[0].strip()[:60]
        slot = form.get("slot", [""])[0]
        try:
            party = int(form.get("party", ["0"])[0])
        except ValueError:
            party = 0
        day = dt.date.today().isoformat()
        if not name or slot not in SLOTS or not 1 <= party <= 8:
            return self._send(400, "check name, slot and party size")
        if availability(day)[slot] < party:
            return self._send(409, "that slot is full")
        with db() as conn:
            conn.execute("INSERT INTO bookings (day, slot, name, party, created) VALUES (?, ?, ?, ?, ?)",
                         (day, slot, name, party, dt.datetime.now().isoformat(timespec="seconds")))
        log.info("booked %s x%d at %s", name, party, slot)
        self._send(200, f"Thanks {html.escape(name)}, see you at {slot}.")

    def log_message(self, fmt, *args):
        log.debug("%s %s", self.address_string(), fmt % args)


def become(user):
    """Switch from the launching account to the kiosk account."""
    entry = pwd.getpwnam(user)
    groups = [g.gr_gid for g in grp.getgrall() if user in g.gr_mem]
    os.setgroups(groups)
    os.setgid(entry.pw_gid)
    os.setuid(entry.pw_uid)
    os.environ["HOME"] = entry.pw_dir
    log.info("running as %s (uid %d)", user, entry.pw_uid)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--port", type=int, default=80)
    ap.add_argument("--user", default=os.environ.get("KIOSK_USER", "kiosk"))
    ap.add_argument("--data-dir", default="/srv/kiosk")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        httpd = ThreadingHTTPServer(("0.0.0.0", args.port), KioskHandler)
    except PermissionError:
        log.error("cannot bind port %d; start the kiosk from the service account", args.port)
        return 1
    try:
        become(args.user)
    except (KeyError, PermissionError) as exc:
        log.error("could not switch to %s: %s", args.user, exc)
        return 1
    os.chdir(args.data_dir)
    db().close()
    log.info("kiosk listening on :%d", args.port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
