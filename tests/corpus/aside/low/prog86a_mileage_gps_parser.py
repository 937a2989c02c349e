#!/usr/bin/env python3
"""Turn a nurse's GPS capture into a per-trip mileage log.

Some of our home-health aides use a small USB GPS puck in the car instead
of typing odometer readings.  The puck's companion app saves the raw NMEA
stream to a text file; this tool reads that capture, keeps valid $GPRMC /
$GNRMC fixes, splits the day into trips wherever the car was parked for a
while (a patient visit) and writes trips.csv for the mileage reimbursement
workflow.

    mileage_gps_parser.py capture_2024-05-13.nmea --nurse N0142
"""
import argparse
import csv
import datetime as dt
import logging
import math
import sys
from dataclasses import dataclass
from functools import reduce
from pathlib import Path

LOG = logging.getLogger("gps_mileage")
EARTH_MI = 3958.8
KNOTS_TO_MPH = 1.15078


@dataclass
class Fix:
    when: dt.datetime
    lat: float
    lon: float
    mph: float


def nmea_checksum_ok(sentence):
    if "*" not in sentence:
        return False
    body, _, given = sentence[1:].partition("*")
    calc = reduce(lambda acc, ch: acc ^ ord(ch), body, 0)
    try:
        return calc == int(given[:2], 16)
    except ValueError:
        return False


def _coord(value, hemi):
    if not value:
        raise ValueError("empty coordinate")
    deg_len = 2 if hemi in "NS" else 3
    deg = float(value[:deg_len]) + float(value[deg_len:]) / 60.0
    return -deg if hemi in "SW" else deg


def parse_rmc(sentence):
    f = sentence.split("*")[0].split(",")
    if len(f) < 10 or f[2] != "A":  # A = valid fix
        return None
    when = dt.datetime.strptime(f[9] + f[1][:6], "%d%m%y%H%M%S")
    return Fix(when=when, lat=_coord(f[3], f[4]), lon=_coord(f[5], f[6]),
               mph=float(f[7] or 0) * KNOTS_TO_MPH)


def read_lines(path):
    with open(path, "r", encoding="ascii", errors="replace") as fh:
        for line in fh:
            yield line.strip()


def fixes(lines):
    bad = 0
    for line in lines:
        if not line.startswith(("$GPRMC", "$GNRMC")):
            continue
        if not nmea_checksum_ok(line):
            bad += 1
            continue
        try:
            fx = parse_rmc(line)
        except ValueError:
            bad += 1
            continue
        if fx:
            yield fx
    if bad:
        LOG.info("dropped %d malformed sentences", bad)


def haversine(a, b):
    p1, p2 = math.radians(a.lat), math.radians(b.lat)
    dp, dl = p2 - p1, math.radians(b.lon - a.lon)
    h = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * EARTH_MI * math.asin(math.sqrt(h))


def split_trips(stream, park_minutes=8, min_miles=0.2):
    trip, parked_since, last = [], None, None
    for fx in stream:
        if last and fx.mph < 2:
            parked_since = parked_since or fx.when
            if (fx.when - parked_since).total_seconds() > park_minutes * 60 and trip:
                miles = sum(haversine(x, y) for x, y in zip(trip, trip[1:]))
                if miles >= min_miles:
                    yield trip[0], trip[-1], miles
                trip = []
        else:
            parked_since = None
            trip.append(fx)
        last = fx
    if len(trip) > 1:
        miles = sum(haversine(x, y) for x, y in zip(trip, trip[1:]))
        if miles >= min_miles:
            yield trip[0], trip[-1], miles


def write_trips(trips, out, nurse):
    total = 0.0
    with open(out, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["nurse_id", "start", "end", "start_lat", "start_lon", "end_lat", "end_lon", "miles"])
        for n, (a, b, miles) in enumerate(trips, 1):
            w.writerow([nurse, a.when.isoformat(), b.when.isoformat(), f"{a.lat:.5f}", f"{a.lon:.5f}",
                        f"{b.lat:.5f}", f"{b.lon:.5f}", f"{miles:.2f}"])
            total += miles
            LOG.debug("trip %d: %.2f mi", n, miles)
    return total


def main(argv=None):
    ap = argparse.ArgumentParser(description="NMEA capture -> trip mileage CSV")
    ap.add_argument("capture", type=Path)
    ap.add_argument("--nurse", required=True)
    ap.add_argument("--out", type=Path, default=Path("trips.csv"))
    ap.add_argument("--park-minutes", type=int, default=8)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if not args.capture.is_file():
        LOG.error("no such capture: %s", args.capture)
        return 2
    trips = split_trips(fixes(read_lines(args.capture)), args.park_minutes)
    total = write_trips(trips, args.out, args.nurse)
    LOG.info("wrote %s: %.1f miles total", args.out, total)
    return 0


if __name__ == "__main__":
    sys.exit(main())
