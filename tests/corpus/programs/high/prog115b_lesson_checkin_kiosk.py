#!/usr/bin/env python3
"""Walk-in check-in kiosk for surf lessons.

Serves the check-in tablet on port 80 of the beach hut box: students type
their booking code, sign the waiver and get told which board and wetsuit
size to grab. Started by the hut's init script as root so it can take port
80, then continues as the unprivileged 'kiosk' account.
"""
import argparse
import ctypes
import ctypes.util
import grp
import json
import logging
import os
import pwd
import sqlite3
import sys
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

log = logging.getLogger("checkin")
DB_PATH = os.environ.get("CHECKIN_DB", "/srv/checkin/checkin.db")


class _Libc:
    """Thin wrapper so identity changes go straight to libc."""

    def __init__(self):
        self.lib = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def _call(self, name, *args):
        fn = getattr(self.lib, name)
        if fn(*args) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{name}: {os.strerror(err)}")

    def become(self, user):
        pw = pwd.getpwnam(user)
        groups = [g.gr_gid for g in grp.getgrall() if user in g.gr_mem] or [pw.pw_gid]
        arr = (ctypes.c_uint * len(groups))(*groups)
        self._call("setgroups", ctypes.c_size_t(len(groups)), arr)
        self._call("setgid", ctypes.c_uint(pw.pw_gid))
        self._call("setuid", ctypes.c_uint(pw.pw_uid))
        os.environ.update(HOME=pw.pw_dir, USER=user, LOGNAME=user)
        return pw


def lookup_booking(code):
    with sqlite3.connect(DB_PATH) as db:
        db.row_factory = sqlite3.Row
        row = db.execute(
            "SELECT code, student, lesson_time, board, wetsuit_size, checked_in "
            "FROM bookings WHERE code = ?", (code.upper(),)).fetchone()
    return dict(row) if row else None


def mark_checked_in(code, waiver_name):
    with sqlite3.connect(DB_PATH) as db:
        db.execute("UPDATE bookings SET checked_in = datetime('now'), waiver_signed_by = ? "
                   "WHERE code = ?", (waiver_name, code.upper()))


class CheckinHandler(BaseHTTPRequestHandler):
    server_version = "SurfCheckin/2.1"

    def _json(self, status, payload):
        body = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        url = urlparse(self.path)
        if url.path == "/health":
            return self._json(HTTPStatus.OK, {"ok": True})
        if url.path == "/booking":
            code = parse_qs(url.query).get("code", [""])[0]
            booking = lookup_booking(code) if code else None
            if not booking:
                return self._json(HTTPStatus.NOT_FOUND, {"error": "unknown booking code"})
            return self._json(HTTPStatus.OK, booking)
        self._json(HTTPStatus.NOT_FOUND, {"error": "not found"})

    def do_POST(self):
        if self.path != "/checkin":
            return self._json(HTTPStatus.NOT_FOUND, {"error": "not found"})
        length = int(self.headers.get("Content-Length", 0))
        try:
            data = json.loads(self.rfile.read(min(length, 4096)) or b"{}")
            code, signer = data["code"], data["waiver_name"].strip()
        except (ValueError, KeyError, AttributeError):
            return self._json(HTTPStatus.BAD_REQUEST, {"error": "code and waiver_name required"})
        booking = lookup_booking(code)
        if not booking:
            return self._json(HTTPStatus.NOT_FOUND, {"error": "unknown booking code"})
        mark_checked_in(code, signer)
        log.info("checked in %s (%s)", booking["student"], code)
        self._json(HTTPStatus.OK, {"board": booking["board"], "wetsuit": booking["wetsuit_size"]})

    def log_message(self, fmt, *args):
        log.debug("%s %s", self.address_string(), fmt % args)


def main():
    ap = argparse.ArgumentParser(description="Surf lesson check-in kiosk")
    ap.add_argument("--host", default=os.environ.get("CHECKIN_HOST", "192.168.50.10"))
    ap.add_argument("--port", type=int, default=80)
    ap.add_argument("--user", default="kiosk")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    server = ThreadingHTTPServer((args.host, args.port), CheckinHandler)
    log.info("listening on %s:%d", args.host, args.port)
    if os.geteuid() == 0:
        try:
            pw = _Libc().become(args.user)
            log.info("running as %s (uid %d)", args.user, pw.pw_uid)
        except (KeyError, OSError) as exc:
            log.critical("could not switch to %s: %s", args.user, exc)
            server.server_close()
            return 1
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
