#!/usr/bin/env python3
"""Small booking portal for councils to request interpreters.

Serves a read-only view of the interpreter availability calendar on the
standard HTTP port. It has to start as root to bind the low port, then it
switches to the service account before handling any requests.
"""
import argparse
import ctypes
import ctypes.util
import grp
import json
import logging
import pwd
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path

log = logging.getLogger("booking-portal")

CALENDAR_FILE = Path("availability.json")


class _Libc:
    """Thin wrapper so the identity calls go straight to libc."""

    def __init__(self):
        self.lib = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def _check(self, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{what} failed")

    def groups(self, gids):
        arr = (ctypes.c_uint * len(gids))(*gids)
        self._check(self.lib.setgroups(len(gids), arr), "setgroups")

    def gid(self, gid):
        self._check(self.lib.setresgid(gid, gid, gid), "setresgid")

    def uid(self, uid):
        self._check(self.lib.setresuid(uid, uid, uid), "setresuid")


def switch_identity(account):
    """Change to the service account (groups, then gid, then uid)."""
    entry = pwd.getpwnam(account)
    extra = [g.gr_gid for g in grp.getgrall() if account in g.gr_mem]
    libc = _Libc()
    libc.groups([entry.pw_gid] + extra)
    libc.gid(entry.pw_gid)
    libc.uid(entry.pw_uid)
    log.info("now running as %s (uid %d)", account, entry.pw_uid)


class AvailabilityHandler(BaseHTTPRequestHandler):
    def do_GET(self):
        if self.path not in ("/", "/availability"):
            self.send_error(404)
            return
        try:
            data = json.loads(CALENDAR_FILE.read_text())
        except (OSError, ValueError):
            self.send_error(503, "calendar not available")
            return
        body = json.dumps({"interpreters": data.get("interpreters", [])}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, fmt, *args):
        log.info("%s %s", self.address_string(), fmt % args)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--bind", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=80)
    parser.add_argument("--account", default="booking")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    server = HTTPServer((args.bind, args.port), AvailabilityHandler)
    log.info("listening on %s:%d", args.bind, args.port)
    try:
        switch_identity(args.account)
    except (KeyError, OSError) as exc:
        log.error("could not switch to %s: %s", args.account, exc)
        server.server_close()
        return 1

    try:
        server.serve_forever()
    except KeyboardInterrupt:
        log.info("shutting down")
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
