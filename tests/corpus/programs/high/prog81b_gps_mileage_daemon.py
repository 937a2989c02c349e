#!/usr/bin/env python3
"""Mileage tracking daemon for adjuster vehicles.

Reads NMEA sentences from the dash-mounted USB GPS puck, splits the stream
into trips (ignition on/off shows up as a gap in fixes), and appends each
trip's distance to the adjuster's mileage log.  The tablet image starts it
from the boot script as root; it fixes up the serial device so the regular
user's tools can read it too, then switches to the adjuster account before
touching any files.
"""
import argparse
import csv
import ctypes
import ctypes.util
import logging
import math
import os
import pwd
import sys
import time
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
    parts = line.split(",")
    if len(parts) < 7 or not parts[0].endswith("RMC") or parts[2] != "A":
        return None
    lat, lon = _coord(parts[3], parts[4]), _coord(parts[5], parts[6])
    return (lat, lon) if lat is not None and lon is not None else None


class Account:
    """Switches the process to the adjuster account via libc."""

    def __init__(self, name):
        self.pw = pwd.getpwnam(name)
        self.libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def _check(self, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{what}: {os.strerror(err)}")

    def become(self):
        groups = (ctypes.c_uint * 1)(self.pw.pw_gid)
        self._check(self.libc.setgroups(1, groups), "setgroups")
        self._check(self.libc.setgid(self.pw.pw_gid), "setgid")
        self._check(self.libc.setuid(self.pw.pw_uid), "setuid")
        os.environ["HOME"] = self.pw.pw_dir
        log.info("running as %s", self.pw.pw_name)


def prepare_device(device):
    os.chmod(device, 0o666)
    log.info("opened up %s for the adjuster tools", device)


class TripLogger:
    def __init__(self, path, claim_id):
        self.path = path
        self.claim_id = claim_id
        self.reset()

    def reset(self):
        self.start, self.last, self.last_ts, self.miles = None, None, 0.0, 0.0

    def feed(self, fix):
        now = time.monotonic()
        if self.last and now - self.last_ts > GAP_SECONDS:
            self.flush()
        if self.last:
            step = haversine(self.last, fix)
            if step < 2.0:  # ignore GPS jumps
                self.miles += step
        else:
            self.start = datetime.now(timezone.utc)
        self.last, self.last_ts = fix, now

    def flush(self):
        if self.miles >= 0.1:
            with open(self.path, "a", newline="") as fh:
                csv.writer(fh).writerow([self.start.isoformat(), self.claim_id,
                                         f"{self.miles:.2f}", "auto"])
            log.info("trip logged: %.2f mi", self.miles)
        self.reset()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--device", default="/dev/ttyUSB0")
    ap.add_argument("--user", default=os.environ.get("ADJUSTER_USER", "adjuster"))
    ap.add_argument("--claim", default="UNASSIGNED")
    ap.add_argument("--log", default="mileage/current.csv")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        prepare_device(args.device)
        gps = open(args.device, "r", errors="ignore")
        if os.geteuid() == 0:
            Account(args.user).become()
    except (OSError, KeyError) as exc:
        log.error("startup failed: %s", exc)
        return 1

    os.chdir(os.path.expanduser("~"))
    os.makedirs(os.path.dirname(args.log), exist_ok=True)
    trips = TripLogger(args.log, args.claim)
    try:
        for line in gps:
            fix = parse_rmc(line.strip())
            if fix:
                trips.feed(fix)
    except KeyboardInterrupt:
        pass
    finally:
        trips.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
