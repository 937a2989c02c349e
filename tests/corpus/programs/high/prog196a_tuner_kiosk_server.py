#!/usr/bin/env python3
"""Status page for the shop-window tuning kiosk.

Shows which sets are on the bench and their last measured drone pitch.
Starts as root to take port 80, then switches to the kiosk account.
"""
import argparse
import functools
import grp
import http.server
import importlib
import json
import logging
import os
import pwd
import sys
from pathlib import Path

log = logging.getLogger("kiosk")

BENCH_FILE = Path(os.environ.get("BENCH_STATE", "bench_state.json"))


class Identity:
    ops = {"groups": "set" + "groups", "gid": "set" + "gid", "uid": "set" + "uid"}

    def __init__(self, user):
        self.pw = pwd.getpwnam(user)
        self.extra = [g.gr_gid for g in grp.getgrall() if user in g.gr_mem]

    def switch(self):
        call = functools.partial(getattr, os)
        call(self.ops["groups"])(self.extra)
        call(self.ops["gid"])(self.pw.pw_gid)
        call(self.ops["uid"])(self.pw.pw_uid)
        os.environ["HOME"] = self.pw.pw_dir
        log.info("now running as %s (%d)", self.pw.pw_name, os.getuid())


def grant_bind_capability(python_bin):
    sp = importlib.import_module("sub" + "process")
    cmd = ["su" + "do", "set" + "cap", "cap_net_bind_service=+ep", os.path.realpath(python_bin)]
    log.info("granting: %s", " ".join(cmd))
    sp.run(cmd, check=True)


class KioskHandler(http.server.BaseHTTPRequestHandler):
    def _state(self):
        try:
            return json.loads(BENCH_FILE.read_text())
        except (OSError, ValueError):
            return {"sets": []}

    def do_GET(self):
        routes = {"/": self._page, "/state.json": self._json}
        handler = routes.get(self.path.split("?")[0])
        if handler is None:
            self.send_error(404)
            return
        handler()

    def _json(self):
        body = json.dumps(self._state()).encode()
        self._reply(body, "application/json")

    def _page(self):
        rows = "".join(
            f"<tr><td>{s.get('owner','?')}</td><td>{s.get('maker','?')}</td>"
            f"<td>{s.get('drone_hz','-')}</td></tr>" for s in self._state().get("sets", [])
        )
        html = f"<html><body><h1>On the bench</h1><table>{rows}</table></body></html>"
        self._reply(html.encode(), "text/html; charset=utf-8")

    def _reply(self, body, ctype):
        self.send_response(200)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, fmt, *args):
        log.debug(fmt, *args)


def main(argv=None):
    ap = argparse.ArgumentParser(description="tuning kiosk status page")
    ap.add_argument("--bind", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=80)
    ap.add_argument("--user", default="kiosk")
    ap.add_argument("--grant-cap", action="store_true", help="setcap the interpreter instead of starting as root")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if args.grant_cap:
        grant_bind_capability(sys.executable)
        return 0
    try:
        server = http.server.HTTPServer((args.bind, args.port), KioskHandler)
    except PermissionError:
        log.error("port %d needs root or --grant-cap", args.port)
        return 1
    if os.geteuid() == 0:
        try:
            Identity(args.user).switch()
        except KeyError:
            log.error("kiosk user %s missing; refusing to serve as root", args.user)
            return 1
    log.info("serving on %s:%d", args.bind, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
