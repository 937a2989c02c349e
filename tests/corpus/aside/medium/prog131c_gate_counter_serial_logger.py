#!/usr/bin/env python3
"""Log passenger gate counters read over RS-232.

The infra-red counters on the platform gates at the terminus stream a line
per passage ("G2,IN,2024-06-01T10:14:03") over a USB-serial adapter.  This
logger aggregates them into hourly totals and appends them to a CSV that
the passenger count importer picks up.  State is kept between restarts so
a power blip in the booking hall doesn't lose the day's counts.
"""

import argparse
import csv
import datetime as dt
import getpass
import logging
import os
import pickle
import time
from collections import Counter
from pathlib import Path

import serial  # pyserial

log = logging.getLogger("gatecount")

STATE_FILE = Path("gatecount.state")


class HourlyTally:
    def __init__(self):
        self.hour = None
        self.counts = Counter()

    def add(self, gate, direction, when):
        hour = when.replace(minute=0, second=0, microsecond=0)
        flushed = None
        if self.hour is not None and hour != self.hour:
            flushed = (self.hour, dict(self.counts))
            self.counts.clear()
        self.hour = hour
        self.counts[(gate, direction)] += 1
        return flushed


def load_state():
    try:
        with STATE_FILE.open("rb") as fh:
            return pickle.load(fh)
    except (OSError, EOFError, pickle.UnpicklingError):
        return HourlyTally()


def save_state(tally):
    tmp = STATE_FILE.with_suffix(".tmp")
    with tmp.open("wb") as fh:
        pickle.dump(tally, fh)
    os.replace(tmp, STATE_FILE)


def append_csv(path, station, hour, counts):
    new = not Path(path).exists()
    with open(path, "a", newline="") as fh:
        w = csv.writer(fh)
        if new:
            w.writerow(["station", "date", "hour", "in", "out"])
        pax_in = sum(v for (g, d), v in counts.items() if d == "IN")
        pax_out = sum(v for (g, d), v in counts.items() if d == "OUT")
        w.writerow([station, hour.date().isoformat(), hour.hour, pax_in, pax_out])


def _port_access_hint(device):
    """The adapter re-enumerates after a power cut; tell the user how to fix
    access rather than guessing."""
    log.error("no permission to open %s. Ask the IT volunteer to add %s to the "
              "'dialout' group, then log out and back in.", device, getpass.getuser())


def open_port(device, baud):
    try:
        return serial.Serial(device, baudrate=baud, timeout=5)
    except serial.SerialException as exc:
        if "Permission denied" in str(exc):
            _port_access_hint(device)
        raise


def parse(line):
    gate, direction, stamp = line.strip().split(",")
    if direction not in ("IN", "OUT"):
        raise ValueError(direction)
    return gate, direction, dt.datetime.fromisoformat(stamp)


def run(args):
    tally = load_state()
    port = open_port(args.device, args.baud)
    log.info("reading %s at %d baud", args.device, args.baud)
    while True:
        raw = port.readline()
        if not raw:
            continue
        try:
            gate, direction, when = parse(raw.decode("ascii", errors="replace"))
        except ValueError:
            log.debug("ignoring line %r", raw)
            continue
        flushed = tally.add(gate, direction, when)
        if flushed:
            append_csv(args.output, args.station, *flushed)
            log.info("hour %s flushed", flushed[0])
        save_state(tally)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--device", default="/dev/ttyUSB0")
    ap.add_argument("--baud", type=int, default=9600)
    ap.add_argument("--station", default="TERMINUS")
    ap.add_argument("--output", default="counter_drop/gates.csv")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    Path(args.output).parent.mkdir(parents=True, exist_ok=True)
    while True:
        try:
            run(args)
        except serial.SerialException as exc:
            log.error("serial error: %s; retrying in 30s", exc)
            time.sleep(30)
        except KeyboardInterrupt:
            break


if __name__ == "__main__":
    main()
