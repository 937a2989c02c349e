#!/usr/bin/env python3
"""Keg scan receiver.

The cellar's handheld barcode scanners only speak plain HTTP on port 80.
This daemon takes their POSTs (keg id, event, location), records them in
the keg inventory SQLite database and answers with the keg's current state.
It grabs the port at start-up and then switches to the service account.
"""
import argparse
import ctypes
import ctypes.util
import json
import logging
import pwd
import sqlite3
import sys
from datetime import datetime, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

LOG = logging.getLogger("keg-scan")

EVENTS = {"filled", "tapped", "kicked", "shipped", "returned", "cleaned"}


class KegStore:
    def __init__(self, path):
        self.db = sqlite3.connect(path, check_same_thread=False)
        self.db.execute("""CREATE TABLE IF NOT EXISTS keg_events (
            keg_id TEXT, event TEXT, location TEXT, scanner TEXT, at TEXT)""")
        self.db.commit()

    def record(self, keg_id, event, location, scanner):
        at = datetime.now(timezone.utc).isoformat()
        with self.db:
            self.db.execute("INSERT INTO keg_events VALUES (?, ?, ?, ?, ?)",
                            (keg_id, event, location, scanner, at))
        return self.state(keg_id)

    def state(self, keg_id):
        row = self.db.execute(
            "SELECT event, location, at FROM keg_events WHERE keg_id = ? ORDER BY at DESC LIMIT 1",
            (keg_id,)).fetchone()
        return dict(zip(("event", "location", "at"), row)) if row else None


class ScanHandler(BaseHTTPRequestHandler):
    store = None

    def _reply(self, code, body):
        data = json.dumps(body).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_POST(self):
        length = int(self.headers.get("Content-Length", 0))
        try:
            scan = json.loads(self.rfile.read(length))
            keg_id, event = scan["keg"].strip().upper(), scan["event"]
        except (ValueError, KeyError, AttributeError):
            return self._reply(400, {"error": "bad scan"})
        if event not in EVENTS:
            return self._reply(422, {"error": f"unknown event {event}"})
        state = self.store.record(keg_id, event, scan.get("location", "cellar"),
                                  self.client_address[0])
        self._reply(200, {"keg": keg_id, "state": state})

    def log_message(self, fmt, *args):
        LOG.info("%s %s", self.client_address[0], fmt % args)


class Identity:
    """Switches the running process over to the service account."""

    def __init__(self, user):
        self.entry = pwd.getpwnam(user)
        self.libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def _check(self, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{what} failed")

    def assume(self):
        groups = (ctypes.c_uint * 1)(self.entry.pw_gid)
        self._check(self.libc.setgroups(1, groups), "setgroups")
        self._check(self.libc.setgid(self.entry.pw_gid), "setgid")
        self._check(self.libc.setuid(self.entry.pw_uid), "setuid")
        LOG.info("now running as %s (uid %d)", self.entry.pw_name, self.entry.pw_uid)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--bind", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=80)
    ap.add_argument("--db", default="kegs.sqlite")
    ap.add_argument("--user", default="kegtrack")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        server = ThreadingHTTPServer((args.bind, args.port), ScanHandler)
    except PermissionError:
        LOG.error("cannot bind port %d - start as root", args.port)
        return 1
    try:
        Identity(args.user).assume()
    except (KeyError, OSError) as exc:
        LOG.error("could not switch to %s: %s", args.user, exc)
        return 1
    ScanHandler.store = KegStore(args.db)
    LOG.info("listening on %s:%d", args.bind, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
