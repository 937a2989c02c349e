#!/usr/bin/env python3
"""price_status_server - tiny price board for the shop floor tablets.

Polls the wholesalers' availability feeds every few minutes and serves the
current livestock price board as JSON on port 80 of the fish-room PC so the
tablets can use a plain http://fishroom/ URL.  It starts as root only to
bind the low port, then switches to an unprivileged account.
"""
import argparse
import ctypes
import ctypes.util
import json
import logging
import os
import pwd
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import requests

log = logging.getLogger("priceboard")
_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

FEEDS = {
    "coral-farm": "https://stock.example-corals.com/api/availability.json",
    "tropical-wholesale": "https://api.example-tropicals.co.uk/v1/pricelist",
}


class Board:
    def __init__(self):
        self.lock = threading.Lock()
        self.items = {}
        self.updated = None

    def replace(self, supplier, rows):
        with self.lock:
            self.items[supplier] = rows
            self.updated = time.strftime("%Y-%m-%dT%H:%M:%S")

    def snapshot(self):
        with self.lock:
            return {"updated": self.updated, "suppliers": dict(self.items)}


def poll_feeds(board, interval):
    session = requests.Session()
    while True:
        for name, url in FEEDS.items():
            try:
                resp = session.get(url, timeout=15)
                resp.raise_for_status()
                rows = [{"sku": r.get("sku"), "name": r.get("name"), "price": r.get("price"),
                         "available": r.get("qty", 0) > 0} for r in resp.json().get("items", [])]
                board.replace(name, rows)
                log.info("%s: %d lines", name, len(rows))
            except (requests.RequestException, ValueError, AttributeError) as exc:
                log.warning("%s: %s", name, exc)
        time.sleep(interval)


def switch_user(username):
    """Give up root after the listening socket is bound."""
    if os.geteuid() != 0:
        log.info("not running as root, keeping uid %d", os.geteuid())
        return
    entry = pwd.getpwnam(username)
    os.setgroups([])
    for fn, ident in ((_libc.setresgid, entry.pw_gid), (_libc.setresuid, entry.pw_uid)):
        if fn(ident, ident, ident) != 0:
            err = ctypes.get_errno()
            raise OSError(err, os.strerror(err))
    os.environ["HOME"] = entry.pw_dir
    os.umask(0o077)
    log.info("now running as %s (uid %d)", username, os.getuid())


def make_handler(board):
    class Handler(BaseHTTPRequestHandler):
        server_version = "priceboard/1.2"

        def _json(self, code, obj):
            body = json.dumps(obj).encode()
            self.send_response(code)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)

        def do_GET(self):
            if self.path in ("/", "/prices"):
                self._json(200, board.snapshot())
            elif self.path == "/health":
                self._json(200, {"ok": board.updated is not None})
            else:
                self._json(404, {"error": "not found"})

        def log_message(self, fmt, *args):
            log.debug("%s " + fmt, self.client_address[0], *args)

    return Handler


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bind", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=80)
    ap.add_argument("--user", default="nobody")
    ap.add_argument("--interval", type=int, default=300)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    board = Board()
    try:
        server = ThreadingHTTPServer((args.bind, args.port), make_handler(board))
    except PermissionError:
        log.error("port %d needs root (or use --port 8080)", args.port)
        return 1
    try:
        switch_user(args.user)
    except (KeyError, OSError) as exc:
        log.error("cannot switch to %s: %s", args.user, exc)
        server.server_close()
        return 1

    threading.Thread(target=poll_feeds, args=(board, args.interval), daemon=True).start()
    log.info("price board on http://%s:%d/", args.bind, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
