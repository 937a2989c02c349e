#!/usr/bin/env python3
"""Front-desk kiosk service: shows today's slots and takes walk-in requests.

Started by the kiosk's boot script; it grabs port 80 and then switches to the
kiosk account before handling any request.
"""
import argparse
import ctypes
import ctypes.util
import json
import logging
import os
import pwd
from datetime import date
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path

log = logging.getLogger("kiosk")

SLOTS_FILE = Path("slots.json")
REQUESTS_FILE = Path("walkins.jsonl")


class Identity:
    _calls = ("setgroups", "setresgid", "setresuid")

    def __init__(self, account: str):
        self.entry = pwd.getpwnam(account)
        self.libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def _fn(self, name):
        return getattr(self.libc, name)

    def switch(self) -> None:
        uid, gid = self.entry.pw_uid, self.entry.pw_gid
        groups = (ctypes.c_uint * 1)(gid)
        plan = {
            "setgroups": (1, groups),
            "setresgid": (gid, gid, gid),
            "setresuid": (uid, uid, uid),
        }
        for name in self._calls:
            if self._fn(name)(*plan[name]) != 0:
                err = ctypes.get_errno()
                raise OSError(err, f"{name} failed: {os.strerror(err)}")
        os.environ["HOME"] = self.entry.pw_dir
        log.info("now running as %s (%d:%d)", self.entry.pw_name, uid, gid)


class KioskHandler(BaseHTTPRequestHandler):
    def _send(self, code: int, payload) -> None:
        body = json.dumps(payload).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        if self.path != "/slots":
            return self._send(404, {"error": "not found"})
        try:
            slots = json.loads(SLOTS_FILE.read_text())
        except (OSError, ValueError):
            slots = []
        today = date.today().isoformat()
        self._send(200, [s for s in slots if s.get("date") == today])

    def do_POST(self):
        if self.path != "/walkin":
            return self._send(404, {"error": "not found"})
        length = min(int(self.headers.get("Content-Length", 0)), 4096)
        try:
            req = json.loads(self.rfile.read(length) or b"{}")
        except ValueError:
            return self._send(400, {"error": "bad json"})
        entry = {k: str(req.get(k, ""))[:80] for k in ("name", "phone", "weight_kg", "slot")}
        with REQUESTS_FILE.open("a", encoding="utf-8") as fh:
            fh.write(json.dumps(entry) + "\n")
        self._send(201, {"ok": True})

    def log_message(self, fmt, *args):
        log.info("%s %s", self.address_string(), fmt % args)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--bind", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=80)
    ap.add_argument("--user", default=os.environ.get("KIOSK_USER", "kiosk"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        server = HTTPServer((args.bind, args.port), KioskHandler)
    except PermissionError:
        log.error("cannot bind port %d without root", args.port)
        return 1
    if os.geteuid() == 0:
        try:
            Identity(args.user).switch()
        except (KeyError, OSError) as exc:
            log.error("identity switch failed: %s", exc)
            return 1
    log.info("kiosk listening on %s:%d", args.bind, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
