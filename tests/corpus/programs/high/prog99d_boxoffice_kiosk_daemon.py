#!/usr/bin/env python3
"""Ticket collection kiosk backend.

The foyer kiosk runs a full-screen browser pointed at http://localhost/ and
this daemon answers it: look up a booking by reference or postcode, mark it
collected and queue the tickets for the counter printer. It is started by
the kiosk's init script, listens on port 80 (the kiosk browser's homepage
is locked to it) and then continues as the unprivileged kiosk user.

Config: /etc/boxoffice/kiosk.ini ([kiosk] listen, port, user, db)
"""
import argparse
import configparser
import ctypes
import ctypes.util
import json
import logging
import os
import pwd
import signal
import sqlite3
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

log = logging.getLogger("kiosk")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def become(user):
    """Continue as ``user`` once the listening socket is open."""
    pw = pwd.getpwnam(user)
    groups = (ctypes.c_uint * 1)(pw.pw_gid)
    _check(_libc.setgroups(ctypes.c_size_t(1), groups), "setgroups")
    _check(_libc.setresgid(pw.pw_gid, pw.pw_gid, pw.pw_gid), "setresgid")
    _check(_libc.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid), "setresuid")
    os.environ.update(HOME=pw.pw_dir, USER=user, LOGNAME=user)
    os.umask(0o027)
    log.info("running as %s (uid %d)", user, pw.pw_uid)


class Bookings:
    def __init__(self, path):
        self.path = path
        self.lock = threading.Lock()

    def _conn(self):
        conn = sqlite3.connect(self.path, timeout=5)
        conn.row_factory = sqlite3.Row
        return conn

    def find(self, ref=None, postcode=None, surname=None):
        with self._conn() as conn:
            if ref:
                rows = conn.execute("SELECT * FROM bookings WHERE ref = ?", (ref.upper(),)).fetchall()
            else:
                rows = conn.execute(
                    "SELECT * FROM bookings WHERE postcode = ? AND lower(surname) = lower(?)",
                    (postcode.replace(" ", "").upper(), surname or ""),
                ).fetchall()
        return [dict(r) for r in rows]

    def collect(self, ref):
        with self.lock, self._conn() as conn:
            cur = conn.execute(
                "UPDATE bookings SET collected_at = datetime('now') WHERE ref = ? AND collected_at IS NULL",
                (ref.upper(),),
            )
            if cur.rowcount:
                conn.execute("INSERT INTO print_queue (ref, queued_at) VALUES (?, datetime('now'))", (ref.upper(),))
            return cur.rowcount == 1


class KioskHandler(BaseHTTPRequestHandler):
    bookings: Bookings = None
    server_version = "BoxOfficeKiosk/1.6"

    def _json(self, status, body):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        url = urlparse(self.path)
        if url.path == "/api/lookup":
            q = {k: v[0] for k, v in parse_qs(url.query).items()}
            if not (q.get("ref") or (q.get("postcode") and q.get("surname"))):
                return self._json(400, {"error": "ref or postcode+surname required"})
            return self._json(200, {"bookings": self.bookings.find(q.get("ref"), q.get("postcode"), q.get("surname"))})
        if url.path == "/health":
            return self._json(200, {"ok": True})
        self._json(404, {"error": "not found"})

    def do_POST(self):
        if self.path.startswith("/api/collect/"):
            ref = self.path.rsplit("/", 1)[-1]
            ok = self.bookings.collect(ref)
            return self._json(200 if ok else 409, {"collected": ok})
        self._json(404, {"error": "not found"})

    def log_message(self, fmt, *args):
        log.info("%s %s", self.address_string(), fmt % args)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="/etc/boxoffice/kiosk.ini")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")

    cfg = configparser.ConfigParser()
    cfg.read(args.config)
    k = cfg["kiosk"] if cfg.has_section("kiosk") else {}
    listen = k.get("listen", "127.0.0.1")
    port = int(k.get("port", "80"))
    user = k.get("user", "kiosk")

    KioskHandler.bookings = Bookings(k.get("db", "/var/lib/boxoffice/kiosk.db"))
    httpd = ThreadingHTTPServer((listen, port), KioskHandler)
    log.info("listening on %s:%d", listen, port)
    if os.geteuid() == 0:
        become(user)

    signal.signal(signal.SIGTERM, lambda *_: threading.Thread(target=httpd.shutdown).start())
    try:
        httpd.serve_forever()
    finally:
        httpd.server_close()
        log.info("stopped")


if __name__ == "__main__":
    main()
