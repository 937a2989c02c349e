#!/usr/bin/env python3
"""Paper round check-in service.

Delivery staff tap "delivered" on their phones as they go; the phones post
to http://shop-pc/checkin on the shop Wi-Fi. Missed drops show on the
counter screen by 7am so the shop can phone the customer before they
complain. Runs on port 80 so the phones need no port in the bookmark, then
switches to the unprivileged service account.

POST /checkin   {"round": "R3", "customer": "1042", "status": "delivered"}
GET  /missing?round=R3
"""
import argparse
import datetime as dt
import grp
import json
import logging
import os
import pwd
import sqlite3
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

LOG = logging.getLogger("checkin")

SCHEMA = """
CREATE TABLE IF NOT EXISTS checkins (
    day TEXT, round TEXT, customer TEXT, status TEXT, at TEXT,
    PRIMARY KEY (day, round, customer)
);
CREATE TABLE IF NOT EXISTS expected (day TEXT, round TEXT, customer TEXT);
"""


class Store:
    def __init__(self, path):
        self.path = path
        self.lock = threading.Lock()
        with self._conn() as c:
            c.executescript(SCHEMA)

    def _conn(self):
        return sqlite3.connect(self.path, timeout=10)

    def record(self, rnd, customer, status):
        now = dt.datetime.now()
        with self.lock, self._conn() as c:
            c.execute("INSERT OR REPLACE INTO checkins VALUES (?, ?, ?, ?, ?)",
                      (now.date().isoformat(), rnd, customer, status, now.isoformat(timespec="seconds")))

    def missing(self, rnd):
        today = dt.date.today().isoformat()
        with self._conn() as c:
            rows = c.execute(
                "SELECT e.customer FROM expected e LEFT JOIN checkins k "
                "ON k.day = e.day AND k.round = e.round AND k.customer = e.customer "
                "WHERE e.day = ? AND e.round = ? AND (k.status IS NULL OR k.status != 'delivered')",
                (today, rnd)).fetchall()
        return [r[0] for r in rows]


class Handler(BaseHTTPRequestHandler):
    server_version = "RoundCheckin/1.3"

    def _reply(self, code, obj):
        body = json.dumps(obj).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_POST(self):
        if urlparse(self.path).path != "/checkin":
            return self._reply(404, {"error": "not found"})
        length = min(int(self.headers.get("Content-Length", 0)), 4096)
        try:
            data = json.loads(self.rfile.read(length))
            self.server.store.record(str(data["round"]), str(data["customer"]),
                                     str(data.get("status", "delivered")))
        except (ValueError, KeyError) as exc:
            return self._reply(400, {"error": str(exc)})
        self._reply(200, {"ok": True})

    def do_GET(self):
        url = urlparse(self.path)
        if url.path != "/missing":
            return self._reply(404, {"error": "not found"})
        rnd = parse_qs(url.query).get("round", [""])[0]
        self._reply(200, {"round": rnd, "missing": self.server.store.missing(rnd)})

    def log_message(self, fmt, *args):
        LOG.info("%s %s", self.client_address[0], fmt % args)


def switch_user(name):
    """Give up root once the listening socket is open."""
    if os.getuid() != 0:
        return
    entry = pwd.getpwnam(name)
    groups = [g.gr_gid for g in grp.getgrall() if name in g.gr_mem]
    os.setgroups(groups)
    os.setgid(entry.pw_gid)
    os.setuid(entry.pw_uid)
    os.environ["HOME"] = entry.pw_dir
    os.umask(0o027)
    LOG.info("running as %s (uid %d)", name, entry.pw_uid)


def main(argv=None):
    ap = argparse.ArgumentParser(description="paper round check-in service")
    ap.add_argument("--bind", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=80)
    ap.add_argument("--user", default="paperround")
    ap.add_argument("--db", default="/var/lib/paperround/checkins.db")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        httpd = ThreadingHTTPServer((args.bind, args.port), Handler)
    except PermissionError:
        LOG.error("port %d needs root; start as root, it switches to %s", args.port, args.user)
        return 1
    try:
        switch_user(args.user)
    except (KeyError, PermissionError) as exc:
        LOG.error("cannot switch to %s: %s", args.user, exc)
        return 1
    httpd.store = Store(args.db)
    LOG.info("listening on %s:%d", args.bind, args.port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
