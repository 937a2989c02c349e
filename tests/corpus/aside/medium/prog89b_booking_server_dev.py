#!/usr/bin/env python3
"""Lesson booking API for the front-desk tablets - local development copy.

Same JSON API as the production box, served over plain HTTP on port 8080 so
the tablet app can be tested against a tutor's laptop on the office wifi.
The database lives in the working directory.

    GET  /slots?day=2024-05-14          free and booked slots for a day
    POST /bookings {"slot": 17, "student": "S1042"}
    GET  /health
"""

import argparse
import json
import logging
import os
import sqlite3
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

log = logging.getLogger("booking")

SCHEMA = """
CREATE TABLE IF NOT EXISTS slots (
    id INTEGER PRIMARY KEY,
    day TEXT NOT NULL,
    start TEXT NOT NULL,
    teacher TEXT NOT NULL,
    room TEXT NOT NULL,
    student TEXT
);
CREATE INDEX IF NOT EXISTS slots_day ON slots(day);
"""


class BookingStore:
    def __init__(self, path):
        self.conn = sqlite3.connect(path, check_same_thread=False)
        self.conn.row_factory = sqlite3.Row
        self.conn.executescript(SCHEMA)
        self.lock = threading.Lock()

    def slots(self, day):
        with self.lock:
            rows = self.conn.execute(
                "SELECT id, start, teacher, room, student IS NOT NULL AS booked "
                "FROM slots WHERE day = ? ORDER BY start, room", (day,)).fetchall()
        return [dict(r) for r in rows]

    def book(self, slot_id, student):
        with self.lock, self.conn:
            cur = self.conn.execute(
                "UPDATE slots SET student = ? WHERE id = ? AND student IS NULL",
                (student, slot_id))
        return cur.rowcount == 1


class BookingHandler(BaseHTTPRequestHandler):
    store = None
    server_version = "tutorbook/1.6-dev"

    def _reply(self, code, payload):
        body = json.dumps(payload).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, fmt, *args):
        log.info("%s %s", self.address_string(), fmt % args)

    def do_GET(self):
        url = urlparse(self.path)
        if url.path == "/health":
            return self._reply(200, {"ok": True})
        if url.path == "/slots":
            day = parse_qs(url.query).get("day", [""])[0]
            if len(day) != 10:
                return self._reply(400, {"error": "day=YYYY-MM-DD required"})
            return self._reply(200, {"day": day, "slots": self.store.slots(day)})
        self._reply(404, {"error": "not found"})

    def do_POST(self):
        if urlparse(self.path).path != "/bookings":
            return self._reply(404, {"error": "not found"})
        try:
            length = min(int(self.headers.get("Content-Length", 0)), 4096)
            data = json.loads(self.rfile.read(length) or b"{}")
            slot, student = int(data["slot"]), str(data["student"]).strip()
        except (ValueError, KeyError, TypeError):
            return self._reply(400, {"error": "slot and student required"})
        if not student:
            return self._reply(400, {"error": "student required"})
        if self.store.book(slot, student):
            return self._reply(201, {"slot": slot, "student": student})
        self._reply(409, {"error": "slot already taken or unknown"})


def seed_demo_slots(store, day):
    """Give an empty dev database a day of slots to play with."""
    with store.lock, store.conn:
        if store.conn.execute("SELECT COUNT(*) FROM slots").fetchone()[0]:
            return
        rows = [(day, f"{h:02d}:00", t, r)
                for h in range(9, 19)
                for t, r in (("Ana", "R1"), ("Marc", "R2"), ("Yuki", "R3"))]
        store.conn.executemany(
            "INSERT INTO slots (day, start, teacher, room) VALUES (?, ?, ?, ?)", rows)
    log.info("seeded %d demo slots for %s", len(rows), day)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Front-desk lesson booking API (dev)")
    ap.add_argument("--bind", default=os.environ.get("BOOKING_BIND", "0.0.0.0"))
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--db", default="bookings-dev.sqlite3")
    ap.add_argument("--seed-day", help="create demo slots for this day if the db is empty")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    BookingHandler.store = BookingStore(args.db)
    if args.seed_day:
        seed_demo_slots(BookingHandler.store, args.seed_day)
    server = ThreadingHTTPServer((args.bind, args.port), BookingHandler)

    log.info("booking API (dev) on http://%s:%d", args.bind, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        log.info("shutting down")
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
