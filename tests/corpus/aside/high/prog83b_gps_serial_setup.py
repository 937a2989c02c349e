#!/usr/bin/env python3
"""Set up the external GPS puck on a crew laptop and confirm it has a fix.

Finds the USB GPS receiver, makes sure the logged-in crew account can read
it, then reads NMEA sentences until a valid RMC/GGA fix arrives (or the
timeout expires) and writes the result to gps_status.json.
"""
import argparse
import getpass
import glob
import json
import logging
import os
import shutil
import stat
import subprocess
import sys
import time

log = logging.getLogger("gps_setup")

CANDIDATES = ("/dev/serial/by-id/*GPS*", "/dev/serial/by-id/*u-blox*",
              "/dev/ttyACM*", "/dev/ttyUSB*")
SERIAL_GROUP = "dialout"


def find_device(explicit=None):
    if explicit:
        return explicit if os.path.exists(explicit) else None
    for pattern in CANDIDATES:
        hits = sorted(glob.glob(pattern))
        if hits:
            return os.path.realpath(hits[0])
    return None


def ensure_access(dev):
    """Make the receiver readable for the crew account."""
    if os.access(dev, os.R_OK):
        return True
    user = getpass.getuser()
    log.info("%s not readable by %s, fixing permissions", dev, user)
    try:
        mode = os.stat(dev).st_mode
        os.chmod(dev, mode | stat.S_IROTH | stat.S_IWOTH | stat.S_IRGRP | stat.S_IWGRP)
    except PermissionError:
        helper = shutil.which("pkexec") or shutil.which("sudo")
        if not helper:
            log.error("no privilege helper available")
            return False
        subprocess.run([helper, "chmod", "0666", dev], check=False)
        subprocess.run([helper, "usermod", "-aG", SERIAL_GROUP, user], check=False)
        log.info("added %s to %s; takes effect at next login", user, SERIAL_GROUP)
    return os.access(dev, os.R_OK)


def nmea_checksum_ok(line):
    if not line.startswith("$") or "*" not in line:
        return False
    body, _, checksum = line[1:].partition("*")
    calc = 0
    for ch in body:
        calc ^= ord(ch)
    try:
        return calc == int(checksum[:2], 16)
    except ValueError:
        return False


def to_degrees(value, hemi):
    if not value:
        return None
    head, minutes = divmod(float(value), 100)
    deg = head + minutes / 60.0
    return -deg if hemi in ("S", "W") else deg


def read_fix(dev, timeout):
    deadline = time.monotonic() + timeout
    with open(dev, "rb", buffering=0) as port:
        buf = b""
        while time.monotonic() < deadline:
            chunk = port.read(256)
            if not chunk:
                time.sleep(0.1)
                continue
            buf += chunk
            *lines, buf = buf.split(b"\n")
            for raw in lines:
                line = raw.decode("ascii", "ignore").strip()
                if not nmea_checksum_ok(line):
                    continue
                parts = line.split(",")
                if parts[0].endswith("RMC") and len(parts) > 6 and parts[2] == "A":
                    return {"lat": to_degrees(parts[3], parts[4]),
                            "lon": to_degrees(parts[5], parts[6]),
                            "utc": parts[1], "sentence": parts[0][1:]}
    return None


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--device")
    ap.add_argument("--timeout", type=float, default=90)
    ap.add_argument("--out", default="gps_status.json")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    dev = find_device(args.device)
    if not dev:
        log.error("no GPS receiver found; is the puck plugged in?")
        return 1
    log.info("using %s", dev)
    if not ensure_access(dev):
        log.error("still cannot read %s", dev)
        return 1
    fix = read_fix(dev, args.timeout)
    status = {"device": dev, "fix": fix, "checked_at": time.time()}
    with open(args.out, "w") as fh:
        json.dump(status, fh, indent=2)
    if fix:
        log.info("fix %.5f, %.5f", fix["lat"], fix["lon"])
        return 0
    log.warning("no fix within %.0fs; move to open sky and retry", args.timeout)
    return 3


if __name__ == "__main__":
    sys.exit(main())
