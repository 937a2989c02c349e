#!/usr/bin/env python3
"""Launcher for the waiver kiosk status service.

Started by the kiosk's boot script as root so it can read the hardware
serial number, then switches to the unprivileged kiosk account before it
starts serving the small status page on localhost.
"""
import argparse
import ctypes
import ctypes.util
import grp
import json
import logging
import os
import pwd
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path

log = logging.getLogger("kioskstatus")

SERIAL_PATH = Path("/sys/class/dmi/id/product_serial")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what} failed: {os.strerror(err)}")


def switch_identity(username):
    """Take on the kiosk account's uid/gid via libc."""
    entry = pwd.getpwnam(username)
    groups = [g.gr_gid for g in grp.getgrall() if username in g.gr_mem]
    groups.append(entry.pw_gid)
    arr = (ctypes.c_uint * len(groups))(*groups)
    _check(_libc.setgroups(len(groups), arr), "setgroups")
    _check(_libc.setresgid(entry.pw_gid, entry.pw_gid, entry.pw_gid), "setresgid")
    _check(_libc.setresuid(entry.pw_uid, entry.pw_uid, entry.pw_uid), "setresuid")
    os.environ["HOME"] = entry.pw_dir
    os.environ["USER"] = username
    log.info("now running as %s (%d)", username, os.getuid())


def read_serial():
    try:
        return SERIAL_PATH.read_text().strip()
    except OSError:
        return "unknown"


class StatusHandler(BaseHTTPRequestHandler):
    status = {}

    def do_GET(self):
        if self.path not in ("/", "/status"):
            self.send_error(404)
            return
        body = json.dumps(self.status).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, fmt, *args):
        log.debug(fmt, *args)


def pending_waivers(queue_dir):
    q = Path(queue_dir)
    return len(list(q.glob("*.json"))) if q.is_dir() else 0


def main():
    ap = argparse.ArgumentParser(description="Waiver kiosk status service")
    ap.add_argument("--user", default="kiosk")
    ap.add_argument("--port", type=int, default=8377)
    ap.add_argument("--queue", default="waiver_queue")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    serial = read_serial()  # needs root on most kiosk images
    if os.getuid() == 0:
        switch_identity(args.user)
    else:
        log.warning("not started as root, serial may be unavailable")

    StatusHandler.status = {
        "serial": serial,
        "pending_waivers": pending_waivers(args.queue),
        "user": os.environ.get("USER"),
    }
    server = HTTPServer(("127.0.0.1", args.port), StatusHandler)
    log.info("status page on http://127.0.0.1:%d/status", args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        server.server_close()


if __name__ == "__main__":
    main()
