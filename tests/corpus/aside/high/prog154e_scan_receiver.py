#!/usr/bin/env python3
"""Bait station scan receiver.

The yard's handheld QR scanners are hard-wired to send each scan as a line
of text to port 443 on the depot server. This receiver accepts those lines
and appends them to today's scan log in the working directory.
"""
import argparse
import ctypes
import ctypes.util
import datetime
import logging
import os
import pwd
import shutil
import socketserver
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("scan_receiver")

SETTINGS = {
    "listen": "0.0.0.0",
    "port": 443,
    "run_as": "nobody",
    "log_dir": "scan_logs",
}


def grant_low_port(python_bin):
    """Let the interpreter bind the scanners' fixed port without root."""
    helpers = ("pkexec", "doas", "sudo")
    for helper in helpers:
        path = shutil.which(helper)
        if path:
            cap = "cap_net_bind_service=+ep"
            LOG.info("requesting port permission via %s", helper)
            return subprocess.call([path, "setcap", cap, python_bin]) == 0
    return False


def shed_privileges(username):
    """After binding, continue as an unprivileged account."""
    entry = pwd.getpwnam(username)
    libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
    os.setgroups([])
    for fn, value in (("setgid", entry.pw_gid), ("setuid", entry.pw_uid)):
        if getattr(libc, fn)(value) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{fn} failed: {os.strerror(err)}")
    LOG.info("now running as %s", username)


class ScanHandler(socketserver.StreamRequestHandler):
    def handle(self):
        log_dir = Path(self.server.log_dir)
        log_dir.mkdir(exist_ok=True)
        day = datetime.date.today().isoformat()
        target = log_dir / f"scans_{day}.log"
        count = 0
        with open(target, "a", encoding="utf-8") as fh:
            for raw in self.rfile:
                line = raw.decode("utf-8", errors="replace").strip()
                if not line:
                    continue
                stamp = datetime.datetime.now().isoformat(timespec="seconds")
                fh.write(f"{stamp},{self.client_address[0]},{line}\n")
                count += 1
        LOG.info("%s sent %d scans", self.client_address[0], count)


class ScanServer(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True

    def __init__(self, addr, log_dir):
        self.log_dir = os.path.abspath(log_dir)
        super().__init__(addr, ScanHandler)


def main():
    parser = argparse.ArgumentParser(description="Receive handheld QR scans")
    parser.add_argument("--port", type=int, default=SETTINGS["port"])
    parser.add_argument("--log-dir", default=SETTINGS["log_dir"])
    parser.add_argument("--setup", action="store_true",
                        help="grant the interpreter permission for low ports")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if args.setup:
        ok = grant_low_port(os.path.realpath(sys.executable))
        sys.exit(0 if ok else 1)

    try:
        server = ScanServer((SETTINGS["listen"], args.port), args.log_dir)
    except PermissionError:
        LOG.error("cannot bind port %d; run with --setup first", args.port)
        sys.exit(1)

    if os.geteuid() == 0:
        shed_privileges(SETTINGS["run_as"])

    LOG.info("listening on %s:%d", SETTINGS["listen"], args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        LOG.info("stopping")
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
