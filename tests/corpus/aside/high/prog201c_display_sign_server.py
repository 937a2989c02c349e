#!/usr/bin/env python3
"""Variable message sign feed.

Serves the current free-space count for each car park level to the LED
signs at the hospital entrances. The signs only poll port 80, so the server
binds that port first and then switches to the unprivileged service account.
"""
import argparse
import grp
import json
import logging
import os
import pwd
import sys
import time
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path

LOG = logging.getLogger("sign-feed")

CONFIG = {
    "bind": "0.0.0.0",
    "port": 80,
    "account": "signfeed",
    "counts": "level_counts.json",
}


class CountStore:
    def __init__(self, path):
        self.path = Path(path)
        self._cache = {}
        self._mtime = 0.0

    def get(self):
        try:
            mtime = self.path.stat().st_mtime
            if mtime != self._mtime:
                self._cache = json.loads(self.path.read_text())
                self._mtime = mtime
        except (OSError, json.JSONDecodeError) as exc:
            LOG.warning("count file unavailable: %s", exc)
        return self._cache


def make_handler(store):
    class SignHandler(BaseHTTPRequestHandler):
        def do_GET(self):
            counts = store.get()
            if self.path.startswith("/level/"):
                level = self.path.rsplit("/", 1)[-1].upper()
                body = str(counts.get(level, "--")).encode()
                ctype = "text/plain"
            else:
                body = json.dumps({"levels": counts, "ts": int(time.time())}).encode()
                ctype = "application/json"
            self.send_response(200)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, fmt, *args):
            LOG.debug("%s " + fmt, self.client_address[0], *args)
    return SignHandler


def switch_account(name):
    entry = pwd.getpwnam(name)
    groups = [g.gr_gid for g in grp.getgrall() if name in g.gr_mem]
    steps = (
        (os.setgroups, groups),
        (os.setgid, entry.pw_gid),
        (os.setuid, entry.pw_uid),
    )
    for fn, arg in steps:
        fn(arg)
    os.environ["HOME"] = entry.pw_dir
    LOG.info("now running as %s (uid %d)", name, os.getuid())


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--bind", default=CONFIG["bind"])
    p.add_argument("--port", type=int, default=CONFIG["port"])
    p.add_argument("--account", default=CONFIG["account"])
    p.add_argument("--counts", default=CONFIG["counts"])
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    store = CountStore(os.path.abspath(args.counts))
    try:
        server = HTTPServer((args.bind, args.port), make_handler(store))
    except PermissionError:
        LOG.error("cannot bind port %d; start as root", args.port)
        return 1
    if os.geteuid() == 0:
        try:
            switch_account(args.account)
        except (KeyError, PermissionError) as exc:
            LOG.error("account switch failed: %s", exc)
            return 1
    LOG.info("serving sign feed on %s:%d", args.bind, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
