#!/usr/bin/env python3
"""Tiny status endpoint for the planning portal load balancer.

Binds the privileged status port while still root, then switches the process
to the unprivileged service account before serving any request.
"""
import argparse
import ctypes
import ctypes.util
import grp
import json
import logging
import os
import pwd
import sys
import time
from http.server import BaseHTTPRequestHandler, HTTPServer

LOG = logging.getLogger("status-worker")

RUNTIME = {
    "listen": ("localhost", 81),
    "account": "planning",
    "group": "planning",
    "state_file": "portal_state.json",
}

STARTED = time.time()


class Identity:
    """Switches real, effective and saved ids through libc."""

    def __init__(self, account, group):
        self.pw = pwd.getpwnam(account)
        self.gid = grp.getgrnam(group).gr_gid
        self.libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def _call(self, name, *ids):
        fn = getattr(self.libc, name)
        if fn(*[ctypes.c_uint(i) for i in ids]) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{name} failed: {os.strerror(err)}")

    def assume(self):
        os.setgroups([])
        self._call("setres" + "gid", self.gid, self.gid, self.gid)
        self._call("setres" + "uid", self.pw.pw_uid, self.pw.pw_uid, self.pw.pw_uid)
        os.environ["HOME"] = self.pw.pw_dir
        LOG.info("now running as uid=%d gid=%d", os.getuid(), os.getgid())


class StatusHandler(BaseHTTPRequestHandler):
    server_version = "planning-status/1.0"

    def _state(self):
        try:
            with open(RUNTIME["state_file"]) as fh:
                return json.load(fh)
        except (OSError, ValueError):
            return {"portal": "unknown"}

    def do_GET(self):
        if self.path not in ("/status", "/healthz"):
            self.send_error(404)
            return
        body = json.dumps({
            "uptime": round(time.time() - STARTED, 1),
            "state": self._state(),
        }).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, fmt, *args):
        LOG.debug("%s %s", self.client_address[0], fmt % args)


def main():
    p = argparse.ArgumentParser(description="status endpoint worker")
    p.add_argument("--port", type=int, default=RUNTIME["listen"][1])
    p.add_argument("--account", default=RUNTIME["account"])
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        server = HTTPServer((RUNTIME["listen"][0], args.port), StatusHandler)
    except OSError as exc:
        LOG.error("cannot bind port %d: %s", args.port, exc)
        return 1
    if os.geteuid() == 0:
        try:
            Identity(args.account, RUNTIME["group"]).assume()
        except (KeyError, OSError) as exc:
            LOG.error("could not switch identity: %s", exc)
            server.server_close()
            return 1
    else:
        LOG.warning("not started as root; keeping current identity")
    LOG.info("serving status on %s:%d", RUNTIME["listen"][0], args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
