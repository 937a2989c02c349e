#!/usr/bin/env python3
"""Walk-in booking kiosk server.

Serves the small booking page on the shop's kiosk tablet on port 80 so
customers don't have to type a port number. The port is opened first, then
the process switches to the unprivileged kiosk account.
"""
import argparse
import ctypes
import ctypes.util
import json
import logging
import pwd
import socketserver
from http.server import BaseHTTPRequestHandler
from pathlib import Path

log = logging.getLogger("kiosk")

BOOKINGS = Path("kiosk_bookings.jsonl")
PAGE = b"""<!doctype html><title>Book a fitting</title>
<form method=post action=/book>
Name <input name=name> Phone <input name=phone>
Service <select name=service><option>Alteration<option>Bespoke fitting
<option>Hem<option>Embroidery</select>
<button>Book</button></form>"""


class _Libc:
    """Thin wrapper so the id switch works the same on every kiosk image."""

    def __init__(self):
        self.lib = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def call(self, name, *args):
        fn = getattr(self.lib, name)
        if fn(*args) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{name} failed")


def become(account):
    """Switch the running process to the given account."""
    entry = pwd.getpwnam(account)
    libc = _Libc()
    gids = (ctypes.c_uint * 1)(entry.pw_gid)
    steps = [
        ("setgroups", (ctypes.c_size_t(1), gids)),
        ("setresgid", (entry.pw_gid, entry.pw_gid, entry.pw_gid)),
        ("setresuid", (entry.pw_uid, entry.pw_uid, entry.pw_uid)),
    ]
    for name, args in steps:
        libc.call(name, *args)
    log.info("now running as %s (uid %d)", account, entry.pw_uid)


class KioskHandler(BaseHTTPRequestHandler):
    def _send(self, code, body, ctype="text/html"):
        self.send_response(code)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        if self.path in ("/", "/index.html"):
            self._send(200, PAGE)
        else:
            self._send(404, b"not found", "text/plain")

    def do_POST(self):
        if self.path != "/book":
            self._send(404, b"not found", "text/plain")
            return
        length = int(self.headers.get("Content-Length", "0") or 0)
        raw = self.rfile.read(min(length, 4096)).decode("utf-8", "replace")
        fields = dict(p.split("=", 1) for p in raw.split("&") if "=" in p)
        booking = {k: fields.get(k, "")[:80] for k in ("name", "phone", "service")}
        with BOOKINGS.open("a", encoding="utf-8") as fh:
            fh.write(json.dumps(booking) + "\n")
        log.info("booking for %s", booking["name"] or "(no name)")
        self._send(200, b"Thanks, the front desk will call you shortly.")

    def log_message(self, fmt, *args):
        log.debug("%s " + fmt, self.address_string(), *args)


def main():
    ap = argparse.ArgumentParser(description="Kiosk booking page")
    ap.add_argument("--listen", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=80)
    ap.add_argument("--account", default="kiosk")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    server = socketserver.TCPServer((args.listen, args.port), KioskHandler)
    try:
        become(args.account)
    except (KeyError, OSError) as exc:
        log.error("could not switch to %s: %s", args.account, exc)
        server.server_close()
        raise SystemExit(1)
    log.info("serving on %s:%d", args.listen, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
