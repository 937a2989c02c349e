#!/usr/bin/env python3
"""Configure gpsd for the USB GPS puck used by the visit route planner.

The route planner reads positions from gpsd on localhost:2947.  Trucks get
different pucks (u-blox on ttyACM0, older SiRF on ttyUSB0), so this helper
detects the puck, writes the gpsd defaults and restarts the socket unit.
Run it once per laptop after plugging the puck in.
"""

import argparse
import glob
import logging
import os
import shlex
import subprocess
import sys
import time

LOG = logging.getLogger("gps-setup")

GPSD_DEFAULTS = "/etc/default/gpsd"
KNOWN_VENDORS = {"1546": "u-blox", "067b": "Prolific/SiRF", "10c4": "CP210x"}


def detect_devices():
    found = []
    for dev in sorted(glob.glob("/dev/ttyACM*") + glob.glob("/dev/ttyUSB*")):
        name = os.path.basename(dev)
        vendor_file = f"/sys/class/tty/{name}/device/../idVendor"
        try:
            with open(vendor_file) as fh:
                vid = fh.read().strip()
        except OSError:
            vid = ""
        found.append((dev, KNOWN_VENDORS.get(vid, "unknown")))
    return found


def render_defaults(device, baud):
    opts = "-n" if baud is None else f"-n -s {baud}"
    return (
        "# written by gps_puck_setup for the route planner\n"
        'START_DAEMON="true"\n'
        'USBAUTO="true"\n'
        f'DEVICES="{device}"\n'
        f'GPSD_OPTIONS="{opts}"\n'
    )


class Elevated:
    """Run a handful of steps through polkit so the vet gets one GUI prompt each."""

    launcher = ["pkexec"]

    def write_file(self, path, text):
        LOG.info("writing %s", path)
        subprocess.run(self.launcher + ["tee", path], input=text, text=True,
                       stdout=subprocess.DEVNULL, check=True)

    def run(self, *argv):
        LOG.info("running %s", shlex.join(argv))
        subprocess.run(self.launcher + list(argv), check=True)


def wait_for_fix(timeout):
    try:
        import gps  # python3-gps
    except ImportError:
        LOG.info("python3-gps not installed, skipping fix check")
        return None
    session = gps.gps(mode=gps.WATCH_ENABLE)
    deadline = time.time() + timeout
    while time.time() < deadline:
        report = session.next()
        if report.get("class") == "TPV" and report.get("mode", 0) >= 2:
            return report.get("lat"), report.get("lon")
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--device", help="serial device (default: autodetect)")
    ap.add_argument("--baud", type=int, help="force baud rate")
    ap.add_argument("--fix-timeout", type=int, default=60)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    device = args.device
    if not device:
        devices = detect_devices()
        if not devices:
            LOG.error("no GPS puck found; is it plugged in?")
            return 1
        device, vendor = devices[0]
        LOG.info("using %s (%s)", device, vendor)

    elevated = Elevated()
    try:
        elevated.write_file(GPSD_DEFAULTS, render_defaults(device, args.baud))
        elevated.run("systemctl", "enable", "gpsd.socket")
        elevated.run("systemctl", "restart", "gpsd.socket", "gpsd.service")
    except subprocess.CalledProcessError as exc:
        LOG.error("setup step failed (%s); was the password prompt cancelled?", exc)
        return 1

    fix = wait_for_fix(args.fix_timeout)
    if fix:
        LOG.info("gpsd has a fix at %.5f, %.5f", *fix)
    else:
        LOG.warning("no fix yet; take the truck outside and rerun the planner")
    return 0


if __name__ == "__main__":
    sys.exit(main())
