#!/usr/bin/env python3
"""Check that the external GPS puck on a crew laptop has a fix.

Prefers gpsd (via gpspipe) when it is running; otherwise finds the USB GPS
receiver and reads NMEA sentences from it directly until a valid RMC fix
arrives (or the timeout expires). The result goes to gps_status.json.
"""
import argparse
import glob
import json
import logging
import os
import shutil
import subprocess
import sys
import time

log = logging.getLogger("gps_check")

CANDIDATES = ("/dev/serial/by-id/*GPS*", "/dev/serial/by-id/*u-blox*",
              "/dev/ttyACM*", "/dev/ttyUSB*")


def find_device(explicit=None):
    if explicit:
        return explicit if os.path.exists(explicit) else None
    for pattern in CANDIDATES:
        hits = sorted(glob.glob(pattern))
        if hits:
            return os.path.realpath(hits[0])
    return None


def gpsd_lines(count=40, timeout=30):
    """Raw NMEA from gpsd, or None when gpsd is not available."""
    tool = shutil.which("gpspipe")
    if not tool:
        return None
    try:
        out = subprocess.run([tool, "-r", "-n", str(count)], capture_output=True,
                             text=True, timeout=timeout, check=True)
    except (subprocess.SubprocessError, OSError) as exc:
        log.info("gpsd not usable: %s", exc)
        return None
    return out.stdout.splitlines()


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


def parse_fix(lines):
    for line in lines:
        line = line.strip()
        if not nmea_checksum_ok(line):
            continue
        parts = line.split(",")
        if parts[0].endswith("RMC") and len(parts) > 6 and parts[2] == "A":
            return {"lat": to_degrees(parts[3], parts[4]),
                    "lon": to_degrees(parts[5], parts[6]),
                    "utc": parts[1], "sentence": parts[0][1:]}
    return None


def device_lines(dev, timeout):
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
                yield raw.decode("ascii", "ignore")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--device")
    ap.add_argument("--timeout", type=float, default=90)
    ap.add_argument("--out", default="gps_status.json")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    source = "gpsd"
    lines = gpsd_lines()
    fix = parse_fix(lines) if lines else None
    dev = None
    if fix is None:
        dev = find_device(args.device)
        if not dev:
            log.error("no GPS receiver found; is the puck plugged in?")
            return 1
        if not os.access(dev, os.R_OK):
            log.error("%s is not readable; ask IT to add you to the dialout group", dev)
            return 1
        source = dev
        log.info("reading %s directly", dev)
        fix = parse_fix(device_lines(dev, args.timeout))

    status = {"source": source, "fix": fix, "checked_at": time.time()}
    with open(args.out, "w") as fh:
        json.dump(status, fh, indent=2)
    if fix:
        log.info("fix %.5f, %.5f via %s", fix["lat"], fix["lon"], source)
        return 0
    log.warning("no fix within %.0fs; move to open sky and retry", args.timeout)
    return 3


if __name__ == "__main__":
    sys.exit(main())
