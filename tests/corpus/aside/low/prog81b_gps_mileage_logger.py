#!/usr/bin/env python3
"""Mileage logger for adjuster vehicles.

Reads NMEA sentences recorded by the dash-mounted GPS puck (the puck writes
a .nmea file per day to its SD card, or pipe one in on stdin), splits the
stream into trips (ignition on/off shows up as a gap in fixes), and appends
each trip's distance to the adjuster's mileage log.
"""
import argparse
import csv
import logging
import math
import os
import sys
from datetime import datetime, timezone

log = logging.getLogger("gps_mileage")

GAP_SECONDS = 300
EARTH_MILES = 3958.8


def haversine(a, b):
    lat1, lon1, lat2, lon2 = map(math.radians, (*a, *b))
    h = math.sin((lat2 - lat1) / 2) ** 2 + \
        math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    return 2 * EARTH_MILES * math.asin(math.sqrt(h))


def _coord(value, hemi):
    if not value:
        return None
    deg_len = 2 if hemi in "NS" else 3
    deg = float(value[:deg_len]) + float(value[deg_len:]) / 60.0
    return -deg if hemi in "SW" else deg


def parse_rmc(line):
    """Return (timestamp, (lat, lon)) for a valid RMC sentence, else None."""
    parts = line.split(",")
    if len(parts) < 10 or not parts[0].endswith("RMC") or parts[2] != "A":
        return None
    lat, lon = _coord(parts[3], parts[4]), _coord(parts[5], parts[6])
    if lat is None or lon is None:
        return None
    try:
        ts = datetime.strptime(parts[9] + parts[1][:6], "%d%m%y%H%M%S").replace(tzinfo=timezone.utc)
    except ValueError:
        return None
    return ts, (lat, lon)


class TripLogger:
    def __init__(self, path, claim_id):
        self.path = path
        self.claim_id = claim_id
        self.trips = 0
        self.reset()

    def reset(self):
        self.start, self.last, self.last_ts, self.miles = None, None, None, 0.0

    def feed(self, ts, fix):
        if self.last_ts and (ts - self.last_ts).total_seconds() > GAP_SECONDS:
            self.flush()
        if self.last:
            step = haversine(self.last, fix)
            if step < 2.0:  # ignore GPS jumps
                self.miles += step
        else:
            self.start = ts
        self.last, self.last_ts = fix, ts

    def flush(self):
        if self.miles >= 0.1:
            with open(self.path, "a", newline="") as fh:
                csv.writer(fh).writerow([self.start.isoformat(), self.claim_id,
                                         f"{self.miles:.2f}", "gps"])
            self.trips += 1
            log.info("trip logged: %s %.2f mi", self.start.strftime("%H:%M"), self.miles)
        self.reset()


def open_source(path):
    if path == "-":
        return sys.stdin
    return open(path, "r", errors="ignore")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("nmea", nargs="+", help="recorded .nmea files, or - for stdin")
    ap.add_argument("--claim", default="UNASSIGNED")
    ap.add_argument("--log", default="mileage/current.csv")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    log_dir = os.path.dirname(args.log)
    if log_dir:
        os.makedirs(log_dir, exist_ok=True)
    trips = TripLogger(args.log, args.claim)
    for name in args.nmea:
        try:
            src = open_source(name)
        except OSError as exc:
            log.error("cannot read %s: %s", name, exc)
            continue
        with src:
            for line in src:
                parsed = parse_rmc(line.strip())
                if parsed:
                    trips.feed(*parsed)
        trips.flush()
    log.info("%d trip(s) written to %s", trips.trips, args.log)
    return 0


if __name__ == "__main__":
    sys.exit(main())
