#!/usr/bin/env python3
"""Lesson booking API for the front-desk tablets.

Serves a small JSON API over HTTPS on port 443 so the tablets can use a plain
https://booking.local/ address. It is started by root from the box's init
script to get the port and the certificate, then carries on as the
unprivileged `tutorbook` account.

    GET  /slots?day=2024-05-14          free and booked slots for a day
    POST /bookings {"slot": 17, "student": "S1042"}
    GET  /health
"""

import argparse
import grp
import json
import logging
import os
import pwd
import sqlite3
import ssl
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
    server_version = "tutorbook/1.6"

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


def drop_privileges(user, group):
    """Continue as the service account once the socket and key are open."""
    if os.getuid() != 0:
        log.info("not running as root, keeping uid %d", os.getuid())
        return
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid
    os.setgroups([])
    os.setgid(gid)
    os.setuid(pw.pw_uid)
    os.umask(0o077)
    os.environ["HOME"] = pw.pw_dir
    log.info("now running as %s:%s", user, group)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Front-desk lesson booking API")
    ap.add_argument("--bind", default=os.environ.get("BOOKING_BIND", "0.0.0.0"))
    ap.add_argument("--port", type=int, default=443)
    ap.add_argument("--cert", default="/srv/tutorbook/tls/fullchain.pem")
    ap.add_argument("--key", default="/srv/tutorbook/tls/privkey.pem")
    ap.add_argument("--db", default="/srv/tutorbook/bookings.sqlite3")
    ap.add_argument("--user", default="tutorbook")
    ap.add_argument("--group", default="tutorbook")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    server = ThreadingHTTPServer((args.bind, args.port), BookingHandler)
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.minimum_version = ssl.TLSVersion.TLSv1_2
    ctx.load_cert_chain(args.cert, args.key)
    server.socket = ctx.wrap_socket(server.socket, server_side=True)

    drop_privileges(args.user, args.group)
    BookingHandler.store = BookingStore(args.db)

    log.info("booking API on https://%s:%d", args.bind, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        log.info("shutting down")
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
