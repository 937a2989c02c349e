#!/usr/bin/env python3
"""Cellar door tasting kiosk (development server).

Same kiosk the shop tablet uses: lists today's tasting slots, takes a walk-in
booking and stores it in bookings.db. This copy runs on a high port from the
developer's own account so the tablet on the office Wi-Fi can be pointed at a
laptop while the pages are being reworked.
"""
import argparse
import datetime as dt
import html
import json
import logging
import os
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
    server_version = "CellarKiosk/2.1-dev"

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


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--host", default=os.environ.get("KIOSK_HOST", "0.0.0.0"),
                    help="listen address (all interfaces so the tablet can connect)")
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--data-dir", default=".")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    os.chdir(args.data_dir)
    db().close()
    try:
        httpd = ThreadingHTTPServer((args.host, args.port), KioskHandler)
    except OSError as exc:
        log.error("cannot listen on %s:%d: %s", args.host, args.port, exc)
        return 1
    log.info("dev kiosk on http://%s:%d/", args.host, args.port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
